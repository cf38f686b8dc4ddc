import { z } from "zod";
import { FIRST_STATISTICS_YEAR, LEAVE_TYPE_LABELS } from "~/lib/enums";
import { enumInt, idField } from "~/lib/validation";
import { LEAVE_TYPES } from "./schema";

// The per-employee quota inputs (client-safe: the quota dialog uses the same limits).

export const MAX_QUOTA_DAYS = 365;
export const LAST_LEAVE_YEAR = 2200;

const YEAR_MESSAGE = `ปี (year) ต้องเป็นปี ค.ศ. ตั้งแต่ ${FIRST_STATISTICS_YEAR}`;
const QUOTA_MESSAGE = `สิทธิ์การลาต้องเป็นตัวเลข 0–${MAX_QUOTA_DAYS} วัน เป็นจำนวนเต็มหรือครึ่งวัน`;

/** A JSON number, or a form's plain decimal ("3", "2.5"); anything else is left to fail. */
const plainDecimal = (v: unknown) => (typeof v === "string" && /^\d{1,3}(?:\.\d{1,2})?$/.test(v) ? Number(v) : v);

export const quotaDays = z.preprocess(
  plainDecimal,
  z
    .number({ error: QUOTA_MESSAGE })
    .min(0, QUOTA_MESSAGE)
    .max(MAX_QUOTA_DAYS, QUOTA_MESSAGE)
    .refine((n) => Number.isInteger(n * 2), QUOTA_MESSAGE),
);

const year = idField("ปี (year)", YEAR_MESSAGE).refine((y) => y >= FIRST_STATISTICS_YEAR && y <= LAST_LEAVE_YEAR, YEAR_MESSAGE);

const TYPE_MESSAGE = `ประเภทการลาต้องเป็น ${LEAVE_TYPES.map((t) => `${t} (${LEAVE_TYPE_LABELS[t]})`).join(", ")}`;

/** `GET /api/leave/quota?employee_id=&year=` */
export const QuotaQuery = z.object({
  employee_id: idField("รหัสพนักงาน (employee_id)"),
  year,
});

/** `PUT /api/leave/quota` `{employee_id, year, type, quota}` */
export const QuotaSchema = z.strictObject(
  {
    employee_id: idField("รหัสพนักงาน (employee_id)"),
    year,
    type: enumInt(LEAVE_TYPES, TYPE_MESSAGE),
    quota: quotaDays,
  },
  { error: "ข้อมูลสิทธิ์การลาไม่ถูกต้อง" },
);
export type QuotaInput = z.infer<typeof QuotaSchema>;

/** The quota dialog's form: the employee, the year and a field per type it changed (`quota_1` …). */
export const QuotaFormSchema = z
  .object({
    employee_id: idField("รหัสพนักงาน"),
    year,
    ...(Object.fromEntries(LEAVE_TYPES.map((type) => [`quota_${type}`, quotaDays.optional()])) as Record<
      `quota_${number}`,
      z.ZodOptional<typeof quotaDays>
    >),
  })
  .transform(({ employee_id, year, ...rest }) => ({
    employee_id,
    year,
    quotas: LEAVE_TYPES.flatMap((type) => {
      const quota = (rest as Record<string, number | undefined>)[`quota_${type}`];
      return quota === undefined ? [] : [{ type, quota }];
    }),
  }));
