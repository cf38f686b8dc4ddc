// npm run ledger:check [-- --from YYYY-MM-DD --to YYYY-MM-DD]: recomputes the day ledger of DATA_DIR's
// database from its inputs (default: the last 90 days) and lists the rows that differ.
// Exit 0: none differ · 1: some differ · 2: wrong arguments or no database.
import fs from "node:fs";
import { closeDb, databasePath } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { dayNumber } from "~/lib/iso-day";
import { setAppTimeZone } from "~/lib/thai-date";
import { lastDays, ledgerCheck, ledgerCheckSummary } from "~/models/attendance/ledger-check.server";

const USAGE = "ใช้: npm run ledger:check [-- --from YYYY-MM-DD --to YYYY-MM-DD]";

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : (args[i + 1] ?? "");
}

function parseRange(args: string[]): { from: string; to: string } | string {
  const known = new Set(["--from", "--to"]);
  const unknown = args.filter((a, i) => a.startsWith("--") && !known.has(a) && !known.has(args[i - 1] ?? ""));
  if (unknown.length > 0) return `ไม่รู้จัก ${unknown.join(" ")}`;
  const defaults = lastDays(90);
  const from = option(args, "--from") ?? defaults.from;
  const to = option(args, "--to") ?? defaults.to;
  for (const date of [from, to]) if (dayNumber(date) === null) return `วันที่ไม่ถูกต้อง: "${date}" (YYYY-MM-DD)`;
  if (from > to) return "--from ต้องไม่หลัง --to";
  return { from, to };
}

setAppTimeZone(env().APP_TIMEZONE);
const range = parseRange(process.argv.slice(2));
if (typeof range === "string") {
  console.error(`${range}\n${USAGE}`);
  process.exit(2);
}
if (!fs.existsSync(databasePath())) {
  console.error(`ไม่พบฐานข้อมูลที่ ${databasePath()} (ตั้ง DATA_DIR ให้ตรงกับของเซิร์ฟเวอร์)`);
  process.exit(2);
}

try {
  const result = await ledgerCheck(range);
  console.log(`Day ledger ${range.from} … ${range.to}: ${ledgerCheckSummary(result)}`);
  for (const d of result.differences) {
    console.log(`  employee ${d.employee_id} ${d.work_date} ${d.field}: stored ${JSON.stringify(d.stored)}, computed ${JSON.stringify(d.computed)}`);
  }
  if (result.count > result.differences.length) console.log(`  … and ${result.count - result.differences.length} more`);
  process.exitCode = result.count > 0 ? 1 : 0;
} finally {
  closeDb();
}
