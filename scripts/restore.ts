// npm run restore -- <file>: puts a backup in place of DATA_DIR/tn.sqlite while the server is stopped.
// npm run restore -- --from-replica [--timestamp ISO]: the same from REPLICA_URL (Litestream), the
// newest state or the state at that moment.
import { parseArgs } from "node:util";
import { MIGRATIONS_DIR } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { restoreFromReplica } from "~/lib/replica-restore.server";
import { restoreDatabase, RestoreError } from "~/lib/restore.server";

const USAGE = [
  "ใช้: npm run restore -- <ไฟล์สำรองข้อมูล.sqlite>  (หยุดเซิร์ฟเวอร์ก่อน)",
  "  หรือ npm run restore -- --from-replica [--timestamp 2026-11-28T09:30:00+07:00]  (จาก REPLICA_URL)",
].join("\n");

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: { "from-replica": { type: "boolean" }, timestamp: { type: "string" } },
    allowPositionals: true,
  });
}
try {
  args = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
const { values, positionals } = args;
const fromReplica = values["from-replica"] === true;
if (fromReplica ? positionals.length > 0 : positionals.length !== 1 || values.timestamp !== undefined) {
  console.error(USAGE);
  process.exit(1);
}

try {
  let result: ReturnType<typeof restoreDatabase>;
  if (fromReplica) {
    const fetched = restoreFromReplica({ dataDir: env().DATA_DIR, migrationsDir: MIGRATIONS_DIR, timestamp: values.timestamp });
    console.log(`ดึงข้อมูลจาก ${fetched.replica}${fetched.timestamp ? ` ณ เวลา ${fetched.timestamp}` : " (ล่าสุด)"}`);
    result = fetched;
  } else {
    result = restoreDatabase({ dataDir: env().DATA_DIR, file: positionals[0], migrationsDir: MIGRATIONS_DIR });
  }
  console.log(`กู้คืนข้อมูลแล้ว: ${result.file} (พนักงาน ${result.employees} คน, integrity_check ok)`);
  if (result.keptAs) console.log(`ฐานข้อมูลเดิมเก็บไว้ที่: ${result.keptAs}`);
  console.log("เริ่มเซิร์ฟเวอร์ได้เลย (npm start): ไฟล์จากรุ่นก่อนจะถูกปรับโครงสร้างให้อัตโนมัติ");
} catch (error) {
  console.error(`กู้คืนข้อมูลไม่สำเร็จ: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof RestoreError)) console.error(error); // not a refusal: a bug, with its stack
  process.exitCode = 1;
}
