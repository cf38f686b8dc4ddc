import { eq } from "drizzle-orm";
import { settings } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { DEFAULT_FACE_THRESHOLD } from "~/lib/face.server";
import { listAudit } from "~/models/audit/audit.server";
import { getSetting, getSettings, onSettingsSave, SETTINGS, setSetting, updateSettings, type SettingKey } from "./settings.server";

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

const defaults = () =>
  Object.fromEntries((Object.keys(SETTINGS) as SettingKey[]).map((k) => [k, SETTINGS[k].default]));

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
    expect(getSettings()).toEqual(defaults());
    expect(getSettings()).toMatchObject({ face_threshold: DEFAULT_FACE_THRESHOLD });
  });

  test("a stored value reads back typed", () => {
    setSetting("face_threshold", 0.42);
    const value: number = getSetting("face_threshold");
    expect(value).toBe(0.42);
    expect(getSettings(["face_threshold"])).toEqual({ face_threshold: 0.42 });
  });

  test("a value written behind the model's back is read at once; read values cannot be changed by a caller", () => {
    const office = { name: "สำนักงานใหญ่", lat: 13.75, lng: 100.5, radius_m: 200 };
    setSetting("offices", [office]);
    const first = getSettings(["offices"]).offices;
    expect(first).toEqual([office]);
    expect(getSettings(["offices"]).offices).toBe(first);
    expect(getSetting("offices")).toBe(first);
    expect(() => (first as unknown as unknown[]).push(office)).toThrow(TypeError);
    expect(() => Object.assign(first[0], { radius_m: 1 })).toThrow(TypeError);

    storeRaw("offices", [{ ...office, radius_m: 350 }]);
    expect(getSettings(["offices"]).offices).toEqual([{ ...office, radius_m: 350 }]);
    storeRaw("offices", [{ ...office, radius_m: 400 }]);
    expect(getSetting("offices")).toEqual([{ ...office, radius_m: 400 }]);
    db().delete(settings).run();
    expect(getSettings(["offices"]).offices).toEqual(SETTINGS.offices.default);
    expect(getSetting("offices")).toEqual(SETTINGS.offices.default);
    expect(() => (getSetting("work_days") as number[]).push(0)).toThrow(TypeError);
  });

  test("a stored value that no longer parses falls back to the default with one warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    storeRaw("face_threshold", "0.4");
    expect(getSetting("face_threshold")).toBe(DEFAULT_FACE_THRESHOLD);
    expect(getSettings()).toEqual(defaults());
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
    expect(updateSettings({ face_threshold: 0.45 }, admin)).toEqual({ ...defaults(), face_threshold: 0.45 });
    const [entry] = listAudit({ entity: "settings" }, 1);
    expect(entry).toMatchObject({ actorType: "admin", actorId: 1, action: "update" });
    expect(entry.changes).toEqual({ face_threshold: { from: DEFAULT_FACE_THRESHOLD, to: 0.45 } });

    const count = listAudit({ entity: "settings" }).length;
    updateSettings({ face_threshold: 0.45 }, admin);
    expect(listAudit({ entity: "settings" })).toHaveLength(count);
  });
});

