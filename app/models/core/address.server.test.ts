import { and, eq } from "drizzle-orm";
import { getDatabase, getProvinceAll } from "thai-address-universal";
import { amphurs, districts, provinces } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { readAddressSource, seedAddressData, type AddressSourceApi } from "./address-seed.server";
import { ADDRESS_MESSAGES, listAmphurs, listDistricts, listProvinces, validateAddressSelection } from "./address.server";

// Observed from thai-address-universal 2.2.0 (the package's flat table has 7,498 rows: 43 islands
// without a postal code and 23 repeats of a sub-district under another postal code).
const EXPECTED = { provinces: 77, amphurs: 928, districts: 7432 };

type FakeRow = {
  province: [th: string, en: string, code: string];
  district: [th: string, en: string, code: string];
  sub: [th: string, en: string, code: string, postal: string];
};

/** Answers like the package does: names or codes, matched across the whole country. */
function fakeApi(rows: FakeRow[]): AddressSourceApi {
  const matches = (x: string, [th, en, code]: string[]) => {
    const t = x.trim().toLowerCase();
    return th.toLowerCase() === t || en.toLowerCase() === t || code === t;
  };
  const distinct = <T extends { nameTh: string }>(list: T[]) =>
    list.filter((e, i) => list.findIndex((o) => o.nameTh === e.nameTh) === i);
  return {
    getProvinces: async () =>
      distinct(rows.map((r) => ({ nameTh: r.province[0], nameEn: r.province[1], code: r.province[2] }))),
    getDistricts: async (p) =>
      distinct(
        rows
          .filter((r) => matches(p, r.province))
          .map((r) => ({ nameTh: r.district[0], nameEn: r.district[1], code: r.district[2] })),
      ),
    getSubDistricts: async (d) =>
      rows
        .filter((r) => matches(d, r.district))
        .map((r) => ({ nameTh: r.sub[0], nameEn: r.sub[1], code: r.sub[2], postalCode: r.sub[3] })),
  };
}

const NOT_THE_PACKAGE: AddressSourceApi = {
  getProvinces: () => Promise.reject(new Error("the source must not be read again")),
  getDistricts: () => Promise.reject(new Error("the source must not be read again")),
  getSubDistricts: () => Promise.reject(new Error("the source must not be read again")),
};

function provinceByName(nameTh: string) {
  return db().select().from(provinces).where(eq(provinces.nameTh, nameTh)).get()!;
}
function amphurByName(provinceId: number, nameTh: string) {
  return db()
    .select()
    .from(amphurs)
    .where(and(eq(amphurs.provinceId, provinceId), eq(amphurs.nameTh, nameTh)))
    .get()!;
}
function districtsByName(amphurId: number, nameTh: string) {
  return db()
    .select()
    .from(districts)
    .where(and(eq(districts.amphurId, amphurId), eq(districts.nameTh, nameTh)))
    .all();
}

