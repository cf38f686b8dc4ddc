import { z } from "zod";
import { settings } from "../../../db/schema";
import { immediate, preparedQuery, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { DEFAULT_FACE_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD } from "~/lib/face.server";
import { fieldErrors, requireSomeChange } from "~/lib/validation";
import { ATTENDANCE_SETTING_DEFAULTS, ATTENDANCE_SETTING_SCHEMAS, workHoursOrderErrors } from "~/models/attendance/settings";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { LEAVE_SETTING_DEFAULTS, LEAVE_SETTING_SCHEMAS } from "~/models/leave/settings";
import { REMINDER_SETTING_DEFAULTS, REMINDER_SETTING_SCHEMAS } from "~/models/flows/reminder-settings";
import { logger } from "~/lib/log.server";

type Entry<T> = { schema: z.ZodType<T>; default: T };

const entry = <T>(schema: z.ZodType<T>, fallback: T): Entry<T> => ({ schema, default: fallback });

/**
 * Every setting: its schema (checked on write and again on read) and its default. A stored value
 * that no longer parses reads as the default, so a tightened schema never breaks a running office.
 */
export const SETTINGS = {
  face_threshold: entry(
    z
      .number({ error: "เกณฑ์ความต่างของใบหน้าต้องเป็นตัวเลข" })
      .min(0.2, "เกณฑ์ความต่างของใบหน้าต้องไม่น้อยกว่า 0.2")
      .max(0.9, "เกณฑ์ความต่างของใบหน้าต้องไม่เกิน 0.9"),
    DEFAULT_FACE_THRESHOLD,
  ),
  /** A selfie scoring below this (0–1) is flagged liveness_low for review; 0: never flagged. */
  liveness_threshold: entry(
    z
      .number({ error: "เกณฑ์การตรวจใบหน้าจริงต้องเป็นตัวเลข" })
      .min(0, "เกณฑ์การตรวจใบหน้าจริงต้องอยู่ระหว่าง 0 ถึง 1")
      .max(1, "เกณฑ์การตรวจใบหน้าจริงต้องอยู่ระหว่าง 0 ถึง 1"),
    DEFAULT_LIVENESS_THRESHOLD,
  ),
  offices: entry(ATTENDANCE_SETTING_SCHEMAS.offices, ATTENDANCE_SETTING_DEFAULTS.offices),
  outside_radius: entry(ATTENDANCE_SETTING_SCHEMAS.outside_radius, ATTENDANCE_SETTING_DEFAULTS.outside_radius),
  max_accuracy_m: entry(ATTENDANCE_SETTING_SCHEMAS.max_accuracy_m, ATTENDANCE_SETTING_DEFAULTS.max_accuracy_m),
  work_start: entry(ATTENDANCE_SETTING_SCHEMAS.work_start, ATTENDANCE_SETTING_DEFAULTS.work_start),
  work_end: entry(ATTENDANCE_SETTING_SCHEMAS.work_end, ATTENDANCE_SETTING_DEFAULTS.work_end),
  break_start: entry(ATTENDANCE_SETTING_SCHEMAS.break_start, ATTENDANCE_SETTING_DEFAULTS.break_start),
  break_end: entry(ATTENDANCE_SETTING_SCHEMAS.break_end, ATTENDANCE_SETTING_DEFAULTS.break_end),
  late_grace_minutes: entry(ATTENDANCE_SETTING_SCHEMAS.late_grace_minutes, ATTENDANCE_SETTING_DEFAULTS.late_grace_minutes),
  early_grace_minutes: entry(ATTENDANCE_SETTING_SCHEMAS.early_grace_minutes, ATTENDANCE_SETTING_DEFAULTS.early_grace_minutes),
  work_days: entry(ATTENDANCE_SETTING_SCHEMAS.work_days, ATTENDANCE_SETTING_DEFAULTS.work_days),
  require_selfie: entry(ATTENDANCE_SETTING_SCHEMAS.require_selfie, ATTENDANCE_SETTING_DEFAULTS.require_selfie),
  missing_checkout_hour: entry(ATTENDANCE_SETTING_SCHEMAS.missing_checkout_hour, ATTENDANCE_SETTING_DEFAULTS.missing_checkout_hour),
  selfie_retention_days: entry(ATTENDANCE_SETTING_SCHEMAS.selfie_retention_days, ATTENDANCE_SETTING_DEFAULTS.selfie_retention_days),
  attendance_start: entry(ATTENDANCE_SETTING_SCHEMAS.attendance_start, ATTENDANCE_SETTING_DEFAULTS.attendance_start),
  leave_quota_business: entry(LEAVE_SETTING_SCHEMAS.leave_quota_business, LEAVE_SETTING_DEFAULTS.leave_quota_business),
  leave_quota_sick: entry(LEAVE_SETTING_SCHEMAS.leave_quota_sick, LEAVE_SETTING_DEFAULTS.leave_quota_sick),
  leave_quota_vacation: entry(LEAVE_SETTING_SCHEMAS.leave_quota_vacation, LEAVE_SETTING_DEFAULTS.leave_quota_vacation),
  leave_vacation_prorata: entry(LEAVE_SETTING_SCHEMAS.leave_vacation_prorata, LEAVE_SETTING_DEFAULTS.leave_vacation_prorata),
  leave_vacation_carry_over_max: entry(
    LEAVE_SETTING_SCHEMAS.leave_vacation_carry_over_max,
    LEAVE_SETTING_DEFAULTS.leave_vacation_carry_over_max,
  ),
  remind_checkin: entry(REMINDER_SETTING_SCHEMAS.remind_checkin, REMINDER_SETTING_DEFAULTS.remind_checkin),
  remind_checkout: entry(REMINDER_SETTING_SCHEMAS.remind_checkout, REMINDER_SETTING_DEFAULTS.remind_checkout),
  daily_summary: entry(REMINDER_SETTING_SCHEMAS.daily_summary, REMINDER_SETTING_DEFAULTS.daily_summary),
  remind_pending_leave: entry(REMINDER_SETTING_SCHEMAS.remind_pending_leave, REMINDER_SETTING_DEFAULTS.remind_pending_leave),
  remind_overdue_machines: entry(REMINDER_SETTING_SCHEMAS.remind_overdue_machines, REMINDER_SETTING_DEFAULTS.remind_overdue_machines),
  /** How many nightly backups to keep in DATA_DIR/backups (backups.server.ts); 0: no nightly backup. */
  backup_keep: entry(
    z
      .number({ error: "จำนวนไฟล์สำรองต้องเป็นตัวเลข" })
      .int("จำนวนไฟล์สำรองต้องเป็นจำนวนเต็ม")
      .min(0, "จำนวนไฟล์สำรองต้องไม่ติดลบ")
      .max(90, "เก็บไฟล์สำรองได้ไม่เกิน 90 ไฟล์"),
    7,
  ),
  /** The default rich menu this server made last ("" for none; line/rich-menu.server.ts), deleted when replaced. */
  line_rich_menu_id: entry(z.string().max(100), ""),
};

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: (typeof SETTINGS)[K]["default"] };

