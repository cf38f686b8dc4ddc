// Bundles the worker threads' entries (app/workers/*.ts) into build/workers/<name>.mjs, which the
// server starts with `new Worker()` (app/lib/worker-parts.server.ts). Part of `npm run build`;
// `npm run dev` runs it with --watch, and the unit tests run it first (tests/setup/workers.ts) so
// they never test a stale bundle. Each file is written to a temporary name and renamed, so a
// server starting a worker meanwhile never loads half a file.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { build, context } from "esbuild";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const OUTDIR = path.join(root, "build", "workers");

function options(outdir) {
  const dir = path.join(root, "app", "workers");
  return {
    absWorkingDir: root,
    entryPoints: fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).map((f) => path.join(dir, f)),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    // The native driver loads from node_modules; dayjs's plugins are CommonJS, bundled as the server's are.
    external: ["better-sqlite3"],
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    write: false,
    logLevel: "warning",
  };
}

function writeAtomically(outputFiles) {
  for (const file of outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  return outputFiles.map((f) => f.path);
}

export async function buildWorkers({ outdir = OUTDIR } = {}) {
  const result = await build(options(outdir));
  return writeAtomically(result.outputFiles);
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--watch")) {
    const onEnd = { name: "write-atomically", setup: (b) => b.onEnd((result) => void (result.outputFiles && writeAtomically(result.outputFiles))) };
    const watching = await context({ ...options(OUTDIR), plugins: [onEnd] });
    await watching.watch();
    console.log("workers: watching app/workers and what they import");
  } else {
    const files = await buildWorkers();
    console.log(`workers built: ${files.map((f) => path.relative(root, f)).join(", ")}`);
  }
}
