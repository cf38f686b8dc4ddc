import { sql } from "drizzle-orm";
// The package is ESM-only with real named exports ("type": "module", exports.import), so Node
// ESM (the built server) and vite-node (tests) both resolve these without bundling.
import {
  getDistricts,
  getProvinces,
  getSubDistricts,
  type AddressEntry,
} from "thai-address-universal";
import { amphurs, districts, provinces } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { ZIPCODE } from "./address.server";


export type SourceSubDistrict = { code: string; nameTh: string; nameEn: string; zipcode: string };
export type SourceAmphur = {
  code: string;
  nameTh: string;
  nameEn: string;
  districts: SourceSubDistrict[];
};
export type SourceProvince = { code: string; nameTh: string; nameEn: string; amphurs: SourceAmphur[] };

export type AddressSourceApi = {
  getProvinces: () => Promise<AddressEntry[]>;
  getDistricts: (province: string) => Promise<AddressEntry[]>;
  getSubDistricts: (district: string) => Promise<AddressEntry[]>;
};

const packageApi: AddressSourceApi = { getProvinces, getDistricts, getSubDistricts };


/** Plain code-unit order: stable across ICU versions, so ids never depend on the runtime. */
const byCodeThenName = (a: { code: string; nameTh: string; nameEn: string }, b: typeof a) => {
  // Entries without a code (the source has some, e.g. all of Bueng Kan's) go after coded ones.
  const ca = a.code === "" ? "\uffff" : a.code;
  const cb = b.code === "" ? "\uffff" : b.code;
  if (ca !== cb) return ca < cb ? -1 : 1;
  if (a.nameTh !== b.nameTh) return a.nameTh < b.nameTh ? -1 : 1;
  if (a.nameEn !== b.nameEn) return a.nameEn < b.nameEn ? -1 : 1;
  return 0;
};

/**
 * The source's lookup `getSubDistricts(x)` matches x against the district's Thai name, English
 * name or code, across the whole country. Its codes are unreliable (Bueng Kan's districts have
 * none; two pairs of districts share a code) and a few Thai names exist in several provinces, so
 * each district is asked for by a key that names it alone: its Thai name when no other district
 * in the country has it, else its code when no other district has that.
 */
function lookupKeys(all: { province: AddressEntry; amphur: AddressEntry }[]) {
  const tally = (key: (e: AddressEntry) => string) => {
    const counts = new Map<string, number>();
    for (const { amphur } of all) counts.set(key(amphur), (counts.get(key(amphur)) ?? 0) + 1);
    return counts;
  };
  const thNames = tally((e) => e.nameTh.trim().toLowerCase());
  const enNames = tally((e) => e.nameEn.trim().toLowerCase());
  const codes = tally((e) => e.code);
  return (amphur: AddressEntry, province: AddressEntry) => {
    const th = amphur.nameTh.trim().toLowerCase();
    if (thNames.get(th) === 1) return { key: amphur.nameTh, byName: true };
    if (amphur.code !== "" && codes.get(amphur.code) === 1) return { key: amphur.code, byName: false };
    const en = amphur.nameEn.trim().toLowerCase();
    if (en !== "" && enNames.get(en) === 1 && !thNames.has(en)) return { key: amphur.nameEn, byName: true };
    throw new Error(
      `thai-address-universal: cannot single out district ${amphur.nameTh} (${amphur.code}) of ${province.nameTh}`,
    );
  };
}

/**
 * Reads the whole hierarchy from the package. Within one district a sub-district listed twice
 * (same Thai name, several postal codes) is kept once, with its first postal code; entries
 * without a 5-digit postal code (uninhabited islands the source lists as sub-districts) are left
 * out, since `districts.zipcode` is required.
 */
