// `npm run bench:seed [-- <dir>]`: builds the benchmark data set (1,000 employees, two years of
// attendance, ~20k leave petitions, 200 cabinets with 20k visits) into a data directory that stays,
// default ./data-bench, for profiling or trying the app with realistic volumes:
//   DATA_DIR=./data-bench npm start   (sign in as bench-admin / bench-admin-Password-2024)
// `BENCH_SCALE=10` (or `--scale 10`) multiplies the employees and the cabinets, and so the
// attendance, petitions and visits that follow them (docs/scaling.md).
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { benchContext, BENCH_ADMIN, seedDataSet } from "./bench/data-set.mjs";
import { MACHINE_COUNT } from "./bench/machines.mjs";
import { SEED_COUNT } from "./bench/seed.mjs";
import { startServer } from "./bench/server.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const scaleAt = args.indexOf("--scale");
const scaleText = scaleAt === -1 ? (process.env.BENCH_SCALE ?? "1") : args.splice(scaleAt, 2)[1];
const scale = Number(scaleText);
if (!Number.isInteger(scale) || scale < 1) {
  console.error(`the scale must be a whole number from 1 (BENCH_SCALE=10 or --scale 10), not ${JSON.stringify(scaleText)}`);
  process.exit(2);
}
const dir = path.resolve(args[0] ?? path.join(root, "data-bench"));
const log = (line) => console.error(`[bench:seed] ${line}`);

if (fs.existsSync(path.join(dir, "tn.sqlite"))) {
  console.error(`${dir} already holds a database: remove it first (rm -r ${dir}) or name another directory.`);
  process.exit(2);
}

const started = performance.now();
let stop = null;
const server = await startServer({
  cwd: root,
  dataDir: dir,
  env: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password },
  onSpawn: (s) => (stop = s),
}).catch(async (error) => {
  await stop?.();
  console.error(`the server failed to start: ${error.message}`);
  process.exit(1);
});
try {
  const seeding = performance.now();
  if (scale > 1) log(`scale ${scale}: ${(SEED_COUNT * scale).toLocaleString("en-US")} employees, ${(MACHINE_COUNT * scale).toLocaleString("en-US")} machines`);
  await seedDataSet(benchContext(server), log, { scale });
  const seconds = (performance.now() - seeding) / 1000;
  await server.stop(); // SIGTERM: the WAL is checkpointed into tn.sqlite
  const size = fs.statSync(path.join(dir, "tn.sqlite")).size;
  log(`data set seeded in ${seconds.toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(1)} s with the server's start and stop)`);
  log(`${path.join(dir, "tn.sqlite")}: ${(size / 1024 / 1024).toFixed(0)} MiB`);
  log(`try it: DATA_DIR=${path.relative(process.cwd(), dir) || "."} npm start, and sign in as ${BENCH_ADMIN.username} / ${BENCH_ADMIN.password}`);
} catch (error) {
  await server.stop();
  console.error(error.message);
  process.exitCode = 1;
}