const KEYS = Object.keys(SETTINGS) as SettingKey[];
const INVALID = "ค่าการตั้งค่าไม่ถูกต้อง";

const warned = new Set<string>();

function readStored<K extends SettingKey>(key: K, stored: unknown): Settings[K] {
  const def = SETTINGS[key] as Entry<Settings[K]>;
  const parsed = def.schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const id = `${key}=${JSON.stringify(stored)}`;
  if (!warned.has(id)) {
    warned.add(id);
    logger.warn(`Setting "${key}" holds ${JSON.stringify(stored)}, which is no longer valid; using the default ${JSON.stringify(def.default)}.`);
  }
  return def.default;
}

const defaultOf = <K extends SettingKey>(key: K) => (SETTINGS[key] as Entry<Settings[K]>).default;
for (const key of KEYS) deepFreeze(defaultOf(key));

// The table holds a few dozen small rows: reading them all is one compiled statement for every key
// list. Rows come as their stored JSON text; a key's parsed and checked value is kept while its text
// stays the same, so a check-in reads the table but parses nothing.
const allSettingTexts = preparedQuery((d) => d.$client.prepare("select key, value from settings").raw());
const settingText = preparedQuery((d) => d.$client.prepare("select value from settings where key = ?").pluck());
const parsedSettings = new Map<string, { text: string; value: unknown }>();

