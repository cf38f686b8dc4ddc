// `npm run ledger:fill` (scripts/ledger-fill.ts) against a DATA_DIR's database: the dates of the
// range are filled for everyone, as the readers and the nightly job fill them; 2 for wrong arguments.
import { spawn } from "node:child_process";
import { and, between, count, eq } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates } from "../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { addDays } from "~/lib/iso-day";
import { setSetting } from "~/models/core/settings.server";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";

function fill(args: string[]) {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/ledger-fill.ts", ...args], {
    env: { ...process.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += String(d)));
  child.stderr.on("data", (d) => (output += String(d)));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once("close", (code) => resolve({ code, output })));
}

const to = addDays(workDate(), -1);
const from = addDays(to, -6);

test("fills every date of the range for everyone working then, with the record's day computed", async () => {
  setSetting("attendance_start", addDays(from, -30));
  const ids = ["FILL1", "FILL2"].map(
    (code) => createEmployee(EmployeeCreateSchema.parse({ code, title: 1, first_name: "สมหมาย", last_name: "เติม" }), { type: "system" }).id,
  );
  db().insert(attendance).values({ employeeId: ids[0], workDate: to, checkinAt: new Date(`${to}T08:00:00+07:00`) }).run();

  const result = await fill(["--from", from, "--to", to]);
  expect(result.output).toContain("14 rows written");
  expect(result.code).toBe(0);
  expect(db().select({ n: count() }).from(ledgerDates).where(between(ledgerDates.workDate, from, to)).get()?.n).toBe(7);
  const day = db()
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, ids[0]), eq(attendanceDays.workDate, to)))
    .get();
  expect(day?.attendanceId).not.toBeNull();
  expect(day?.checkinReview).toBe("none");

  const again = await fill(["--from", from, "--to", to]);
  expect(again.output).toContain("0 rows written");
}, 60_000);

test("exit 2 without a start date or with a range backwards", async () => {
  expect((await fill([])).code).toBe(2);
  expect((await fill(["--from", to, "--to", from])).code).toBe(2);
}, 60_000);
