// npm run restore -- <file>: puts a backup in place of DATA_DIR/tn.sqlite while the server is stopped.
import { MIGRATIONS_DIR } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { restoreDatabase, RestoreError } from "~/lib/restore.server";

const file = process.argv[2];
if (!file) {
  console.error("ใช้: npm run restore -- <ไฟล์สำรองข้อมูล.sqlite>  (หยุดเซิร์ฟเวอร์ก่อน)");
  process.exit(1);
}
try {
  const result = restoreDatabase({ dataDir: env().DATA_DIR, file, migrationsDir: MIGRATIONS_DIR });
  console.log(`กู้คืนข้อมูลแล้ว: ${result.file} (พนักงาน ${result.employees} คน, integrity_check ok)`);
  if (result.keptAs) console.log(`ฐานข้อมูลเดิมเก็บไว้ที่: ${result.keptAs}`);
  console.log("เริ่มเซิร์ฟเวอร์ได้เลย (npm start): ไฟล์จากรุ่นก่อนจะถูกปรับโครงสร้างให้อัตโนมัติ");
} catch (error) {
  console.error(`กู้คืนข้อมูลไม่สำเร็จ: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof RestoreError)) console.error(error); // not a refusal: a bug, with its stack
  process.exitCode = 1;
}
