// npm run ledger:fill -- --from YYYY-MM-DD --to YYYY-MM-DD: fills the day ledger of DATA_DIR's
// database for every date of the range not filled yet (up to today), as the nightly job does day by
// day. For a history written straight into the database (the benchmark's seed, an import).
// Exit 0: filled · 2: wrong arguments or no database.
import fs from "node:fs";
import { workDate } from "~/lib/business-day.server";
import { closeDb, databasePath } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { dayNumber } from "~/lib/iso-day";
import { setAppTimeZone } from "~/lib/thai-date";
import { ensureLedger } from "~/models/attendance/ledger.server";

const USAGE = "ใช้: npm run ledger:fill -- --from YYYY-MM-DD [--to YYYY-MM-DD]";

const option = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : (args[i + 1] ?? "");
};

setAppTimeZone(env().APP_TIMEZONE);
const args = process.argv.slice(2);
const from = option(args, "--from");
const to = option(args, "--to") ?? workDate();
if (!from || dayNumber(from) === null || dayNumber(to) === null || from > to) {
  console.error(USAGE);
  process.exit(2);
}
if (!fs.existsSync(databasePath())) {
  console.error(`ไม่พบฐานข้อมูลที่ ${databasePath()} (ตั้ง DATA_DIR ให้ตรงกับของเซิร์ฟเวอร์)`);
  process.exit(2);
}
try {
  const started = performance.now();
  const rows = ensureLedger(from, to);
  console.log(`Day ledger ${from} … ${to}: ${rows.toLocaleString("en-US")} rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  closeDb();
}
