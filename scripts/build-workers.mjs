// Bundles the worker threads' entries (app/workers/*.ts) into build/workers/<name>.mjs, which the
// server starts with `new Worker()` (app/lib/worker-parts.server.ts). Part of `npm run build`;
// the unit tests run it first too (tests/setup/workers.ts), so they never use a stale bundle.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");

export async function buildWorkers({ outdir = path.join(root, "build", "workers") } = {}) {
  const dir = path.join(root, "app", "workers");
  const entryPoints = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).map((f) => path.join(dir, f));
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    // The native driver loads from node_modules; dayjs's plugins are CommonJS, bundled as the server's are.
    external: ["better-sqlite3"],
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "warning",
  });
  return entryPoints.map((f) => path.join(outdir, `${path.basename(f, ".ts")}.mjs`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const files = await buildWorkers();
  console.log(`workers built: ${files.map((f) => path.relative(root, f)).join(", ")}`);
}
