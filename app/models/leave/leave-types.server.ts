import { eq } from "drizzle-orm";
import { leaveTypes } from "../../../db/schema";
import { db, immediate, keptUntilWrite, type Db } from "~/lib/db.server";
import { LeaveType } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { requireSomeChange } from "~/lib/validation";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { getSettings, updateSettings } from "~/models/core/settings.server";
import { EDITABLE_LEAVE_FIELDS, type LeaveTypeRules } from "./catalogue";
import type { LeaveTypePatch } from "./leave-type-schema";
import type { LeaveSettings } from "./settings";

// The leave_types table (migration 0020 seeds it from catalogue.ts). The spec's three types keep
// their yearly quota in the settings leave_quota_business/sick/vacation, which other parts of the
// product already write: the table's own quota_days is not read for them.

export const LEAVE_TYPE_MESSAGES = {
  notFound: "ไม่พบประเภทการลา",
  inactive: (name: string) => `ประเภทการลา "${name}" ปิดอยู่ ยื่นคำขอไม่ได้`,
} as const;

type QuotaKey = "leave_quota_business" | "leave_quota_sick" | "leave_quota_vacation";
const QUOTA_SETTING: Partial<Record<number, QuotaKey>> = {
  [LeaveType.business]: "leave_quota_business",
  [LeaveType.sick]: "leave_quota_sick",
  [LeaveType.vacation]: "leave_quota_vacation",
};

type Row = typeof leaveTypes.$inferSelect;

function toRules(r: Row, quotas: Pick<LeaveSettings, QuotaKey>): LeaveTypeRules {
  const setting = QUOTA_SETTING[r.id];
  return {
    id: r.id,
    name_th: r.nameTh,
    section_th: r.sectionTh,
    who_th: r.whoTh,
    quota_days: setting ? quotas[setting] : r.quotaDays,
    per: r.per,
    unit: r.unit,
    paid_days: r.paidDays,
    pay_percent: r.payPercent,
    half_day: r.halfDay,
    certificate_from_days: r.certificateFromDays,
    event_window_days: r.eventWindowDays,
    active: r.active,
  };
}

function readTypes(tx: Db): LeaveTypeRules[] {
  const quotas = getSettings(["leave_quota_business", "leave_quota_sick", "leave_quota_vacation"]);
  return tx.select().from(leaveTypes).orderBy(leaveTypes.id).all().map((r) => toRules(r, quotas));
}

/** Every leave type, by id (kept until a write; read afresh inside a transaction). */
export function leaveTypeList(tx: Db = db()): LeaveTypeRules[] {
  return keptUntilWrite("leave types", "all", () => readTypes(tx));
}

/** The types that are on, by id. */
export const activeLeaveTypes = (tx: Db = db()) => leaveTypeList(tx).filter((t) => t.active);

/** One type by id, or null. */
export const leaveTypeOf = (id: number, tx: Db = db()) => leaveTypeList(tx).find((t) => t.id === id) ?? null;

/** The type a petition asks for: 400 (on `field`) when there is no such type or it is off. */
export function requireActiveLeaveType(id: number, field = "type", tx: Db = db()): LeaveTypeRules {
  const type = leaveTypeOf(id, tx);
  if (!type) throw new DomainError(400, LEAVE_TYPE_MESSAGES.notFound, { [field]: LEAVE_TYPE_MESSAGES.notFound });
  if (!type.active) {
    const message = LEAVE_TYPE_MESSAGES.inactive(type.name_th);
    throw new DomainError(400, message, { [field]: message });
  }
  return type;
}

const COLUMN: Record<(typeof EDITABLE_LEAVE_FIELDS)[number], keyof Row> = {
  quota_days: "quotaDays",
  per: "per",
  unit: "unit",
  paid_days: "paidDays",
  pay_percent: "payPercent",
  half_day: "halfDay",
  certificate_from_days: "certificateFromDays",
  event_window_days: "eventWindowDays",
  active: "active",
};

/**
 * An admin changes a type's rules (404 for no such type). A yearly quota of types 1–3 goes to its
 * setting (audit-logged there); the rest to the row, with one audit row of what changed. Petitions
 * already filed keep the days they were counted with.
 */
export function updateLeaveType(id: number, patch: LeaveTypePatch, actor: Actor): LeaveTypeRules {
  requireSomeChange(patch);
  return immediate((tx) => {
    const before = leaveTypeOf(id, tx);
    if (!before) throw new DomainError(404, LEAVE_TYPE_MESSAGES.notFound);
    const next = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as LeaveTypeRules;
    if (next.quota_days === null && QUOTA_SETTING[id]) {
      const message = "ประเภทการลานี้ต้องมีจำนวนวันต่อปี";
      throw new DomainError(400, message, { quota_days: message });
    }
    if (next.paid_days !== null && next.quota_days !== null && next.paid_days > next.quota_days) {
      const message = "วันที่ได้รับค่าจ้างต้องไม่เกินสิทธิ์การลา";
      throw new DomainError(400, message, { paid_days: message });
    }
    const setting = QUOTA_SETTING[id];
    if (setting && patch.quota_days != null && patch.quota_days !== before.quota_days) {
      updateSettings({ [setting]: patch.quota_days }, actor);
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set: Partial<Row> = {};
    for (const field of EDITABLE_LEAVE_FIELDS) {
      if (patch[field] === undefined || patch[field] === before[field]) continue;
      if (field === "quota_days" && setting) continue;
      changes[field] = { from: before[field], to: patch[field] };
      (set as Record<string, unknown>)[COLUMN[field]] = patch[field];
    }
    if (Object.keys(changes).length > 0) {
      tx.update(leaveTypes)
        .set({ ...set, updatedBy: actor.type === "admin" ? (actor.id ?? null) : null, updatedAt: new Date() })
        .where(eq(leaveTypes.id, id))
        .run();
      recordAudit({ actor, action: "update", entity: "leave_type", entityId: id, changes });
    }
    return leaveTypeOf(id, tx)!;
  });
}
