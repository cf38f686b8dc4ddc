// npm run test:docker: runs the Dockerfile's steps on a clean copy of the repository (HEAD) without
// Docker, which this machine does not have: each stage is a directory standing for its WORKDIR,
// COPY copies from the build context (minus .dockerignore) or an earlier stage, RUN runs in the
// stage's directory with its ENV, and CMD starts the server, which must answer the HEALTHCHECK,
// print the first admin's password, serve the sign-in page, and stop cleanly on SIGTERM; then once
// more with a file:// REPLICA_URL, under the image's own Litestream.
// It also checks that the README's install and start commands are the ones the Dockerfile runs.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseDockerfile, readmeCommands } from "./dockerfile.mjs";
import { freePort } from "./free-port.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const started = Date.now();
const log = (line) => console.log(`[docker-check ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
const fail = (message) => {
  console.error(`[docker-check] FAILED: ${message}`);
  process.exit(1);
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), "tn-docker-check-"));
const cleanUp = () => fs.rmSync(work, { recursive: true, force: true });
process.on("exit", cleanUp);

// The build context: the committed tree, as a clean clone has it, minus .dockerignore.
const context = path.join(work, "context");
fs.mkdirSync(context);
execFileSync("sh", ["-c", `git -C "${root}" archive HEAD | tar -x -C "${context}"`]);
const ignored = fs.existsSync(path.join(context, ".dockerignore"))
  ? fs.readFileSync(path.join(context, ".dockerignore"), "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))
  : [];
for (const pattern of ignored) fs.rmSync(path.join(context, pattern), { recursive: true, force: true });

const dockerfile = parseDockerfile(fs.readFileSync(path.join(context, "Dockerfile"), "utf8"));
const readme = readmeCommands(fs.readFileSync(path.join(context, "README.md"), "utf8"));
const pkg = JSON.parse(fs.readFileSync(path.join(context, "package.json"), "utf8"));

// The README's first command is the Dockerfile's install, build (npm start builds) and start.
const build = dockerfile.stages[0];
const final = dockerfile.stages.at(-1);
const runs = build.steps.filter((s) => s.op === "RUN").map((s) => s.command);
if (!readme.install.includes("npm install")) fail(`the README's first command does not install with npm install: ${readme.install}`);
if (!readme.install.includes("npm start")) fail(`the README's first command does not start with npm start: ${readme.install}`);
if (!runs.some((c) => /^npm install\b/.test(c))) fail("the Dockerfile does not run npm install");
if (!runs.some((c) => c.includes("npm run build"))) fail("the Dockerfile does not run npm run build");
const startScript = pkg.scripts.start;
if (`node ${final.cmd.slice(1).join(" ")}` !== startScript || final.cmd[0] !== "node") {
  fail(`the container's CMD (${JSON.stringify(final.cmd)}) is not what npm start runs (${startScript})`);
}

function copyInto(from, to) {
  fs.cpSync(from, to, { recursive: true, force: true, dereference: false });
}

const stageDirs = new Map();
for (const stage of dockerfile.stages) {
  const dir = path.join(work, `stage-${stage.name ?? stageDirs.size}`);
  fs.mkdirSync(dir, { recursive: true });
  stageDirs.set(stage.name ?? String(stageDirs.size), dir);
  const env = { ...process.env };
  for (const step of stage.steps) {
    if (step.op === "ENV") Object.assign(env, step.vars);
    else if (step.op === "COPY") {
      const fromDir = step.from ? path.join(stageDirs.get(step.from) ?? fail(`unknown stage ${step.from}`), ...[]) : context;
      for (const source of step.sources) {
        // Paths in a --from stage are absolute in the image (/app/...): the stage dir stands for WORKDIR.
        const relative = step.from ? path.relative(build.workdir, source) : source;
        const src = relative === "." ? fromDir : path.join(fromDir, relative);
        if (!fs.existsSync(src)) fail(`COPY ${source}: not found`);
        const isDirTarget = step.target.endsWith("/") || step.sources.length > 1 || step.target === ".";
        const dest = isDirTarget && fs.statSync(src).isFile() ? path.join(dir, step.target, path.basename(src)) : path.join(dir, step.target);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        copyInto(src, dest);
      }
    } else if (step.op === "RUN") {
      if (/^apt-get\b/.test(step.command)) {
        // System packages: this machine must already have what the image installs.
        for (const tool of ["python3", "make", "g++"].filter((t) => step.command.includes(t))) {
          if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) fail(`${tool} (installed by the Dockerfile) is missing here`);
        }
        log(`RUN ${step.command.slice(0, 60)}… (system packages present)`);
        continue;
      }
      log(`RUN ${step.command}`);
      const result = spawnSync("sh", ["-c", step.command], { cwd: dir, env, stdio: "inherit" });
      if (result.status !== 0) fail(`RUN ${step.command} exited with ${result.status}`);
    }
  }
  stage.dir = dir;
  stage.env = env;
}

