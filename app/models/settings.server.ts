import { eq } from "drizzle-orm";
import { settings } from "../../db/schema";
import { db } from "~/lib/db.server";

/** Settings are JSON values by key, each with a default; the attendance issue adds the rest. */
const DEFAULTS = {
  face_threshold: 0.5,
} as const;

export type SettingKey = keyof typeof DEFAULTS;

export function getSetting<K extends SettingKey>(key: K): (typeof DEFAULTS)[K] {
  const row = db().select().from(settings).where(eq(settings.key, key)).get();
  return (row?.value as (typeof DEFAULTS)[K] | undefined) ?? DEFAULTS[key];
}

export function setSetting<K extends SettingKey>(key: K, value: (typeof DEFAULTS)[K]) {
  db()
    .insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    .run();
}
