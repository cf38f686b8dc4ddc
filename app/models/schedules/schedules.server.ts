import { and, asc, desc, eq, ne } from "drizzle-orm";
import { employees, employeeSchedules, schedules, scheduleVersions } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { requireSomeChange } from "~/lib/validation";
import { rulesOn } from "~/models/attendance/work-rules.server";
import { recomputeLedger } from "~/models/attendance/ledger.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { updateSettings, type Settings } from "~/models/core/settings.server";
import { workingOn } from "~/models/employees/employee.server";
import { daysSummary } from "./labels";
import { crossesMidnight, daysOfRules, type ScheduleDay, type ScheduleVersion } from "./schedule-day";
import { DEFAULT_SCHEDULE_ID, scheduleIdsOn } from "./schedule-rules.server";
import {
  SCHEDULE_MESSAGES,
  type ScheduleCreateInput,
  type ScheduleDto,
  type ScheduleUpdateInput,
  type UpcomingVersion,
} from "./schedule-schema";

// Work schedules (ADR 045). The default one ("เวลาทำงานปกติ") keeps its hours in the settings, so
// editing it is a settings write (work_rules history, today's ledger rows); every other schedule
// keeps its hours in versions, each in force from its date on, the first from the start of time
// so the schedule applies to any date it is assigned for. An edit of a custom schedule adds a
// version from its date and recomputes, in the same transaction, the ledger rows from that date
// to today of everyone ever assigned to it.

/** The first version of a schedule applies from the start of time. */
export const FIRST_VERSION_DATE = "0001-01-01";

type ScheduleRow = typeof schedules.$inferSelect;
type VersionRow = typeof scheduleVersions.$inferSelect;

const notFound = () => new DomainError(404, SCHEDULE_MESSAGES.notFound);

export const isDefaultSchedule = (id: number) => id === DEFAULT_SCHEDULE_ID;

const versionOf = (row: VersionRow) => ({
  days: [...row.days],
  late_grace_minutes: row.lateGraceMinutes,
  early_grace_minutes: row.earlyGraceMinutes,
});

/** The default schedule's hours on a date: the settings' rules then in force. */
function defaultVersionOn(date: string, d?: Db): ScheduleVersion {
  const rules = rulesOn(date, d);
  return { days: daysOfRules(rules), late_grace_minutes: rules.late_grace_minutes, early_grace_minutes: rules.early_grace_minutes };
}

/** A custom schedule's versions, newest first. */
function versionRows(d: Db, scheduleId?: number): VersionRow[] {
  return d
    .select()
    .from(scheduleVersions)
    .where(scheduleId === undefined ? undefined : eq(scheduleVersions.scheduleId, scheduleId))
    .orderBy(asc(scheduleVersions.scheduleId), desc(scheduleVersions.effectiveFrom))
    .all();
}

/** The version in force on `date` from a schedule's versions (newest first); its first one before it began. */
const inForce = (versions: VersionRow[], date: string) => versions.find((v) => v.effectiveFrom <= date) ?? versions[versions.length - 1];

/** How many working employees are under each schedule today (without an assignment: the default). */
function employeeCounts(d: Db, today: string): Map<number, number> {
  const assigned = scheduleIdsOn(today);
  const counts = new Map<number, number>();
  for (const { id } of d.select({ id: employees.id }).from(employees).where(workingOn(today)).all()) {
    const scheduleId = assigned.get(id) ?? DEFAULT_SCHEDULE_ID;
    counts.set(scheduleId, (counts.get(scheduleId) ?? 0) + 1);
  }
  return counts;
}

function toDto(row: ScheduleRow, versions: VersionRow[], today: string, count: number): ScheduleDto {
  const current = isDefaultSchedule(row.id) || versions.length === 0 ? defaultVersionOn(today) : versionOf(inForce(versions, today));
  const upcoming: UpcomingVersion[] = versions
    .filter((v) => v.effectiveFrom > today)
    .reverse()
    .map((v) => ({ from: v.effectiveFrom, ...versionOf(v) }));
  return {
    id: row.id,
    name: row.name,
    is_default: isDefaultSchedule(row.id),
    days: [...current.days],
    late_grace_minutes: current.late_grace_minutes,
    early_grace_minutes: current.early_grace_minutes,
    employee_count: count,
    upcoming: isDefaultSchedule(row.id) ? [] : upcoming,
  };
}

