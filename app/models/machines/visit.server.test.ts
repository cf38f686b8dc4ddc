import { eq } from "drizzle-orm";
import { machines, machineVisits as visitsTable, uploads } from "../../../db/schema";
import { assignMachine, insertMachine, north } from "../../../tests/fixtures/machines";
import { makeJpeg } from "../../../tests/fixtures/images";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { VisitSchema } from "./visit-schema";
import { dailyVisits, employeeMachines, visitHistory, openProblems, sendVisit, visitsCsv } from "./visit.server";
import { loadMachineReports } from "./reports.server";
import { setSetting } from "~/models/core/settings.server";

const input = (machineId: number, over: Record<string, unknown> = {}) => VisitSchema.parse({ machine_id: machineId, status: "normal", ...over });
const counts = () => ({ visits: db().select().from(visitsTable).all().length, uploads: db().select().from(uploads).all().length });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await makeJpeg();
});

describe("employeeMachines", () => {
  test("due dates count from the business date of registration, then from the last visit; across a month end", async () => {
    const e = newEmployee();
    // Registered 31 Jan 2026 at 23:30 Bangkok time (16:30 UTC), every 3 days: due 3 Feb.
    const m = insertMachine(db(), { code: "DUE-1", type: 1, visitEveryDays: 3, createdAt: new Date("2026-01-31T16:30:00Z") });
    const never = insertMachine(db(), { code: "DUE-2", type: 1, visitEveryDays: null });
    assignMachine(db(), m.id, e.id);
    assignMachine(db(), never.id, e.id);

    const onTime = employeeMachines(e.id, undefined, new Date("2026-02-03T10:00:00Z"));
    expect(onTime.map((i) => [i.code, i.due_date, i.overdue])).toEqual([
      ["DUE-1", "2026-02-03", false],
      ["DUE-2", null, false],
    ]);
    expect(employeeMachines(e.id, undefined, new Date("2026-02-03T17:30:00Z"))[0]).toMatchObject({ due_date: "2026-02-03", overdue: true });

    // A visit at 00:30 on 1 Mar (Bangkok) is a 1 March visit: due 4 March.
    await sendVisit(e.id, input(m.id), null, new Date("2026-02-28T17:30:00Z"));
    const after = employeeMachines(e.id, undefined, new Date("2026-03-04T05:00:00Z"))[0];
    expect(after.last_visit).toMatchObject({ visit_date: "2026-03-01", status: "normal", status_label: "ปกติ" });
    expect(after).toMatchObject({ due_date: "2026-03-04", overdue: false });
  });

  test("nearest first with a position; unlocated machines last", () => {
    const e = newEmployee();
    const far = insertMachine(db(), { code: "N-A", type: 1, ...north(900) });
    const none = insertMachine(db(), { code: "N-B", type: 1, lat: null, lng: null });
    const near = insertMachine(db(), { code: "N-C", ...north(10) });
    for (const m of [far, none, near]) assignMachine(db(), m.id, e.id);
    const items = employeeMachines(e.id, north(0));
    expect(items.map((i) => i.code)).toEqual(["N-C", "N-A", "N-B"]);
    expect(items.map((i) => i.distance_m)).toEqual([10, 900, null]);
  });
});