// The patch-package patches must be in the image's node_modules.
for (const [file, mark] of [
  ["@remix-run/router/dist/router.cjs.js", "rankedBranchesCache"],
  ["@remix-run/react/dist/server.js", "serverRoutesCache"],
  ["react-router-dom/server.js", "dataRoutesCache"],
]) {
  const patched = fs.readFileSync(path.join(final.dir, "node_modules", file), "utf8");
  if (!patched.includes(mark)) fail(`the image's ${file} is not patched (patches/ not applied by the install)`);
}

/** Runs the image's CMD on a fresh volume with `extraEnv`; `checks` runs while it is healthy. Returns the volume and the output. */
async function runImage(label, extraEnv, checks) {
  const port = await freePort();
  const dataDir = path.join(work, `volume-${label}`);
  const env = { ...final.env, PORT: String(port), DATA_DIR: dataDir, ...extraEnv };
  log(`CMD ${final.cmd.join(" ")} (${label}: PORT ${port}, DATA_DIR as the /data volume${extraEnv.REPLICA_URL ? `, REPLICA_URL ${extraEnv.REPLICA_URL}` : ""})`);
  const server = spawn(final.cmd[0], final.cmd.slice(1), { cwd: final.dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })));

  try {
    const deadline = Date.now() + 60_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    if (!healthy) fail(`the server did not answer /healthz within 60 s:\n${output}`);
    const check = spawnSync("sh", ["-c", final.healthcheck], { cwd: final.dir, env });
    if (check.status !== 0) fail(`HEALTHCHECK exited with ${check.status}`);
    await checks({ port, output: () => output });
  } finally {
    server.kill("SIGTERM");
  }
  const stop = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 15_000))]);
  if (!stop) {
    server.kill("SIGKILL");
    fail(`the server did not stop within 15 s of SIGTERM:\n${output}`);
  }
  if (stop.code !== 0) fail(`the server exited with ${stop.code ?? stop.signal} on SIGTERM:\n${output}`);
  if (!fs.existsSync(path.join(dataDir, "tn.sqlite"))) fail("no tn.sqlite in the data volume");
  return { dataDir, output };
}

const plain = await runImage("plain", {}, async ({ port, output }) => {
  if (!/password: \S+/.test(output())) fail(`the first admin's password was not printed:\n${output()}`);
  const login = await fetch(`http://127.0.0.1:${port}/login`);
  if (login.status !== 200 || !(await login.text()).includes("เข้าสู่ระบบ")) fail(`/login answered ${login.status}`);
  log("healthy; HEALTHCHECK ok; first admin printed; /login served");
});
if (fs.existsSync(path.join(plain.dataDir, "tn.sqlite-wal"))) fail("the WAL was not checkpointed on SIGTERM");
log("stopped cleanly on SIGTERM; the volume holds one checkpointed tn.sqlite.");

// Continuous replication: the image carries Litestream for its platform, and with REPLICA_URL the
// CMD runs the server under it (scripts/start.mjs).
const litestream = spawnSync(path.join(final.dir, "node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream"), ["version"], { encoding: "utf8" });
if (litestream.status !== 0 || !/^v\d+\.\d+/.test(litestream.stdout)) fail(`the image's Litestream binary does not run: ${litestream.error?.message ?? litestream.stderr}`);
log(`Litestream ${litestream.stdout.trim()} in the image`);
const replica = path.join(work, "replica");
await runImage("replicated", { REPLICA_URL: `file://${replica}` }, async ({ output }) => {
  const deadline = Date.now() + 20_000;
  const snapshot = () =>
    fs.existsSync(path.join(replica, "generations")) &&
    fs.readdirSync(path.join(replica, "generations")).some((g) => {
      const snapshots = path.join(replica, "generations", g, "snapshots");
      return fs.existsSync(snapshots) && fs.readdirSync(snapshots).length > 0;
    });
  while (!snapshot() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  if (!snapshot()) fail(`no snapshot reached the replica within 20 s:\n${output()}`);
  if (!output().includes("Replicating")) fail(`the CMD did not start Litestream:\n${output()}`);
  log("healthy under Litestream; the replica has its first snapshot");
});
log("stopped cleanly on SIGTERM under Litestream. Dockerfile steps ok.");