/** Every schedule, the default first, with today's hours and how many work under it. */
export function listSchedules(now: Date = new Date()): ScheduleDto[] {
  const d = db();
  const today = workDate(now);
  const counts = employeeCounts(d, today);
  const versions = new Map<number, VersionRow[]>();
  for (const v of versionRows(d)) versions.set(v.scheduleId, [...(versions.get(v.scheduleId) ?? []), v]);
  return d
    .select()
    .from(schedules)
    .orderBy(asc(schedules.id))
    .all()
    .map((row) => toDto(row, versions.get(row.id) ?? [], today, counts.get(row.id) ?? 0));
}

function scheduleRow(d: Db, id: number): ScheduleRow | undefined {
  return d.select().from(schedules).where(eq(schedules.id, id)).get();
}

/** One schedule; 404 in Thai for an unknown id. */
export function getSchedule(id: number, now: Date = new Date()): ScheduleDto {
  const d = db();
  const row = scheduleRow(d, id);
  if (!row) throw notFound();
  const today = workDate(now);
  return toDto(row, versionRows(d, id), today, employeeCounts(d, today).get(id) ?? 0);
}

/** The schedule's row, or the Thai 404; inside a write's transaction. */
export function requireScheduleRow(tx: Db, id: number): ScheduleRow {
  const row = scheduleRow(tx, id);
  if (!row) throw notFound();
  return row;
}

function requireFreeName(tx: Db, name: string, exceptId?: number) {
  const taken = tx
    .select({ id: schedules.id })
    .from(schedules)
    .where(exceptId === undefined ? eq(schedules.name, name) : and(eq(schedules.name, name), ne(schedules.id, exceptId)))
    .get();
  if (taken) throw new DomainError(409, SCHEDULE_MESSAGES.duplicateName, { name: SCHEDULE_MESSAGES.duplicateName });
}

/** What the audit log keeps of a version: its days as one line of Thai. */
const auditedVersion = (v: ScheduleVersion) => ({
  days: daysSummary(v.days),
  late_grace_minutes: v.late_grace_minutes,
  early_grace_minutes: v.early_grace_minutes,
});

export function createSchedule(input: ScheduleCreateInput, actor: Actor, now: Date = new Date()): ScheduleDto {
  const id = immediate((tx) => {
    requireFreeName(tx, input.name);
    const row = tx.insert(schedules).values({ name: input.name }).returning({ id: schedules.id }).get();
    tx.insert(scheduleVersions)
      .values({
        scheduleId: row.id,
        effectiveFrom: FIRST_VERSION_DATE,
        days: input.days,
        lateGraceMinutes: input.late_grace_minutes,
        earlyGraceMinutes: input.early_grace_minutes,
      })
      .run();
    recordAudit({ actor, action: "create", entity: "schedule", entityId: row.id, changes: { name: input.name, ...auditedVersion(input) } });
    return row.id;
  });
  return getSchedule(id, now);
}

const hoursGiven = (input: ScheduleUpdateInput) =>
  input.days !== undefined || input.late_grace_minutes !== undefined || input.early_grace_minutes !== undefined;

const sameHours = (a: ScheduleDay, b: ScheduleDay) =>
  a.start === b.start && a.end === b.end && a.break_start === b.break_start && a.break_end === b.break_end;

/**
 * The default schedule's days as the settings hold them: one set of hours with a break, not
 * crossing midnight (the settings' own order check), and the work days.
 */
function defaultHoursSettings(input: ScheduleUpdateInput): Partial<Settings> {
  const out: Partial<Settings> = {};
  if (input.days) {
    const [first] = input.days;
    const refuse = (message: string) => new DomainError(400, message, { days: message });
    if (input.days.some((day) => !sameHours(day, first))) throw refuse(SCHEDULE_MESSAGES.defaultSameHours);
    if (!first.break_start || !first.break_end) throw refuse(SCHEDULE_MESSAGES.defaultBreak);
    if (crossesMidnight({ work_start: first.start, work_end: first.end })) throw refuse(SCHEDULE_MESSAGES.defaultMidnight);
    Object.assign(out, {
      work_start: first.start,
      work_end: first.end,
      break_start: first.break_start,
      break_end: first.break_end,
      work_days: input.days.map((day) => day.weekday),
    });
  }
  if (input.late_grace_minutes !== undefined) out.late_grace_minutes = input.late_grace_minutes;
  if (input.early_grace_minutes !== undefined) out.early_grace_minutes = input.early_grace_minutes;
  return out;
}

