// employee.css is the employee pages' only stylesheet (root.tsx; ADR 038): it must hold the
// stylesheet of every Mantine component those pages can draw, in Mantine's own order.
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(__dirname, "../..");
const routes = ["employee", "employee._index", "employee.checkin-out", "employee.face", "employee.petition",
  "employee.vending-machine", "employee.verify", "employee.$"];
const MANTINE_STYLES = path.join(root, "node_modules/@mantine/core/styles");
const BASE = ["baseline", "default-css-variables", "global"];

const imported = () =>
  [...fs.readFileSync(path.join(__dirname, "employee.css"), "utf8").matchAll(/@import "([^"]+)";/g)].map((m) => m[1]);
const mantineImports = () =>
  imported().flatMap((i) => (i.startsWith("@mantine/core/styles/") ? [i.slice("@mantine/core/styles/".length, -".css".length)] : []));

/** Mantine components whose class names (X.module.css) the employee pages load, dynamic imports included. */
async function componentsReached() {
  // App files and Mantine's own files are followed; other packages and server modules are not.
  const plugin: Plugin = {
    name: "mantine-and-app",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (/\.server(\.tsx?)?$/.test(args.path)) return { path: args.path, external: true };
        if (/^(\.|~\/|~mantine-core\/)/.test(args.path)) return undefined;
        if (args.importer.includes("node_modules/@mantine/core/")) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["app/root.tsx", ...routes.map((r) => `app/routes/${r}.tsx`)],
    bundle: true,
    write: false,
    metafile: true,
    outdir: "/tmp/employee-css",
    format: "esm",
    splitting: true,
    platform: "browser",
    jsx: "automatic",
    tsconfig: "tsconfig.json",
    loader: { ".css": "empty" },
    plugins: [plugin],
    logLevel: "silent",
  });
  const files = Object.keys(result.metafile.inputs);
  const names = files.flatMap((f) => f.match(/@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([A-Za-z]+)\.module\.css\.mjs$/)?.[1] ?? []);
  const datePicker = files.some((f) => result.metafile.inputs[f].imports.some((i) => i.path === "@mantine/dates"));
  return { names: [...new Set(names)], datePicker };
}

test("every Mantine component the employee pages can draw has its stylesheet in employee.css", async () => {
  const { names, datePicker } = await componentsReached();
  expect(names).toEqual(expect.arrayContaining(["Button", "Alert", "Modal"])); // the walk sees them
  const have = new Set(mantineImports());
  expect(names.filter((n) => fs.existsSync(path.join(MANTINE_STYLES, `${n}.css`)) && !have.has(n))).toEqual([]);
  // The leave form's date picker (loaded on a tap) opens in a Popover.
  expect(datePicker).toBe(true);
  expect(imported()).toContain("@mantine/dates/styles.css");
  expect(have.has("Popover")).toBe(true);
}, 60_000);

test("in the order of Mantine's styles.css, after its base; then the theme, the font and the app's rules", () => {
  const list = mantineImports();
  expect(list.slice(0, 3)).toEqual(BASE);
  const full = fs.readFileSync(path.join(root, "node_modules/@mantine/core/styles.css"), "utf8");
  const at = (name: string) => full.indexOf(fs.readFileSync(path.join(MANTINE_STYLES, `${name}.css`), "utf8").trim().split("\n")[0]);
  const positions = list.slice(3).map((name) => ({ name, at: at(name) }));
  expect(positions.filter((p) => p.at < 0)).toEqual([]);
  expect(positions.map((p) => p.name)).toEqual([...positions].sort((a, b) => a.at - b.at).map((p) => p.name));
  expect(imported().slice(-4)).toEqual(["./mantine-theme.css", "@fontsource/sarabun/400.css", "@fontsource/sarabun/600.css", "./app.css"]);
});
