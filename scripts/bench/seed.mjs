// Seed data for the benchmark: active employees with Thai names, created through the real
// admin API (POST /api/employee) with a bounded number of requests in flight.

export const SEED_COUNT = 1000;
export const SEED_CONCURRENCY = 8;

const FIRST_NAMES = [
  "สมชาย", "สมศรี", "วิชัย", "สุดา", "ประยุทธ", "มาลี", "อนันต์", "กาญจนา", "ธนพล", "พรทิพย์",
  "สุรชัย", "นภา", "ชัยวัฒน์", "รัตนา", "ปิยะ", "วราภรณ์", "เกียรติศักดิ์", "จันทร์เพ็ญ", "ณัฐวุฒิ", "ศิริพร",
  "อภิชาติ", "บุญเรือน", "ทองดี", "อารีย์", "ไพโรจน์",
];
const LAST_NAMES = [
  "ใจดี", "รักไทย", "ศรีสุข", "แสงทอง", "วงศ์สวัสดิ์", "บุญมา", "ทองคำ", "สุขสวัสดิ์", "เพชรรัตน์", "มั่นคง",
  "ศักดิ์สิทธิ์", "พึ่งบุญ", "อินทร์แก้ว", "ชัยมงคล", "เจริญผล", "นาคสวัสดิ์", "ประเสริฐศรี", "กิตติวงศ์", "ธนากร", "บุญประเสริฐ",
];
const NICKNAMES = ["แดง", "ต้น", "นก", "เล็ก", "ใหญ่", "ปู", "กุ้ง", "หนึ่ง", "บอย", "แพร", "เอ", "จิ๋ว", ""];
const POSITIONS = ["พนักงานขาย", "พนักงานคลังสินค้า", "ช่างเทคนิค", "เจ้าหน้าที่บัญชี", "พนักงานขับรถ", "หัวหน้างาน"];
const DEPARTMENTS = ["ฝ่ายขาย", "คลังสินค้า", "ซ่อมบำรุง", "บัญชี", "ขนส่ง"];

/** A Thai fragment (one of the last names) that matches SEED_COUNT / LAST_NAMES.length rows. */
export const SEARCH_FRAGMENT = "แสงทอง";

/** The i-th seeded employee (0-based): code E0001…, varied names, a phone, a job. */
export function seedEmployee(i) {
  const title = (i % 3) + 1;
  return {
    code: `E${String(i + 1).padStart(4, "0")}`,
    title,
    first_name: FIRST_NAMES[i % FIRST_NAMES.length],
    last_name: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length],
    nickname: NICKNAMES[(i * 7) % NICKNAMES.length],
    phone: `08${(i % 10).toString()}-${String(100 + ((i * 37) % 900))}-${String(1000 + ((i * 7919) % 9000))}`,
    position: POSITIONS[i % POSITIONS.length],
    department: DEPARTMENTS[(i * 3) % DEPARTMENTS.length],
    start_date: `20${String(15 + (i % 10))}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
  };
}

/** How many seeded employees a search for q should find (code, names, "first last", nickname). */
export function expectedMatches(q, count = SEED_COUNT) {
  let n = 0;
  for (let i = 0; i < count; i++) {
    const e = seedEmployee(i);
    const fields = [e.code, e.first_name, e.last_name, `${e.first_name} ${e.last_name}`, e.nickname];
    if (fields.some((f) => f.toLowerCase().includes(q.toLowerCase()))) n++;
  }
  return n;
}

/** Runs fn over items with at most `limit` calls in flight; stops at the first error. */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  let failed = null;
  async function lane() {
    while (failed === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index], index);
      } catch (error) {
        failed ??= error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed) throw failed;
  return results;
}

/**
 * Creates `count` employees via POST /api/employee with the admin cookie.
 * @returns {{ count: number, concurrency: number, ms: number, employees: { id: number, code: string }[] }}
 */
export async function seedEmployees(ctx, { count = SEED_COUNT, concurrency = SEED_CONCURRENCY, timeoutMs = 10_000 } = {}) {
  const cookie = await ctx.login();
  const started = performance.now();
  const employees = await mapLimit(
    Array.from({ length: count }, (_, i) => seedEmployee(i)),
    concurrency,
    async (input) => {
      const response = await fetch(new URL("/api/employee", ctx.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (response.status !== 201) {
        throw new Error(`seeding ${input.code}: POST /api/employee answered ${response.status}: ${text.slice(0, 200)}`);
      }
      const { employee } = JSON.parse(text);
      return { id: employee.id, code: employee.code };
    },
  );
  return { count, concurrency, ms: performance.now() - started, employees };
}
