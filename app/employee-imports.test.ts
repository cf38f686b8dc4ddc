// The employee pages in LINE load only the Mantine components they use (ADR 028). The browser
// build (esbuild) puts a module in the chunk of every entry that reaches its file, and a barrel
// reaches every component: one import of "@mantine/core" from a file these pages load would put
// all the back office's components into their first load again. This walks the same import graph
// esbuild does, from the same entries, after TypeScript's type-only imports are dropped.
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(__dirname, "..");
const routes = ["employee", "employee._index", "employee.checkin-out", "employee.face", "employee.petition",
  "employee.vending-machine", "employee.verify", "employee.$", "login"];
const entries = ["app/root.tsx", ...routes.map((r) => `app/routes/${r}.tsx`)];

// Packages whose entry is a barrel of every Mantine component.
const BARRELS = ["@mantine/core", "@mantine/modals", "@mantine/notifications", "@mantine/dates"];
// The leave form's date pickers need @mantine/dates (and so the barrel): only that page pays.
const DATE_PICKERS = ["app/components/ThaiDateInput.tsx", "app/components/ThaiDatesProvider.tsx"];

async function importGraph() {
  const external: Plugin = {
    name: "app-only",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const appFile = args.path.startsWith(".") || args.path.startsWith("~/");
        // Server modules are replaced by empty ones in the browser build.
        if (!appFile || /\.server(\.tsx?)?$/.test(args.path)) return { path: args.path, external: true };
        return undefined;
      });
    },
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "/tmp/employee-imports",
    format: "esm",
    splitting: true,
    platform: "browser",
    jsx: "automatic",
    tsconfig: "tsconfig.json",
    loader: { ".css": "empty" },
    plugins: [external],
    logLevel: "silent",
  });
  return result.metafile.inputs;
}

test("no file the employee pages or the login page load imports a Mantine barrel", async () => {
  const inputs = await importGraph();
  const files = Object.keys(inputs);
  expect(files).toEqual(expect.arrayContaining(entries));
  // The walk reaches the shared components (it is not stopped at the entries).
  expect(files).toEqual(expect.arrayContaining(["app/components/liff/LiffLayout.tsx", "app/lib/theme.ts"]));

  const barrelImports = files.flatMap((file) =>
    inputs[file].imports
      .filter((i) => BARRELS.includes(i.path) && !DATE_PICKERS.includes(file))
      .map((i) => `${file} → ${i.path}`),
  );
  expect(barrelImports).toEqual([]);

  // The direct imports are really there (the filter above is not looking at nothing).
  const direct = inputs["app/routes/employee._index.tsx"].imports.map((i) => i.path);
  expect(direct).toContain("~mantine-core/components/Button/Button");
  const pickers = DATE_PICKERS.flatMap((f) => inputs[f]?.imports.map((i) => i.path) ?? []);
  expect(pickers).toContain("@mantine/dates");
});
