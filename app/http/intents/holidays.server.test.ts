import { describe, expect, it } from "vitest";
import type { HolidaysTabData } from "~/components/leave/HolidaysTab";
import { pageAction } from "~/http/page-action.server";
import { currentHolidayYear, listHolidays, seedHolidayYear } from "~/models/leave/holidays.server";
import { HOLIDAY_INTENTS } from "~/models/leave/holiday-schema";
import { holidayIntents, holidaysTabData } from "./holidays.server";

const admin = { type: "admin" as const, id: null };

const post = (fields: Record<string, string>) =>
  pageAction(
    new Request("http://localhost/admin/leave-work?tab=holidays", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    holidayIntents(admin),
  );

async function failure(response: Awaited<ReturnType<typeof post>>) {
  const body = await response.json();
  if (body.ok) throw new Error("expected a failure");
  return body;
}

describe("the holiday tab's intents", () => {
  it("add, rename and remove through the form, with Thai toasts", async () => {
    const added = await post({ intent: HOLIDAY_INTENTS.add, date: "2026-08-14", name: "วันครบรอบบริษัท", kind: "" });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ ok: true, message: 'เพิ่มวันหยุด "วันครบรอบบริษัท" แล้ว', data: { holiday: { kind: "company" }, recounted_petitions: 0 } });

    const renamed = await post({ intent: HOLIDAY_INTENTS.rename, date: "2026-08-14", name: "วันก่อตั้งบริษัท", kind: "public" });
    expect(await renamed.json()).toMatchObject({ ok: true, data: { name: "วันก่อตั้งบริษัท", kind: "public" } });

    const removed = await post({ intent: HOLIDAY_INTENTS.remove, date: "2026-08-14" });
    expect(await removed.json()).toMatchObject({ ok: true, message: 'ลบวันหยุด "วันก่อตั้งบริษัท" แล้ว' });
    expect(listHolidays(2026).items.some((h) => h.date === "2026-08-14")).toBe(false);
  });

  it("answers 400 with Thai field messages, 409 on a taken date, 404 on a missing one", async () => {
    const bad = await post({ intent: HOLIDAY_INTENTS.add, date: "2026-02-30", name: "" });
    expect(bad.status).toBe(400);
    const body = await failure(bad);
    expect(body.fields.date).toMatch(/วันที่/);
    expect(body.fields.name).toMatch(/ชื่อวันหยุด/);

    await post({ intent: HOLIDAY_INTENTS.add, date: "2026-08-20", name: "หนึ่ง" });
    expect((await post({ intent: HOLIDAY_INTENTS.add, date: "2026-08-20", name: "สอง" })).status).toBe(409);
    expect((await post({ intent: HOLIDAY_INTENTS.remove, date: "2026-09-09" })).status).toBe(404);
    expect((await post({ intent: HOLIDAY_INTENTS.rename, date: "2026-09-09", name: "x" })).status).toBe(404);
  });

  it("re-seeds a year and refuses one out of range", async () => {
    const ok = await post({ intent: HOLIDAY_INTENTS.reseed, year: "2027" });
    expect(await ok.json()).toMatchObject({ ok: true, message: "ดึงวันหยุดราชการปี 2570 ใหม่แล้ว" });
    expect(listHolidays(2027).items.length).toBeGreaterThanOrEqual(13);
    const late = await post({ intent: HOLIDAY_INTENTS.reseed, year: String(currentHolidayYear() + 6) });
    expect(late.status).toBe(400);
    const body = await failure(late);
    expect(body.fields.year).toMatch(/ปี/);
  });
});

describe("holidaysTabData", () => {
  it("gives the asked year's list with the year range, and this year for a bad year", () => {
    seedHolidayYear(2026);
    // What the loader gives is what the component takes.
    const data: HolidaysTabData = holidaysTabData(new Request("http://localhost/admin/leave-work?tab=holidays&year=2026"));
    expect(data).toMatchObject({ year: 2026, warnings: [], min_year: 2024, max_year: currentHolidayYear() + 5 });
    expect(data.items.length).toBeGreaterThanOrEqual(13);
    expect(holidaysTabData(new Request("http://localhost/admin/leave-work?year=abc")).year).toBe(currentHolidayYear());
    expect(holidaysTabData(new Request("http://localhost/admin/leave-work?year=1999")).year).toBe(currentHolidayYear());
  });
});
