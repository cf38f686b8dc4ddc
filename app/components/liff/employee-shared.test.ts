// The employee pages' browser bundle (docs/decisions/038-employee-page-bytes.md), checked on the
// same import graph esbuild builds them from (as app/employee-imports.test.ts does): what the
// pages share is reached by every employee route alike (employee-shared.ts), and nothing heavy
// that a page does not draw at once is reached statically.
import type { Metafile } from "esbuild";
import { EMPLOYEE_ROUTES, importGraph, routeFile } from "~/employee-graph.test-helpers";

const KIT = "app/components/liff/employee-shared.ts";
const entries = EMPLOYEE_ROUTES.map(routeFile);
// What the shared chunk is made of: the app's modules, Mantine's components and Tabler's icons.
const SHARED = /^~mantine-core\/components\/|^@tabler\/icons-react\/dist\/esm\/icons\//;

let inputs: Metafile["inputs"];

beforeAll(async () => {
  inputs = await importGraph(entries);
}, 60_000);

/** The app files and the package paths `from` reaches through static imports (not through the kit when told so). */
function reach(from: string, { throughKit }: { throughKit: boolean }) {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file === KIT && !throughKit) continue;
    for (const i of inputs[file]?.imports ?? []) {
      if (i.kind === "dynamic-import") continue;
      if (i.external) seen.add(i.path);
      else stack.push(i.path);
    }
  }
  return seen;
}

test("every employee route exports the shared handle, which reaches what two or more employee pages load", () => {
  for (const e of entries) expect(inputs[e].imports.map((i) => i.path), e).toContain(KIT);
  const count = new Map<string, number>();
  for (const e of entries) for (const m of reach(e, { throughKit: false })) count.set(m, (count.get(m) ?? 0) + 1);
  const shared = [...count]
    .filter(([m, n]) => n >= 2 && !entries.includes(m) && m !== KIT && (m.startsWith("app/") ? !/\.server/.test(m) : SHARED.test(m)))
    .map(([m]) => m);
  // The walk sees the shared modules (it is not looking at nothing).
  expect(shared).toEqual(expect.arrayContaining(["app/components/liff/LiffLayout.tsx", "~mantine-core/components/Button/Button"]));
  const kit = reach(KIT, { throughKit: true });
  expect(shared.filter((m) => !kit.has(m)), "add these to employee-shared.ts").toEqual([]);
});

// Each of these costs a page tens of kB for something it does not draw when it opens.
const NOT_AT_FIRST_LOAD: [RegExp, string][] = [
  [/^zod$/, "zod: schemas run on the server; take limits and messages from the models' client-safe files"],
  [/^@tabler\/icons-react$/, "the icon barrel: import the icon's own file"],
  [/^@mantine\/(core|dates|modals|notifications)$/, "a Mantine barrel"],
  [/^~mantine-core\/components\/(NativeSelect|Select|Combobox|Popover|Menu|Tooltip|ScrollArea)\//, "Combobox, Popover and floating-ui: use PlainSelect"],
  [/^~mantine-core\/components\/(Modal|Drawer)\//, "Modal (ScrollArea, floating-ui, the scroll lock): use LazyModal"],
  [/^@line\/liff(-mock)?$/, "the LIFF SDK: import() it when it is needed (liff-client.ts)"],
  [/^~\/components\/ThaiDateInput$/, "@mantine/dates and the whole of @mantine/core: the leave form's DateField loads it on a tap"],
];

test("no employee page reaches zod, a barrel, Modal, Combobox, the date picker or the LIFF SDK through a static import", () => {
  const found: string[] = [];
  for (const e of entries) {
    for (const m of reach(e, { throughKit: true })) {
      const rule = NOT_AT_FIRST_LOAD.find(([pattern]) => pattern.test(m));
      if (rule) found.push(`${e} → ${m}: ${rule[1]}`);
    }
  }
  expect(found).toEqual([]);
  // The walk does see package imports.
  expect(reach("app/routes/employee.tsx", { throughKit: true })).toContain("@remix-run/react");
});