export async function readAddressSource(api: AddressSourceApi = packageApi): Promise<SourceProvince[]> {
  const sourceProvinces = await api.getProvinces();
  const pairs: { province: AddressEntry; amphur: AddressEntry }[] = [];
  const amphursOf = new Map<AddressEntry, AddressEntry[]>();
  for (const province of sourceProvinces) {
    // Province codes are unique two-digit strings (Bueng Kan is 97), so the code is an exact key.
    const list = await api.getDistricts(province.code);
    amphursOf.set(province, list);
    for (const amphur of list) pairs.push({ province, amphur });
  }
  const keyFor = lookupKeys(pairs);

  const result: SourceProvince[] = [];
  for (const province of sourceProvinces) {
    const outAmphurs: SourceAmphur[] = [];
    for (const amphur of amphursOf.get(province) ?? []) {
      const { key, byName } = keyFor(amphur, province);
      let subs = await api.getSubDistricts(key);
      if (!byName) {
        // A code lookup must agree with the name lookup it narrows down.
        const named = new Set((await api.getSubDistricts(amphur.nameTh)).map((s) => s.nameTh));
        if (subs.some((s) => !named.has(s.nameTh))) {
          throw new Error(`thai-address-universal: code ${key} does not match district ${amphur.nameTh}`);
        }
      }
      const seen = new Set<string>();
      const kept: SourceSubDistrict[] = [];
      subs = subs.filter((s) => ZIPCODE.test(s.postalCode ?? ""));
      for (const s of subs) {
        const nameTh = s.nameTh.trim();
        if (nameTh === "" || seen.has(nameTh)) continue;
        seen.add(nameTh);
        kept.push({ code: s.code, nameTh, nameEn: s.nameEn.trim(), zipcode: s.postalCode! });
      }
      outAmphurs.push({
        code: amphur.code,
        nameTh: amphur.nameTh.trim(),
        nameEn: amphur.nameEn.trim(),
        districts: kept.sort(byCodeThenName),
      });
    }
    result.push({
      code: province.code,
      nameTh: province.nameTh.trim(),
      nameEn: province.nameEn.trim(),
      amphurs: outAmphurs.sort(byCodeThenName),
    });
  }
  return result.sort(byCodeThenName);
}

export type SeedResult = { seeded: boolean; provinces: number; amphurs: number; districts: number };

function counts() {
  const count = (table: typeof provinces | typeof amphurs | typeof districts) =>
    db().select({ n: sql<number>`count(*)` }).from(table).get()?.n ?? 0;
  return { provinces: count(provinces), amphurs: count(amphurs), districts: count(districts) };
}

function provincesEmpty() {
  return db().select({ id: provinces.id }).from(provinces).limit(1).get() === undefined;
}

/** Multi-row inserts of 500 rows stay far below SQLite's bound-parameter limit. */
function* chunks<T>(rows: T[], size = 500) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Fills provinces / amphurs / districts from the package, in one transaction, only when the
 * provinces table is empty; later starts cost one indexed read. Ids are 1..n in the order of
 * readAddressSource (province code, then the parent's order, then code and name).
 */
export async function seedAddressData(api: AddressSourceApi = packageApi): Promise<SeedResult> {
  if (!provincesEmpty()) return { seeded: false, ...counts() };
  const source = await readAddressSource(api);

  const provinceRows: (typeof provinces.$inferInsert)[] = [];
  const amphurRows: (typeof amphurs.$inferInsert)[] = [];
  const districtRows: (typeof districts.$inferInsert)[] = [];
  for (const p of source) {
    const provinceId = provinceRows.length + 1;
    provinceRows.push({ id: provinceId, code: p.code, nameTh: p.nameTh, nameEn: p.nameEn });
    for (const a of p.amphurs) {
      const amphurId = amphurRows.length + 1;
      amphurRows.push({ id: amphurId, provinceId, code: a.code, nameTh: a.nameTh, nameEn: a.nameEn });
      for (const d of a.districts) {
        districtRows.push({
          id: districtRows.length + 1,
          amphurId,
          code: d.code,
          nameTh: d.nameTh,
          nameEn: d.nameEn,
          zipcode: d.zipcode,
        });
      }
    }
  }

  const seeded = immediate((d) => {
    // Re-checked under the write lock: another process may have seeded meanwhile.
    if (!provincesEmpty()) return false;
    for (const rows of chunks(provinceRows)) d.insert(provinces).values(rows).run();
    for (const rows of chunks(amphurRows)) d.insert(amphurs).values(rows).run();
    for (const rows of chunks(districtRows)) d.insert(districts).values(rows).run();
    return true;
  });
  return { seeded, ...counts() };
}

