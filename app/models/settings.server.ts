import { eq } from "drizzle-orm";
import { settings } from "../../db/schema";
import { db } from "~/lib/db.server";
import { DEFAULT_FACE_THRESHOLD } from "~/lib/face.server";

/** Settings are JSON values by key, each with a default; the attendance issue adds the rest. */
type Settings = { face_threshold: number };

const DEFAULTS: Settings = {
  face_threshold: DEFAULT_FACE_THRESHOLD,
};

export type SettingKey = keyof Settings;

export function getSetting<K extends SettingKey>(key: K): Settings[K] {
  const row = db().select().from(settings).where(eq(settings.key, key)).get();
  return (row?.value as Settings[K] | undefined) ?? DEFAULTS[key];
}

export function setSetting<K extends SettingKey>(key: K, value: Settings[K]) {
  db()
    .insert(settings)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
    .run();
}
