// The employee pages in LINE load only the Mantine components they use (ADR 028). The browser
// build (esbuild) puts a module in the chunk of every entry that reaches its file, and a barrel
// reaches every component: one import of "@mantine/core" from a file these pages load would put
// all the back office's components into their first load again. This walks the same import graph
// esbuild does, from the same entries, after TypeScript's type-only imports are dropped.
import { EMPLOYEE_ROUTES, importGraph as graphOf, routeFile } from "./employee-graph.test-helpers";

const entries = ["app/root.tsx", ...[...EMPLOYEE_ROUTES, "login"].map(routeFile)];

// Packages whose entry is a barrel of every Mantine component.
const BARRELS = ["@mantine/core", "@mantine/modals", "@mantine/notifications", "@mantine/dates"];
// The leave form's date pickers need @mantine/dates (and so the barrel): only that page pays.
const DATE_PICKERS = ["app/components/ThaiDateInput.tsx", "app/components/ThaiDatesProvider.tsx"];

const importGraph = () => graphOf(entries);

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
