// Client JS sizes from the production build (no server): reads the Remix client manifest
// (public/build/manifest-*.js, `window.__remixManifest={…}`) and sizes what a first load of a page
// downloads: entry.module + entry.imports + each route of the page's chain with its imports, plus
// whatever those files import statically (deduplicated). Each file is sized gzipped (level 9) and
// as the server sends it to a browser that accepts brotli (server.mjs): its build-time `.br` copy
// (scripts/compress-build.mjs), else brotli at the compression middleware's level from 8 KB, else
// as is. Chunks reached only through `import("…")` are reported apart. What Chromium receives is
// measured by tests/e2e/page-bytes.spec.ts (scripts/bench/page-bytes.mjs); ADR 038 says why the
// two differ.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const KB = 1000; // sizes are in kB of 1,000 bytes
export const EMPLOYEE_FIRST_LOAD_BUDGET = 180 * KB;
// The compression middleware's threshold and brotli level (server.mjs, the compression package's default).
const RUNTIME_THRESHOLD = 8 * 1024;
const RUNTIME_BROTLI_QUALITY = 4;
const EMPLOYEE_PAGES = ["employee._index", "employee.checkin-out", "employee.petition", "employee.vending-machine", "employee.face", "employee.verify"];
const FACE_MARKER = /face-api|tfjs/;

/** The manifest the server build points at (not a stale one left by another build). */
function manifestFile(root) {
  const buildDir = path.join(root, "public", "build");
  const serverBuild = path.join(root, "build", "index.js");
  const named = fs.existsSync(serverBuild)
    ? fs.readFileSync(serverBuild, "utf8").match(/manifest-[A-Za-z0-9]+\.js/)?.[0]
    : null;
  if (named && fs.existsSync(path.join(buildDir, named))) return path.join(buildDir, named);
  const candidates = fs
    .readdirSync(buildDir)
    .filter((n) => /^manifest-.*\.js$/.test(n))
    .map((n) => path.join(buildDir, n))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!candidates.length) throw new Error("no public/build/manifest-*.js: run `npm run build`");
  return candidates[0];
}

