// After `remix build` (npm run build): writes `x.br`, brotli at its best level, beside each JS and
// CSS file of public/build; server/precompressed.mjs sends it to browsers that accept br
// (docs/decisions/038-employee-page-bytes.md). A file the brotli copy would not make smaller by
// more than the two headers it adds (Content-Encoding, Vary) gets none.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const HEADER_BYTES = 64;

function* assets(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* assets(file);
    else if (/\.(js|css)$/.test(entry.name)) yield file;
  }
}

/** Compresses every JS and CSS file under `dir`; returns how many and the bytes before and after. */
export async function compressBuild(dir) {
  const files = [...assets(dir)];
  const totals = { files: files.length, written: 0, raw: 0, compressed: 0 };
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const file = files[next++];
      const source = fs.readFileSync(file);
      const packed = await brotli(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      });
      totals.raw += source.length;
      if (packed.length + HEADER_BYTES <= source.length) {
        fs.writeFileSync(`${file}.br`, packed);
        totals.written += 1;
        totals.compressed += packed.length;
      } else {
        fs.rmSync(`${file}.br`, { force: true });
        totals.compressed += source.length;
      }
    }
  }
  // The thread pool compresses; a few files in flight keep it busy.
  await Promise.all(Array.from({ length: Math.min(4, os.availableParallelism()) }, worker));
  return totals;
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
  const started = performance.now();
  const t = await compressBuild(path.join(root, "public", "build"));
  const kB = (n) => `${(n / 1000).toFixed(0)} kB`;
  console.log(
    `compressed ${t.written} of ${t.files} build files (brotli 11): ${kB(t.raw)} → ${kB(t.compressed)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
