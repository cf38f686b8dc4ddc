// npm run admin -- <username> [--password-stdin]: create the admin or reset their password.
// Without --password-stdin a random password is generated and printed once.
import { closeDb } from "~/lib/db.server";
import { resetAdminPassword } from "~/models/admins/admin.server";

const args = process.argv.slice(2);
const username = args.find((a) => !a.startsWith("--"));
if (!username) {
  console.error("ใช้: npm run admin -- <username> [--password-stdin]");
  process.exit(1);
}

async function readStdin() {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}

try {
  const password = args.includes("--password-stdin") ? await readStdin() : undefined;
  const result = await resetAdminPassword(username, password);
  console.log(result.created ? `สร้างผู้ดูแลระบบ ${result.username} แล้ว` : `ตั้งรหัสผ่านใหม่ให้ ${result.username} แล้ว (ออกจากระบบทุกอุปกรณ์)`);
  if (!password) console.log(`password: ${result.password}`);
} catch (error) {
  console.error(`ไม่สำเร็จ: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  closeDb();
}