function storedSetting<K extends SettingKey>(key: K, text: string): Settings[K] {
  const kept = parsedSettings.get(key);
  if (kept?.text === text) return kept.value as Settings[K];
  const value = deepFreeze(readStored(key, JSON.parse(text)));
  parsedSettings.set(key, { text, value });
  return value;
}

/** Shared between callers, so nobody may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function getSetting<K extends SettingKey>(key: K): Settings[K] {
  const text = settingText().get(key) as string | undefined;
  return text === undefined ? defaultOf(key) : storedSetting(key, text);
}

/** Several settings in one query (all of them without `keys`). */
export function getSettings<K extends SettingKey = SettingKey>(keys?: readonly K[]): Pick<Settings, K> {
  const wanted = (keys ?? KEYS) as readonly K[];
  const stored = new Map(wanted.length ? (allSettingTexts().all() as [string, string][]) : []);
  const out = {} as Pick<Settings, K>;
  for (const key of wanted) {
    const text = stored.get(key);
    out[key] = text === undefined ? defaultOf(key) : storedSetting(key, text);
  }
  return out;
}

const UpdateSchema = z.strictObject(
  Object.fromEntries(KEYS.map((k) => [k, SETTINGS[k].schema.optional()])) as {
    [K in SettingKey]: z.ZodOptional<z.ZodType<Settings[K]>>;
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "ไม่มีการตั้งค่านี้" : "ข้อมูลการตั้งค่าไม่ถูกต้อง") },
);

/** One settings write, as its hooks see it inside the write's transaction. */
export type SettingsSave = { tx: Db; before: Settings; input: Partial<Settings>; now: Date };

/**
 * What a domain does when settings are saved, inside the same transaction. `complete` may add
 * values to the write (stored and audit-logged with it) or refuse it with a 400; `saved` runs once
 * the values are stored, with the keys whose value changed. A domain above core registers its
 * hooks (attendance: attendance/settings-save.server.ts, at server start), so core imports none of it.
 */
export type SettingsSaveHooks = {
  complete?: (save: SettingsSave) => Partial<Settings> | undefined;
  saved?: (save: SettingsSave & { changed: ReadonlySet<SettingKey> }) => void;
};

const saveHooks = new Map<string, SettingsSaveHooks>();

/** Registers (or replaces, by name) a domain's settings hooks. */
export function onSettingsSave(name: string, hooks: SettingsSaveHooks) {
  saveHooks.set(name, hooks);
}

/**
 * Validates and stores some settings at once (400 with a Thai message per key when any is
 * invalid, nothing written), audit-logging what changed. Returns every setting.
 */
export function updateSettings(partial: unknown, actor: Actor, now: Date = new Date()): Settings {
  const result = UpdateSchema.safeParse(partial);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    for (const issue of result.error.issues) {
      if (issue.code !== "unrecognized_keys") continue;
      for (const k of issue.keys) fields[k] = issue.message;
      if (fields._ === issue.message) delete fields._;
    }
    throw new DomainError(400, INVALID, fields);
  }
  const sent = result.data as Partial<Settings>;
  requireSomeChange(sent);
  immediate((tx) => {
    const before = getSettings();
    // The work hours are checked together, against what is stored for the keys not sent.
    const order = workHoursOrderErrors({ ...before, ...sent }, Object.keys(sent));
    if (order) throw new DomainError(400, INVALID, order);
    let input = sent;
    for (const hooks of saveHooks.values()) input = { ...input, ...hooks.complete?.({ tx, before, input, now }) };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of KEYS) {
      const value = input[key];
      if (value === undefined) continue;
      tx.insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
        .run();
      if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = { from: before[key], to: value };
    }
    if (Object.keys(changes).length > 0) recordAudit({ actor, action: "update", entity: "settings", changes });
    const changed = new Set(Object.keys(changes) as SettingKey[]);
    for (const hooks of saveHooks.values()) hooks.saved?.({ tx, before, input, now, changed });
  });
  return getSettings();
}

/** One setting; throws 400 with the key's Thai message when the value does not fit its schema. */
export function setSetting<K extends SettingKey>(key: K, value: Settings[K], actor: Actor = { type: "system" }) {
  updateSettings({ [key]: value }, actor);
}