describe("readAddressSource (the hierarchy walk)", () => {
  const bk: FakeRow["province"] = ["บึงกาฬ", "Bueng Kan", "97"];
  const nk: FakeRow["province"] = ["หนองคาย", "Nong Khai", "43"];
  const cm: FakeRow["province"] = ["เชียงใหม่", "Chiang Mai", "50"];
  const kpp: FakeRow["province"] = ["กำแพงเพชร", "Kamphaeng Phet", "62"];

  test("districts without a code are asked for by name, not by the empty code", async () => {
    const source = await readAddressSource(
      fakeApi([
        { province: bk, district: ["เซกา", "Seka", ""], sub: ["ซาง", "Sang", "", "38150"] },
        { province: bk, district: ["เซกา", "Seka", ""], sub: ["เซกา", "Seka", "", "38150"] },
        { province: bk, district: ["โซ่พิสัย", "So Phisai", ""], sub: ["โซ่", "So", "", "38170"] },
      ]),
    );
    const [province] = source;
    expect(province.code).toBe("97");
    const seka = province.amphurs.find((a) => a.nameTh === "เซกา")!;
    expect(seka.districts.map((d) => d.nameTh).sort()).toEqual(["ซาง", "เซกา"]);
    const so = province.amphurs.find((a) => a.nameTh === "โซ่พิสัย")!;
    expect(so.districts.map((d) => d.nameTh)).toEqual(["โซ่"]);
  });

  test("a Thai name used in two provinces is looked up by its code; parents never come from code prefixes", async () => {
    const source = await readAddressSource(
      fakeApi([
        // the sub-district code deliberately carries another district's prefix
        { province: kpp, district: ["เมืองกำแพงเพชร", "Mueang", "6201"], sub: ["ในเมือง", "Nai Mueang", "620101", "62000"] },
        { province: kpp, district: ["พรานกระต่าย", "Phran Kratai", "6206"], sub: ["หนองหัววัว", "Nong Hua Wua", "620112", "62110"] },
        { province: cm, district: ["เฉลิมพระเกียรติ", "Chaloem A", "5025"], sub: ["ก", "A", "502501", "50000"] },
        { province: nk, district: ["เฉลิมพระเกียรติ", "Chaloem B", "4317"], sub: ["ข", "B", "431701", "43000"] },
      ]),
    );
    const byProvince = Object.fromEntries(source.map((p) => [p.code, p]));
    expect(byProvince["50"].amphurs[0].districts.map((d) => d.nameTh)).toEqual(["ก"]);
    expect(byProvince["43"].amphurs[0].districts.map((d) => d.nameTh)).toEqual(["ข"]);
    const phran = byProvince["62"].amphurs.find((a) => a.code === "6206")!;
    expect(phran.districts.map((d) => d.code)).toEqual(["620112"]);
  });

  test("a district that neither its name nor its code singles out stops the seed", async () => {
    await expect(
      readAddressSource(
        fakeApi([
          { province: cm, district: ["ซ้ำ", "Same", "5003"], sub: ["ก", "A", "500301", "50000"] },
          { province: nk, district: ["ซ้ำ", "Same", "5003"], sub: ["ข", "B", "431701", "43000"] },
        ]),
      ),
    ).rejects.toThrow(/cannot single out/);
  });

  test("a sub-district listed twice keeps its first postal code; no-postcode islands are left out", async () => {
    const source = await readAddressSource(
      fakeApi([
        { province: cm, district: ["เมืองเชียงใหม่", "Mueang", "5001"], sub: ["ศรีภูมิ", "Si Phum", "500101", "50200"] },
        { province: cm, district: ["เมืองเชียงใหม่", "Mueang", "5001"], sub: ["ศรีภูมิ", "Si Phum", "500101", "50300"] },
        { province: cm, district: ["เมืองเชียงใหม่", "Mueang", "5001"], sub: ["เกาะร้าง", "Ko Rang", "", ""] },
      ]),
    );
    expect(source[0].amphurs[0].districts).toEqual([
      { code: "500101", nameTh: "ศรีภูมิ", nameEn: "Si Phum", zipcode: "50200" },
    ]);
  });

  test("order is by code, code-less entries last, then Thai name", async () => {
    const source = await readAddressSource(
      fakeApi([
        { province: nk, district: ["ข", "B", "4302"], sub: ["z", "z", "430201", "43000"] },
        { province: cm, district: ["ค", "C", ""], sub: ["ง", "D", "", "50000"] },
        { province: cm, district: ["ค", "C", ""], sub: ["จ", "E", "500002", "50000"] },
        { province: cm, district: ["ก", "A", "5001"], sub: ["y", "y", "500101", "50000"] },
      ]),
    );
    expect(source.map((p) => p.code)).toEqual(["43", "50"]);
    expect(source[1].amphurs.map((a) => a.nameTh)).toEqual(["ก", "ค"]);
    expect(source[1].amphurs[1].districts.map((d) => d.nameTh)).toEqual(["จ", "ง"]);
  });
});