/** Everyone ever assigned to a schedule: whose days under it an edit may change. */
function assignedEver(tx: Db, scheduleId: number): number[] {
  return tx
    .selectDistinct({ id: employeeSchedules.employeeId })
    .from(employeeSchedules)
    .where(eq(employeeSchedules.scheduleId, scheduleId))
    .all()
    .map((r) => r.id);
}

/** A custom schedule's new version from `from`: the version then in force with the fields given (none when that changes nothing). */
function addVersion(tx: Db, id: number, input: ScheduleUpdateInput, from: string, today: string, now: Date) {
  const base = versionOf(inForce(versionRows(tx, id), from));
  const next: ScheduleVersion = {
    days: input.days ?? base.days,
    late_grace_minutes: input.late_grace_minutes ?? base.late_grace_minutes,
    early_grace_minutes: input.early_grace_minutes ?? base.early_grace_minutes,
  };
  // A form sends every field: hours the same as those in force then are no new version.
  if (JSON.stringify(next) === JSON.stringify(base)) return { before: base, after: base };
  const values = { days: [...next.days], lateGraceMinutes: next.late_grace_minutes, earlyGraceMinutes: next.early_grace_minutes };
  tx.insert(scheduleVersions)
    .values({ scheduleId: id, effectiveFrom: from, ...values })
    .onConflictDoUpdate({ target: [scheduleVersions.scheduleId, scheduleVersions.effectiveFrom], set: { ...values, createdAt: now } })
    .run();
  const employeeIds = assignedEver(tx, id);
  if (employeeIds.length > 0) recomputeLedger(tx, { from, to: today }, { employeeIds }, now);
  return { before: base, after: next };
}

/** Audit lines of the fields whose value changed. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = { from: before[key], to: after[key] };
  }
  return out;
}

/**
 * Renames a schedule and/or changes its hours. A custom schedule's hours change from `from`
 * (default today); the default schedule's through the settings, from today only.
 */
export function updateSchedule(id: number, input: ScheduleUpdateInput, actor: Actor, now: Date = new Date()): ScheduleDto {
  requireSomeChange({ name: input.name, days: input.days, late: input.late_grace_minutes, early: input.early_grace_minutes });
  const today = workDate(now);
  if (isDefaultSchedule(id) && input.from !== undefined && input.from !== today) {
    throw new DomainError(400, SCHEDULE_MESSAGES.defaultFrom, { from: SCHEDULE_MESSAGES.defaultFrom });
  }
  immediate((tx) => {
    const row = requireScheduleRow(tx, id);
    const from = input.from ?? today;
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== row.name) {
      requireFreeName(tx, input.name, id);
      tx.update(schedules).set({ name: input.name, updatedAt: now }).where(eq(schedules.id, id)).run();
      changes.name = { from: row.name, to: input.name };
    }
    if (hoursGiven(input)) {
      let versions: { before: ScheduleVersion; after: ScheduleVersion };
      if (isDefaultSchedule(id)) {
        const before = defaultVersionOn(today, tx);
        updateSettings(defaultHoursSettings(input), actor, now);
        versions = { before, after: defaultVersionOn(today, tx) };
      } else {
        versions = addVersion(tx, id, input, from, today, now);
      }
      const hours = changedFields(auditedVersion(versions.before), auditedVersion(versions.after));
      if (Object.keys(hours).length > 0) Object.assign(changes, hours, { effective_from: from });
    }
    if (Object.keys(changes).length > 0) recordAudit({ actor, action: "update", entity: "schedule", entityId: id, changes });
  });
  return getSchedule(id, now);
}

/** The schedules an admin picks from (assignment dialogs): id, name and a summary of today's days. */
export function scheduleChoices(now: Date = new Date()) {
  return listSchedules(now).map((s) => ({ id: s.id, name: s.name, summary: daysSummary(s.days) }));
}
export type ScheduleChoice = ReturnType<typeof scheduleChoices>[number];