export function analyseBundle(root) {
  const publicDir = path.join(root, "public");
  const file = manifestFile(root);
  const text = fs.readFileSync(file, "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const info = new Map(); // url → { raw, gzip, staticImports, dynamicImports, face }

  function load(url) {
    let entry = info.get(url);
    if (entry) return entry;
    const source = fs.readFileSync(path.join(publicDir, url), "utf8");
    const resolve = (spec) => new URL(spec, `http://build.local${url}`).pathname;
    const staticImports = [...source.matchAll(/(?:\bfrom|\bimport)\s*["']((?:\/|\.\.?\/)[^"']+\.js)["']/g)].map((m) => resolve(m[1]));
    const dynamicImports = [...source.matchAll(/\bimport\(\s*["']((?:\/|\.\.?\/)[^"']+\.js)["']\s*\)/g)].map((m) => resolve(m[1]));
    const withoutSpecifiers = source.replace(/["'](?:\/|\.\.?\/)[^"'\s]+\.js["']/g, '""');
    entry = {
      url,
      raw: Buffer.byteLength(source),
      gzip: zlib.gzipSync(source, { level: 9 }).length,
      served: servedSize(path.join(publicDir, url), source),
      staticImports,
      dynamicImports,
      face: FACE_MARKER.test(withoutSpecifiers),
      liffMock: source.includes("LiffMockPlugin"),
    };
    info.set(url, entry);
    return entry;
  }

  /** The files `urls` bring with them through static imports (including themselves). */
  function closure(urls) {
    const seen = new Set();
    const stack = [...urls];
    while (stack.length) {
      const url = stack.pop();
      if (seen.has(url)) continue;
      seen.add(url);
      stack.push(...load(url).staticImports);
    }
    return seen;
  }

  function chain(routeId) {
    const ids = [];
    for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
      if (!manifest.routes[id]) throw new Error(`route ${id} is not in the client manifest`);
      ids.unshift(id);
    }
    return ids;
  }

  /** First load of a page: entry + every route of its chain, with the manifest's imports. */
  function firstLoad(routeId) {
    const ids = chain(routeId);
    const listed = [manifest.entry.module, ...manifest.entry.imports];
    for (const id of ids) listed.push(manifest.routes[id].module, ...(manifest.routes[id].imports ?? []));
    const files = closure(listed);
    const beyondManifest = [...files].filter((u) => !listed.includes(u));
    return { routes: ids, ...sizes(files), beyondManifest };
  }

  function sizes(files) {
    let raw = 0;
    let gzip = 0;
    let served = 0;
    for (const url of files) {
      raw += load(url).raw;
      gzip += load(url).gzip;
      served += load(url).served;
    }
    return { files: [...files], count: files.size, raw, gzip, served };
  }

  /** Chunks fetched by `import()` from `files` (and, in turn, from those chunks), beyond `files`. */
  function lazyChunks(files) {
    const have = new Set(files);
    const found = [];
    const queue = [...files];
    while (queue.length) {
      const from = queue.shift();
      for (const target of load(from).dynamicImports) {
        if (have.has(target)) continue;
        const extra = [...closure([target])].filter((u) => !have.has(u));
        for (const u of extra) have.add(u);
        queue.push(...extra);
        found.push({ target, from, ...sizes(new Set(extra)) });
      }
    }
    return found;
  }

  const employee = firstLoad("routes/employee._index");
  const face = firstLoad("routes/employee.face");
  const admin = firstLoad("routes/admin.employee");
  const manifestSize = {
    url: `/build/${path.basename(file)}`,
    raw: Buffer.byteLength(text),
    gzip: zlib.gzipSync(text, { level: 9 }).length,
  };

  // Every route's first load, to find where the face-api code may be loaded statically.
  const routeIds = Object.keys(manifest.routes);
  const staticEverywhere = new Set();
  for (const id of routeIds) for (const u of firstLoad(id).files) staticEverywhere.add(u);

  // Lazy chunks reachable from the employee pages (LIFF from routes/employee, face from the face screen).
  const lazy = lazyChunks(new Set([...employee.files, ...face.files]));
  for (const l of lazy) for (const u of l.files) load(u);
  const faceChunks = [...info.values()].filter((e) => e.face);
  const labelOf = (chunk) => {
    const files = chunk.files.map((u) => info.get(u));
    if (files.some((e) => e.face)) return "face-api (face check on the face screens)";
    if (files.some((e) => e.dynamicImports.some((u) => info.get(u)?.face))) return "face check module (imports face-api when used)";
    if (files.some((e) => e.liffMock)) return "LIFF mock (demo mode only)";
    if (/\/liff-[^/]*\.js$/.test(chunk.target)) return "LIFF SDK";
    return path.basename(chunk.target).replace(/-[A-Z0-9]+\.js$/, "");
  };
  const lazyRows = lazy.map((l) => ({ ...l, label: labelOf(l) }));

  const hasFace = (files) => files.some((u) => info.get(u)?.face);
  const adminIds = routeIds.filter((id) => id === "routes/admin" || id.startsWith("routes/admin."));
  const adminWithFace = adminIds.filter((id) => hasFace(firstLoad(id).files));
  const rootLoad = firstLoad("root");
  const checks = [
    {
      // The face pre-check runs on the server (ADR 036): no face-api in the browser build at all.
      ok: faceChunks.length === 0 && ![...staticEverywhere].some((u) => info.get(u)?.face),
      text: `no face-api chunk in the build (the pre-check asks the server): ${faceChunks.map((c) => path.basename(c.url)).join(", ") || "none"}`,
    },
    { ok: !hasFace(employee.files), text: "`routes/employee._index` first load (entry + root + employee + employee._index) has no face-api chunk" },
    { ok: !hasFace(rootLoad.files), text: "`root` (with the entry) has no face-api chunk" },
    {
      ok: adminIds.length > 0 && adminWithFace.length === 0,
      text: `no admin route's first load has a face-api chunk (${adminIds.length} routes: \`routes/admin\`, \`routes/admin.*\`)${adminWithFace.length ? `; found in ${adminWithFace.join(", ")}` : ""}`,
    },
    { ok: !hasFace(face.files), text: "`routes/employee.face` static imports have no face-api chunk (it is fetched on demand)" },
  ];

  return {
    manifest: manifestSize,
    pages: [
      ...EMPLOYEE_PAGES.map((id) => ({
        label: `\`routes/${id}\` (with \`root\` and \`routes/employee\`)`,
        ...(id === "employee._index" ? employee : id === "employee.face" ? face : firstLoad(`routes/${id}`)),
        budget: EMPLOYEE_FIRST_LOAD_BUDGET,
      })),
      { label: "admin employee page (`root` + `routes/admin` + `routes/admin.employee`), for comparison", ...admin, budget: null },
    ],
    faceChunks: faceChunks.map((c) => ({ url: c.url, raw: c.raw, gzip: c.gzip })),
    lazy: lazyRows,
    checks,
  };
}

/** Bytes the server sends for a build file to a browser that accepts br (see the top of this file). */
function servedSize(file, source) {
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  if (Buffer.byteLength(source) < RUNTIME_THRESHOLD) return Buffer.byteLength(source);
  return zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RUNTIME_BROTLI_QUALITY } }).length;
}

/** Retries when another process rebuilds public/build while it is read (bounded). */
export async function analyseBundleWithRetry(root, { attempts = 3, pauseMs = 3000 } = {}) {
  let last;
  for (let i = 0; i < attempts; i++) {
    try {
      return analyseBundle(root);
    } catch (error) {
      last = error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  throw last;
}
