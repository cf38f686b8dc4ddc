// What a phone downloads for each employee page, measured in Chromium: `npm run bench` runs
// tests/e2e/page-bytes.spec.ts (Playwright, the production build, empty cache, 390 px, demo mode)
// and puts its JSON into docs/benchmarks.md (docs/decisions/038-employee-page-bytes.md).
// `node scripts/bench/page-bytes.mjs [file.json]` prints the table of a saved measurement.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { freePort } from "./server.mjs";

const SPEC = "tests/e2e/page-bytes.spec.ts";
const TIMEOUT_MS = 300_000;

/**
 * Runs the spec on a free port; resolves to its figures. A page over budget fails the spec but
 * still writes the figures (the bench marks the miss); no figures at all is an error.
 */
export async function measurePageBytes(root, log) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tn-page-bytes-")), "page-bytes.json");
  // A free port unless E2E_PORT names one (as for `playwright test`).
  const port = Number(process.env.E2E_PORT) || (await freePort());
  log(`page bytes: ${SPEC} on port ${port}`);
  const output = [];
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/@playwright/test/cli.js"), "test", SPEC, "--reporter=line"], {
      cwd: root,
      env: { ...process.env, E2E_PORT: String(port), PAGE_BYTES_FILE: file },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk) => output.push(chunk.toString());
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGTERM"), TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve(status);
    });
  });
  try {
    if (!fs.existsSync(file)) throw new Error(`${SPEC} wrote no figures (exit ${code}):\n${output.join("").slice(-2000)}`);
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    data.specPassed = code === 0;
    return data;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const kB = (bytes) => `${(bytes / 1000).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kB`;
const cell = (page, kind) => (page.counts[kind] ? `${kB(page.bytes[kind])} (${page.counts[kind]})` : "—");
const headerBytes = (page, kinds) => page.files.filter((f) => kinds.includes(f.kind)).reduce((sum, f) => sum + f.headers, 0);

/** Pages whose JS + CSS (without the first open's sign-in SDK) is over the budget. */
export function pageBytesMissed(data) {
  if (!data) return [];
  return data.pages.filter((p) => ownBytes(data, p) > data.budget).map((p) => `browser bytes: ${p.page}`);
}

const ownBytes = (data, page) => (page.signedIn ? page.jsCss : page.jsCss - data.signIn.bytes);

export function pageBytesMarkdown(data) {
  if (!data) return "";
  const lines = [
    "### What a phone downloads (Chromium, empty cache, 390 px; bytes as received, headers included; 1 kB = 1,000 bytes)",
    "",
    `\`${SPEC}\` on the production build in demo mode: each page in a fresh browser context, signed in (the session cookie set through the API), until nothing has been in flight for a second. Bytes are Chromium's \`encodedDataLength\` (the body as the server compressed it, plus the response headers); (n) is the number of requests. JS + CSS is held to ≤ ${kB(data.budget).replace(".0 kB", " kB")} per page (DESIGN §10).`,
    "",
    "| Page | Requests | JS | CSS | Fonts | Images | Document + data | Total | JS + CSS | Headers in JS + CSS | Budget |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |",
  ];
  for (const p of data.pages) {
    const own = ownBytes(data, p);
    const docData = p.bytes.document + p.bytes.data + p.bytes.other;
    const note = p.signedIn ? "" : ` (${kB(own)} without the sign-in's LIFF SDK)`;
    lines.push(
      `| ${p.page} | ${p.requests} | ${cell(p, "js")} | ${cell(p, "css")} | ${cell(p, "font")} | ${cell(p, "image")} | ${kB(docData)} | ${kB(p.total)} | **${kB(p.jsCss)}**${note} | ${kB(headerBytes(p, ["js", "css"]))} | ${own <= data.budget ? "✓" : "✗"} ≤ ${kB(data.budget).replace(".0 kB", " kB")} |`,
    );
  }
  lines.push(
    "",
    `- The first open (no session yet) signs in with the LIFF SDK, fetched by \`import()\` once the page runs: ${kB(data.signIn.bytes)} in ${data.signIn.requests} files in demo mode (the SDK and its mock; in LINE the SDK alone), on top of the page.`,
  );
  if (data.specPassed === false) lines.push(`- ✗ \`${SPEC}\` failed (a page over budget, or another of its checks); the figures are those it measured.`);
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href) {
  const source = process.argv[2];
  const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "../..");
  const data = source ? JSON.parse(fs.readFileSync(source, "utf8")) : await measurePageBytes(root, (...a) => console.error("[page-bytes]", ...a));
  console.log(pageBytesMarkdown(data));
}
