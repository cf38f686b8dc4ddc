import { eq } from "drizzle-orm";
import { settings } from "../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { DEFAULT_FACE_THRESHOLD } from "~/lib/face.server";
import { listAudit } from "./audit.server";
import { getSetting, getSettings, SETTINGS, setSetting, updateSettings, type SettingKey } from "./settings.server";

const admin = { type: "admin" as const, id: 1 };

function storeRaw(key: string, value: unknown) {
  db().delete(settings).where(eq(settings.key, key)).run();
  db().insert(settings).values({ key, value, updatedAt: new Date() }).run();
}

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}

afterEach(() => {
  db().delete(settings).run();
});

describe("settings registry", () => {
  test("every default fits its own schema", () => {
    for (const key of Object.keys(SETTINGS) as SettingKey[]) {
      expect(SETTINGS[key].schema.safeParse(SETTINGS[key].default).success).toBe(true);
    }
  });

  test("an unset key reads as its default", () => {
    expect(getSetting("face_threshold")).toBe(DEFAULT_FACE_THRESHOLD);
    expect(getSettings()).toEqual({ face_threshold: DEFAULT_FACE_THRESHOLD });
  });

  test("a stored value reads back typed", () => {
    setSetting("face_threshold", 0.42);
    const value: number = getSetting("face_threshold");
    expect(value).toBe(0.42);
    expect(getSettings(["face_threshold"])).toEqual({ face_threshold: 0.42 });
  });

  test("a stored value that no longer parses falls back to the default with one warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    storeRaw("face_threshold", "0.4");
    expect(getSetting("face_threshold")).toBe(DEFAULT_FACE_THRESHOLD);
    expect(getSettings()).toEqual({ face_threshold: DEFAULT_FACE_THRESHOLD });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("face_threshold");

    storeRaw("face_threshold", 5);
    expect(getSetting("face_threshold")).toBe(DEFAULT_FACE_THRESHOLD);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  test("writes are validated: 400 with a Thai message for the key, nothing stored", () => {
    for (const bad of [0.05, 1.5, "0.4", null, Number.NaN]) {
      const error = thrown(() => updateSettings({ face_threshold: bad }, admin));
      expect(error.status).toBe(400);
      expect(error.fields?.face_threshold).toMatch(/เกณฑ์ความต่างของใบหน้า/);
    }
    expect(thrown(() => setSetting("face_threshold", 0.1)).fields?.face_threshold).toBe(
      "เกณฑ์ความต่างของใบหน้าต้องไม่น้อยกว่า 0.2",
    );
    expect(db().select().from(settings).all()).toEqual([]);
  });

  test("an unknown key or a non-object is refused", () => {
    const unknown = thrown(() => updateSettings({ face_threshold: 0.5, colour: "red" }, admin));
    expect(unknown.status).toBe(400);
    expect(unknown.fields).toEqual({ colour: "ไม่มีการตั้งค่านี้" });
    expect(thrown(() => updateSettings([0.5], admin)).status).toBe(400);
    expect(getSetting("face_threshold")).toBe(DEFAULT_FACE_THRESHOLD);
  });

  test("updateSettings stores and audit-logs only what changed", () => {
    expect(updateSettings({ face_threshold: 0.45 }, admin)).toEqual({ face_threshold: 0.45 });
    const [entry] = listAudit({ entity: "settings" }, 1);
    expect(entry).toMatchObject({ actorType: "admin", actorId: 1, action: "update" });
    expect(entry.changes).toEqual({ face_threshold: { from: DEFAULT_FACE_THRESHOLD, to: 0.45 } });

    const count = listAudit({ entity: "settings" }).length;
    updateSettings({ face_threshold: 0.45 }, admin);
    expect(listAudit({ entity: "settings" })).toHaveLength(count);
  });
});
