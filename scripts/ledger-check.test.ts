// `npm run ledger:check` (scripts/ledger-check.ts) against a DATA_DIR's database: exit 0 when the
// ledger matches its inputs, 1 with the differences listed, 2 for wrong arguments.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays } from "../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { addDays } from "~/lib/iso-day";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";

function check(args: string[], dataDir = process.env.DATA_DIR ?? "") {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/ledger-check.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += String(d)));
  child.stderr.on("data", (d) => (output += String(d)));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once("close", (code) => resolve({ code, output })));
}

// Settled days only (yesterday and before): the check runs on the wall clock.
const to = addDays(workDate(), -1);
const from = addDays(to, -6);

test("exit 0 on a ledger that matches, 1 with the differing row listed", async () => {
  setSetting("attendance_start", addDays(from, -30));
  const employee = createEmployee(EmployeeCreateSchema.parse({ code: "CLI1", title: 1, first_name: "สมหมาย", last_name: "ตรวจ" }), { type: "system" });
  db().insert(attendance).values({ employeeId: employee.id, workDate: to, checkinAt: new Date(`${to}T08:00:00+07:00`) }).run();
  ensureLedger(from, to);

  const clean = await check(["--from", from, "--to", to]);
  expect(clean.output).toContain("ตรงกันทั้งหมด: ตรวจ 7 แถว 7 วัน");
  expect(clean.code).toBe(0);

  db()
    .update(attendanceDays)
    .set({ status: "present" })
    .where(and(eq(attendanceDays.employeeId, employee.id), eq(attendanceDays.workDate, from)))
    .run();
  const tampered = await check(["--from", from, "--to", to]);
  expect(tampered.output).toContain("ไม่ตรง 1 รายการ จาก 7 แถว");
  expect(tampered.output).toMatch(new RegExp(`employee ${employee.id} ${from} status: stored "present", computed "(?!present)\\w+"`));
  expect(tampered.code).toBe(1);
}, 60_000);

test("exit 2 for a wrong date or option, and for a folder with no database", async () => {
  const bad = await check(["--from", "2026-02-30"]);
  expect(bad.code).toBe(2);
  expect(bad.output).toContain('วันที่ไม่ถูกต้อง: "2026-02-30"');
  expect((await check(["--since", "2026-01-01"])).code).toBe(2);
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "tn-ledger-check-"));
  try {
    const missing = await check([], empty);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("ไม่พบฐานข้อมูลที่");
    expect(fs.existsSync(path.join(empty, "tn.sqlite"))).toBe(false);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
}, 60_000);