describe("seedAddressData", () => {
  test("a failure while inserting leaves the tables empty (one transaction)", async () => {
    const d = db();
    const original = d.insert.bind(d);
    const spy = vi.spyOn(d, "insert").mockImplementation(((table: unknown) => {
      if (table === districts) throw new Error("disk full");
      return original(table as typeof provinces);
    }) as typeof d.insert);
    try {
      await expect(
        seedAddressData(
          fakeApi([
            {
              province: ["เชียงใหม่", "Chiang Mai", "50"],
              district: ["เมืองเชียงใหม่", "Mueang", "5001"],
              sub: ["ศรีภูมิ", "Si Phum", "500101", "50200"],
            },
          ]),
        ),
      ).rejects.toThrow("disk full");
    } finally {
      spy.mockRestore();
    }
    expect(db().select().from(provinces).all()).toEqual([]);
    expect(db().select().from(amphurs).all()).toEqual([]);
  });

  test("fills the tables once from the package, even when two starts race", { timeout: 60_000 }, async () => {
    const results = await Promise.all([seedAddressData(), seedAddressData()]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    for (const r of results) expect(r).toMatchObject(EXPECTED);
    expect(listAmphurs(provinceByName("กรุงเทพมหานคร").id)).toHaveLength(50);
  });

  test("later starts read nothing from the package and change nothing", async () => {
    const before = db().select().from(districts).all();
    const again = await seedAddressData(NOT_THE_PACKAGE);
    expect(again).toEqual({ seeded: false, ...EXPECTED });
    expect(db().select().from(districts).all()).toEqual(before);
  });

  test("ids are 1..n and every district has a 5-digit zipcode", () => {
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(ids(db().select({ id: provinces.id }).from(provinces).all())).toEqual(range(EXPECTED.provinces));
    expect(ids(db().select({ id: amphurs.id }).from(amphurs).all())).toEqual(range(EXPECTED.amphurs));
    const all = db().select().from(districts).all();
    expect(ids(all)).toEqual(range(EXPECTED.districts));
    expect(all.filter((d) => !/^\d{5}$/.test(d.zipcode))).toEqual([]);
    expect(all.filter((d) => d.nameTh === "" || d.nameEn === "")).toEqual([]);
  });

  test("the seeded hierarchy is exactly the package's (province, district, sub-district) table", async () => {
    await getProvinceAll(); // loads the Thai flat table that getDatabase() returns
    const expected = new Set(
      getDatabase()
        .filter((r) => /^\d{5}$/.test(r.postal_code))
        .map((r) => `${r.province}|${r.district}|${r.sub_district}`),
    );
    const seeded = db()
      .select({ p: provinces.nameTh, a: amphurs.nameTh, d: districts.nameTh })
      .from(districts)
      .innerJoin(amphurs, eq(amphurs.id, districts.amphurId))
      .innerJoin(provinces, eq(provinces.id, amphurs.provinceId))
      .all()
      .map((r) => `${r.p}|${r.a}|${r.d}`);
    expect(seeded).toHaveLength(expected.size);
    expect(new Set(seeded)).toEqual(expected);
  });

  test("Bueng Kan (97, no district codes) is complete; unprefixed codes keep their real parent", () => {
    const bk = provinceByName("บึงกาฬ");
    expect(bk.code).toBe("97");
    const bkAmphurs = listAmphurs(bk.id);
    expect(bkAmphurs).toHaveLength(8);
    const bkDistricts = bkAmphurs.flatMap((a) => listDistricts(a.id));
    expect(bkDistricts).toHaveLength(53);
    expect(new Set(bkDistricts.map((d) => d.zipcode.slice(0, 2)))).toEqual(new Set(["38"]));

    const rows = db()
      .select({ code: districts.code, amphurCode: amphurs.code })
      .from(districts)
      .innerJoin(amphurs, eq(amphurs.id, districts.amphurId))
      .all();
    const unprefixed = rows.filter((r) => r.code !== "" && r.amphurCode !== "" && !r.code.startsWith(r.amphurCode));
    expect(unprefixed.length).toBeGreaterThan(1000);
  });

  test("a sub-district listed under two postal codes is one row with the first", () => {
    const klongToei = amphurByName(provinceByName("กรุงเทพมหานคร").id, "คลองเตย");
    const rows = districtsByName(klongToei.id, "พระโขนง");
    expect(rows).toHaveLength(1);
    expect(rows[0].zipcode).toBe("10110");
  });
});

describe("lists", () => {
  beforeAll(() => seedAddressData(), 60_000);

  test("provinces in Thai dictionary order (leading vowels do not sort first)", () => {
    const names = listProvinces().map((p) => p.name_th);
    expect(names).toHaveLength(EXPECTED.provinces);
    expect(names[0]).toBe("กระบี่");
    // code-point order would put every เ/แ/โ name after ฮ
    expect(names.indexOf("เชียงใหม่")).toBeLessThan(names.indexOf("ตาก"));
    expect(names.indexOf("แพร่")).toBeLessThan(names.indexOf("ภูเก็ต"));
    expect(names.indexOf("อุบลราชธานี")).toBeGreaterThan(names.indexOf("สระบุรี"));
    expect(listProvinces()[0]).toEqual({ id: expect.any(Number), name_th: "กระบี่", name_en: "Krabi" });
  });

  test("amphurs of one province, sorted, each carrying province_id", () => {
    const bangkok = provinceByName("กรุงเทพมหานคร");
    const items = listAmphurs(bangkok.id);
    expect(items).toHaveLength(50);
    expect(items.every((a) => a.province_id === bangkok.id)).toBe(true);
    const names = items.map((a) => a.name_th);
    expect(names).toEqual([...names].sort(new Intl.Collator("th").compare));
    expect(names.indexOf("คลองเตย")).toBeLessThan(names.indexOf("ดินแดง"));
    expect(listAmphurs(999_999)).toEqual([]);
  });

  test("districts of one amphur carry amphur_id and zipcode", () => {
    const cm = provinceByName("เชียงใหม่");
    const mueang = amphurByName(cm.id, "เมืองเชียงใหม่");
    const items = listDistricts(mueang.id);
    expect(items.find((d) => d.name_th === "ศรีภูมิ")).toEqual({
      id: expect.any(Number),
      name_th: "ศรีภูมิ",
      name_en: "Si Phum",
      amphur_id: mueang.id,
      zipcode: "50200",
    });
    expect(items.every((d) => d.amphur_id === mueang.id)).toBe(true);
    const names = items.map((d) => d.name_th);
    expect(names).toEqual([...names].sort(new Intl.Collator("th").compare));
    expect(listDistricts(999_999)).toEqual([]);
  });
});

describe("validateAddressSelection", () => {
  let bangkok: { id: number };
  let cm: { id: number };
  let klongToei: { id: number };
  let mueangCm: { id: number };
  let phraKhanong: { id: number; zipcode: string };
  let siPhum: { id: number; zipcode: string };

  beforeAll(async () => {
    await seedAddressData();
    bangkok = provinceByName("กรุงเทพมหานคร");
    cm = provinceByName("เชียงใหม่");
    klongToei = amphurByName(bangkok.id, "คลองเตย");
    mueangCm = amphurByName(cm.id, "เมืองเชียงใหม่");
    phraKhanong = districtsByName(klongToei.id, "พระโขนง")[0];
    siPhum = districtsByName(mueangCm.id, "ศรีภูมิ")[0];
  }, 60_000);

  test("everything is optional", () => {
    expect(validateAddressSelection({})).toEqual({ ok: true, zipcode: "" });
    expect(
      validateAddressSelection({ province_id: null, amphur_id: null, district_id: null, zipcode: "" }),
    ).toEqual({ ok: true, zipcode: "" });
    expect(validateAddressSelection({ province_id: cm.id })).toEqual({ ok: true, zipcode: "" });
    expect(validateAddressSelection({ province_id: cm.id, amphur_id: mueangCm.id, zipcode: "50300" })).toEqual({
      ok: true,
      zipcode: "50300",
    });
  });

  test("a chosen district sets the zipcode, whatever the client sent", () => {
    const full = { province_id: cm.id, amphur_id: mueangCm.id, district_id: siPhum.id };
    expect(validateAddressSelection({ ...full, zipcode: "" })).toEqual({ ok: true, zipcode: "50200" });
    expect(validateAddressSelection({ ...full, zipcode: "10110" })).toEqual({ ok: true, zipcode: "50200" });
    expect(validateAddressSelection({ ...full, zipcode: "abc" })).toEqual({ ok: true, zipcode: "50200" });
  });

  test("an amphur needs its province and must belong to it", () => {
    expect(validateAddressSelection({ amphur_id: mueangCm.id })).toEqual({
      ok: false,
      fields: { province_id: ADDRESS_MESSAGES.provinceRequired },
    });
    expect(validateAddressSelection({ province_id: bangkok.id, amphur_id: mueangCm.id })).toEqual({
      ok: false,
      fields: { amphur_id: "อำเภอไม่อยู่ในจังหวัดที่เลือก" },
    });
  });

  test("a district needs its amphur and must belong to it", () => {
    expect(validateAddressSelection({ province_id: cm.id, district_id: siPhum.id })).toEqual({
      ok: false,
      fields: { amphur_id: ADDRESS_MESSAGES.amphurRequired },
    });
    expect(
      validateAddressSelection({ province_id: bangkok.id, amphur_id: klongToei.id, district_id: siPhum.id }),
    ).toEqual({ ok: false, fields: { district_id: "ตำบลไม่อยู่ในอำเภอที่เลือก" } });
    // the whole chain is checked: a consistent amphur/district pair in the wrong province fails too
    expect(
      validateAddressSelection({ province_id: bangkok.id, amphur_id: mueangCm.id, district_id: siPhum.id }),
    ).toEqual({ ok: false, fields: { amphur_id: "อำเภอไม่อยู่ในจังหวัดที่เลือก" } });
    expect(
      validateAddressSelection({ province_id: bangkok.id, amphur_id: klongToei.id, district_id: phraKhanong.id }),
    ).toEqual({ ok: true, zipcode: phraKhanong.zipcode });
  });

  test("unknown or malformed ids are errors, each on its own field", () => {
    expect(validateAddressSelection({ province_id: 999_999 })).toEqual({
      ok: false,
      fields: { province_id: "ไม่พบจังหวัดนี้" },
    });
    expect(validateAddressSelection({ province_id: cm.id, amphur_id: 999_999 })).toEqual({
      ok: false,
      fields: { amphur_id: "ไม่พบอำเภอนี้" },
    });
    expect(validateAddressSelection({ province_id: cm.id, amphur_id: mueangCm.id, district_id: 999_999 })).toEqual({
      ok: false,
      fields: { district_id: "ไม่พบตำบลนี้" },
    });
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(validateAddressSelection({ province_id: bad })).toEqual({
        ok: false,
        fields: { province_id: "ไม่พบจังหวัดนี้" },
      });
    }
  });

  test("without a district a client zipcode must be 5 digits", () => {
    expect(validateAddressSelection({ zipcode: "1234" })).toEqual({
      ok: false,
      fields: { zipcode: ADDRESS_MESSAGES.zipcodeFormat },
    });
    expect(validateAddressSelection({ zipcode: " 10110 " })).toEqual({ ok: true, zipcode: "10110" });
  });
});
