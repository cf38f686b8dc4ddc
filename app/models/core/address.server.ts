import { eq } from "drizzle-orm";
import { amphurs, districts, provinces } from "../../../db/schema";
import { db } from "~/lib/db.server";

export const ZIPCODE = /^\d{5}$/;

// ---------------------------------------------------------------------------------------------
// Lists, in Thai dictionary order (leading vowels เ แ โ ใ ไ do not count first)
// ---------------------------------------------------------------------------------------------

export type ProvinceItem = { id: number; name_th: string; name_en: string };
export type AmphurItem = ProvinceItem & { province_id: number };
export type DistrictItem = ProvinceItem & { amphur_id: number; zipcode: string };

const thaiCollator = new Intl.Collator("th");
const byThaiName = (a: { name_th: string; id: number }, b: { name_th: string; id: number }) =>
  thaiCollator.compare(a.name_th, b.name_th) || a.id - b.id;

export function listProvinces(): ProvinceItem[] {
  return db()
    .select({ id: provinces.id, name_th: provinces.nameTh, name_en: provinces.nameEn })
    .from(provinces)
    .all()
    .sort(byThaiName);
}

export function listAmphurs(provinceId: number): AmphurItem[] {
  return db()
    .select({
      id: amphurs.id,
      name_th: amphurs.nameTh,
      name_en: amphurs.nameEn,
      province_id: amphurs.provinceId,
    })
    .from(amphurs)
    .where(eq(amphurs.provinceId, provinceId))
    .all()
    .sort(byThaiName);
}

export function listDistricts(amphurId: number): DistrictItem[] {
  return db()
    .select({
      id: districts.id,
      name_th: districts.nameTh,
      name_en: districts.nameEn,
      amphur_id: districts.amphurId,
      zipcode: districts.zipcode,
    })
    .from(districts)
    .where(eq(districts.amphurId, amphurId))
    .all()
    .sort(byThaiName);
}

export function findProvince(id: number) {
  if (!isId(id)) return undefined;
  return db().select().from(provinces).where(eq(provinces.id, id)).get();
}

export function findAmphur(id: number) {
  if (!isId(id)) return undefined;
  return db().select().from(amphurs).where(eq(amphurs.id, id)).get();
}

export function findDistrict(id: number) {
  if (!isId(id)) return undefined;
  return db().select().from(districts).where(eq(districts.id, id)).get();
}

// ---------------------------------------------------------------------------------------------
// Query parameters and validation
// ---------------------------------------------------------------------------------------------

function isId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

export const ADDRESS_MESSAGES = {
  provinceRequired: "กรุณาเลือกจังหวัด",
  amphurRequired: "กรุณาเลือกอำเภอ/เขต",
  provinceNotFound: "ไม่พบจังหวัดนี้",
  amphurNotFound: "ไม่พบอำเภอนี้",
  districtNotFound: "ไม่พบตำบลนี้",
  amphurNotInProvince: "อำเภอไม่อยู่ในจังหวัดที่เลือก",
  districtNotInAmphur: "ตำบลไม่อยู่ในอำเภอที่เลือก",
  zipcodeFormat: "รหัสไปรษณีย์ต้องเป็นตัวเลข 5 หลัก",
} as const;

export type AddressSelection = {
  province_id?: number | null;
  amphur_id?: number | null;
  district_id?: number | null;
  zipcode?: string | null;
};

export type AddressValidation =
  | { ok: true; zipcode: string }
  | { ok: false; fields: Record<string, string> };

const given = (v: unknown) => v !== null && v !== undefined;

/** How validateAddressSelection finds places by id: the database, or tables already in memory (an import). */
export type AddressPlaces = {
  province(id: number): { id: number } | undefined;
  amphur(id: number): { id: number; provinceId: number } | undefined;
  district(id: number): { id: number; amphurId: number; zipcode: string } | undefined;
};

const DB_PLACES: AddressPlaces = { province: findProvince, amphur: findAmphur, district: findDistrict };

/**
 * Every part is optional, but an amphur needs its province and must lie in it, a district needs
 * its amphur and must lie in it. With a district chosen, the zipcode is the district's whatever
 * the client sent; without one, the client's zipcode (5 digits or empty) is kept.
 */
export function validateAddressSelection(input: AddressSelection, places: AddressPlaces = DB_PLACES): AddressValidation {
  const fields: Record<string, string> = {};
  const { province_id, amphur_id, district_id } = input;
  const zipcode = (input.zipcode ?? "").trim();

  const province = given(province_id) ? places.province(province_id!) : undefined;
  const amphur = given(amphur_id) ? places.amphur(amphur_id!) : undefined;
  const district = given(district_id) ? places.district(district_id!) : undefined;

  if (given(province_id) && !province) fields.province_id = ADDRESS_MESSAGES.provinceNotFound;
  if (!given(province_id) && (given(amphur_id) || given(district_id))) {
    fields.province_id = ADDRESS_MESSAGES.provinceRequired;
  }

  if (given(amphur_id)) {
    if (!amphur) fields.amphur_id = ADDRESS_MESSAGES.amphurNotFound;
    else if (province && amphur.provinceId !== province.id) {
      fields.amphur_id = ADDRESS_MESSAGES.amphurNotInProvince;
    }
  } else if (given(district_id)) {
    fields.amphur_id = ADDRESS_MESSAGES.amphurRequired;
  }

  if (given(district_id)) {
    if (!district) fields.district_id = ADDRESS_MESSAGES.districtNotFound;
    else if (amphur && district.amphurId !== amphur.id) {
      fields.district_id = ADDRESS_MESSAGES.districtNotInAmphur;
    }
  }

  if (!district && zipcode !== "" && !ZIPCODE.test(zipcode)) fields.zipcode = ADDRESS_MESSAGES.zipcodeFormat;

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, zipcode: district ? district.zipcode : zipcode };
}