describe("sendVisit", () => {
  test("sets the machine's last visit in the same transaction", async () => {
    const e = newEmployee();
    const m = insertMachine(db());
    assignMachine(db(), m.id, e.id);
    const visit = await sendVisit(e.id, input(m.id, { status: "broken", ...north(50), accuracy: 10 }), jpeg);
    expect(visit).toMatchObject({ status: "broken", geofence: "inside", flags: [] });
    expect(db().select().from(machines).where(eq(machines.id, m.id)).get()?.lastVisitId).toBe(visit.id);
  });

  test("type 2 refusals leave no row and no upload; the accuracy limit is the attendance setting", async () => {
    const e = newEmployee();
    const m = insertMachine(db());
    assignMachine(db(), m.id, e.id);
    const before = counts();
    expect((await refusal(sendVisit(e.id, input(m.id, { ...north(111), accuracy: 10 }), jpeg))).status).toBe(422);
    setSetting("max_accuracy_m", 20);
    const blurry = await refusal(sendVisit(e.id, input(m.id, { ...north(0), accuracy: 25 }), jpeg));
    expect(blurry.status).toBe(422);
    expect(blurry.message).toContain("ต้องไม่เกิน 20 เมตร");
    setSetting("max_accuracy_m", 100);
    expect((await refusal(sendVisit(e.id, input(m.id, { ...north(0), accuracy: 5 }), null))).status).toBe(400);
    expect((await refusal(sendVisit(e.id, input(m.id, { ...north(0), accuracy: 5 }), new TextEncoder().encode("GIF89a nope")))).status).toBe(400);
    expect(counts()).toEqual(before);
  });

  test("a type-2 machine without a location cannot take reports (409), rather than accepting them from anywhere", async () => {
    const e = newEmployee();
    const m = insertMachine(db(), { lat: null, lng: null });
    assignMachine(db(), m.id, e.id);
    expect((await refusal(sendVisit(e.id, input(m.id, { ...north(0), accuracy: 5 }), jpeg))).status).toBe(409);
  });
});

describe("admin reads", () => {
  test("history, a day's list, open problems (until a normal report) and the CSV", async () => {
    const e = newEmployee();
    const m = insertMachine(db(), { code: "ADM-1", name: "ตู้, ชั้น 2", type: 1 });
    assignMachine(db(), m.id, e.id);
    const day = new Date("2026-05-05T03:00:00Z");
    await sendVisit(e.id, input(m.id, { status: "out_of_stock", note: "=SUM(1)" }), null, day);
    await sendVisit(e.id, input(m.id, { status: "broken" }), null, new Date(day.getTime() + 60_000));

    expect(visitHistory(m.id).items.map((v) => v.status)).toEqual(["broken", "out_of_stock"]);
    expect(dailyVisits("2026-05-05").items.filter((v) => v.machine.id === m.id)).toHaveLength(2);
    expect(dailyVisits("2026-05-06").total).toBe(0);
    expect(openProblems().find((p) => p.machine.id === m.id)?.visit.status).toBe("broken");

    const { stream, from, to } = visitsCsv({ date: "2026-05-05" });
    expect([from, to]).toEqual(["2026-05-05", "2026-05-05"]);
    const lines = (await readCsv(stream)).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("5 พ.ค. 2569,2026-05-05,10:00,ADM-1,\"ตู้, ชั้น 2\",ทั่วไป");
    expect(lines[1]).toContain("สินค้าหมด,'=SUM(1)");
    expect(lines[1]).toContain("ไม่มีตำแหน่ง");

    await sendVisit(e.id, input(m.id, { status: "refilled" }), null, new Date(day.getTime() + 120_000));
    expect(openProblems().some((p) => p.machine.id === m.id)).toBe(false);
    expect((() => {
      try {
        visitHistory(999_999);
        return null;
      } catch (error) {
        return error instanceof DomainError ? error.status : error;
      }
    })()).toBe(404);
  });
});

describe("loadMachineReports", () => {
  test("the day's list, the open problems and one machine's history; bad or unknown values fall back", async () => {
    const e = newEmployee();
    const m = insertMachine(db(), { code: "REP-1", type: 1 });
    assignMachine(db(), m.id, e.id);
    await sendVisit(e.id, input(m.id, { status: "broken" }), null, new Date("2026-06-10T03:00:00Z"));

    const data = loadMachineReports(new URLSearchParams({ visit_date: "2026-06-10", visit_machine: String(m.id) }), new Date("2026-06-11T03:00:00Z"));
    expect(data.today).toBe("2026-06-11");
    expect(data.daily.date).toBe("2026-06-10");
    expect(data.daily.items.map((v) => v.machine.code)).toEqual(["REP-1"]);
    expect(data.problems.some((p) => p.machine.id === m.id)).toBe(true);
    expect(data.history?.machine.code).toBe("REP-1");

    const fallback = loadMachineReports(new URLSearchParams({ visit_date: "2026-02-30", visit_page: "x", visit_machine: "999999" }), new Date("2026-06-11T03:00:00Z"));
    expect(fallback.daily).toMatchObject({ date: "2026-06-11", page: 1 });
    expect(fallback.history).toBeNull();
  });
});
