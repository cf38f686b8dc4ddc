// employee.css is the employee pages' only stylesheet (root.tsx; ADR 038): it must hold the
// stylesheet of every Mantine component those pages can draw, in Mantine's own order.
import fs from "node:fs";
import path from "node:path";
import { appAndMantine, EMPLOYEE_ROUTES, importGraph, ROOT, routeFile } from "~/employee-graph.test-helpers";

const MANTINE_STYLES = path.join(ROOT, "node_modules/@mantine/core/styles");
const BASE = ["baseline", "default-css-variables", "global"];

const imported = () =>
  [...fs.readFileSync(path.join(__dirname, "employee.css"), "utf8").matchAll(/@import "([^"]+)";/g)].map((m) => m[1]);
const mantineImports = () =>
  imported().flatMap((i) => (i.startsWith("@mantine/core/styles/") ? [i.slice("@mantine/core/styles/".length, -".css".length)] : []));

/** Mantine components whose class names (X.module.css) the employee pages load, dynamic imports included. */
async function componentsReached() {
  const inputs = await importGraph(["app/root.tsx", ...EMPLOYEE_ROUTES.map(routeFile)], appAndMantine);
  const files = Object.keys(inputs);
  const names = files.flatMap((f) => f.match(/@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([A-Za-z]+)\.module\.css\.mjs$/)?.[1] ?? []);
  const datePicker = files.some((f) => inputs[f].imports.some((i) => i.path === "@mantine/dates"));
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
  const full = fs.readFileSync(path.join(ROOT, "node_modules/@mantine/core/styles.css"), "utf8");
  const at = (name: string) => full.indexOf(fs.readFileSync(path.join(MANTINE_STYLES, `${name}.css`), "utf8").trim().split("\n")[0]);
  const positions = list.slice(3).map((name) => ({ name, at: at(name) }));
  expect(positions.filter((p) => p.at < 0)).toEqual([]);
  expect(positions.map((p) => p.name)).toEqual([...positions].sort((a, b) => a.at - b.at).map((p) => p.name));
  expect(imported().slice(-4)).toEqual(["./mantine-theme.css", "@fontsource/sarabun/400.css", "@fontsource/sarabun/600.css", "./app.css"]);
});