describe("attendance settings", () => {
  test("defaults from the issue", () => {
    expect(getSettings()).toMatchObject({
      offices: [],
      outside_radius: "review",
      max_accuracy_m: 100,
      work_start: "08:30",
      work_end: "17:30",
      break_start: "12:00",
      break_end: "13:00",
      late_grace_minutes: 0,
      early_grace_minutes: 0,
      work_days: [1, 2, 3, 4, 5],
      require_selfie: true,
      missing_checkout_hour: 23,
      selfie_retention_days: 90,
    });
  });

  test("offices are validated per field, at most 20", () => {
    const office = { name: " สำนักงานใหญ่ ", lat: 13.75, lng: 100.5, radius_m: 150 };
    expect(updateSettings({ offices: [office] }, admin).offices).toEqual([{ ...office, name: "สำนักงานใหญ่" }]);
    const cases: [unknown, string, RegExp][] = [
      [{ ...office, name: "" }, "offices.0.name", /ชื่อสำนักงาน/],
      [{ ...office, lat: 91 }, "offices.0.lat", /ละติจูด/],
      [{ ...office, lng: -181 }, "offices.0.lng", /ลองจิจูด/],
      [{ ...office, radius_m: 9 }, "offices.0.radius_m", /10 เมตร/],
      [{ ...office, radius_m: 5001 }, "offices.0.radius_m", /5,000/],
      [{ ...office, lat: "13.7" }, "offices.0.lat", /ตัวเลข/],
    ];
    for (const [bad, field, message] of cases) {
      const error = thrown(() => updateSettings({ offices: [bad] }, admin));
      expect(error.status).toBe(400);
      expect(error.fields?.[field]).toMatch(message);
    }
    const many = Array.from({ length: 21 }, (_, i) => ({ ...office, name: `สาขา ${i}` }));
    expect(thrown(() => updateSettings({ offices: many }, admin)).fields?.offices).toMatch(/ไม่เกิน 20/);
    expect(getSetting("offices")).toHaveLength(1);
  });

  test("ranges and shapes of the other keys", () => {
    const bad: [string, unknown][] = [
      ["outside_radius", "ignore"],
      ["max_accuracy_m", 4],
      ["max_accuracy_m", 1001],
      ["work_start", "8:30"],
      ["work_end", "24:00"],
      ["late_grace_minutes", -1],
      ["early_grace_minutes", 121],
      ["late_grace_minutes", 1.5],
      ["work_days", [0]],
      ["work_days", [1, 1]],
      ["require_selfie", "true"],
      ["missing_checkout_hour", 24],
      ["selfie_retention_days", 6],
      ["selfie_retention_days", 3651],
    ];
    for (const [key, value] of bad) {
      const error = thrown(() => updateSettings({ [key]: value }, admin));
      expect(error.fields?.[key] ?? error.fields?.[`${key}.0`], `${key}=${JSON.stringify(value)}`).toBeTruthy();
    }
    expect(db().select().from(settings).all()).toEqual([]);
    expect(updateSettings({ outside_radius: "reject", work_days: [6, 7], late_grace_minutes: 15 }, admin)).toMatchObject({
      outside_radius: "reject",
      work_days: [6, 7],
      late_grace_minutes: 15,
    });
  });

  test("work hours must run start < break start < break end < end, checked against stored values", () => {
    expect(thrown(() => updateSettings({ work_start: "12:30" }, admin)).fields).toEqual({
      work_start: "เวลาเข้างานต้องก่อนเวลาเริ่มพัก",
    });
    expect(thrown(() => updateSettings({ work_end: "12:59" }, admin)).fields).toEqual({
      work_end: "เวลาเลิกงานต้องหลังเวลาสิ้นสุดพัก",
    });
    expect(thrown(() => updateSettings({ break_start: "13:00" }, admin)).fields?.break_start).toBeTruthy();
    expect(db().select().from(settings).all()).toEqual([]);
    // Moving the whole day later in one request passes.
    expect(
      updateSettings({ work_start: "13:30", break_start: "17:00", break_end: "18:00", work_end: "22:00" }, admin),
    ).toMatchObject({ work_start: "13:30", work_end: "22:00" });
  });
});

describe("save hooks", () => {
  afterEach(() => onSettingsSave("test", {}));

  test("complete adds values to the same write and its audit; saved sees the changed keys, the values stored, the caller's clock", () => {
    const seen: unknown[] = [];
    const at = new Date("2026-11-25T03:00:00Z");
    onSettingsSave("test", {
      complete: ({ input }) => (input.work_start ? { late_grace_minutes: 5 } : undefined),
      saved: ({ changed, now }) => seen.push({ changed: [...changed].sort(), stored: getSetting("late_grace_minutes"), now }),
    });
    updateSettings({ work_start: "09:00", require_selfie: true }, admin, at);
    expect(getSetting("late_grace_minutes")).toBe(5);
    expect(seen).toEqual([{ changed: ["late_grace_minutes", "work_start"], stored: 5, now: at }]);
    expect(listAudit({ entity: "settings" }, 1)[0].changes).toEqual({ work_start: { from: "08:30", to: "09:00" }, late_grace_minutes: { from: 0, to: 5 } });
  });

  test("a hook that throws undoes the whole write", () => {
    onSettingsSave("test", {
      saved: () => {
        throw new DomainError(400, "ไม่ได้");
      },
    });
    expect(thrown(() => updateSettings({ work_start: "09:00" }, admin)).message).toBe("ไม่ได้");
    expect(getSetting("work_start")).toBe("08:30");
    onSettingsSave("test", {
      complete: () => {
        throw new DomainError(400, "ไม่ได้");
      },
    });
    expect(thrown(() => updateSettings({ work_start: "09:00" }, admin)).message).toBe("ไม่ได้");
    expect(getSetting("work_start")).toBe("08:30");
  });
});
