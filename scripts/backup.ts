// npm run backup -- <file>: a consistent copy of DATA_DIR/tn.sqlite, safe while the server runs.
import path from "node:path";
import Database from "better-sqlite3";
import { backupDatabase, giveWayToServer } from "~/lib/backup.server";
import { databasePath } from "~/lib/db.server";

const target = process.argv[2];
if (!target) {
  console.error("ใช้: npm run backup -- <ไฟล์ปลายทาง.sqlite>");
  process.exit(1);
}
giveWayToServer();
const source = new Database(databasePath(), { fileMustExist: true });
source.pragma("busy_timeout = 5000");
try {
  const { file, bytes } = await backupDatabase(source, path.resolve(target), { snapshot: true });
  console.log(`สำรองข้อมูลแล้ว: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, integrity_check ok)`);
} catch (error) {
  console.error(`สำรองข้อมูลไม่สำเร็จ: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  source.close();
}
