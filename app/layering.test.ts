// The layering (routes → components, http, jobs → models → lib → db) and the import style are
// eslint rules; these cases prove the rules are switched on and say what they must, so a config
// change that drops one fails here as well as in `npm run lint`.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";

const ROOT = path.resolve(__dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

/** A module of one line that imports `name` from `spec` and uses it. */
const importing = (spec: string, name: string) => `import { ${name} } from "${spec}";\nexport type Used = typeof ${name.replace(/^type /, "")};\n`;

async function rulesBroken(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => m.ruleId);
}

// ESLint with the TypeScript resolver takes seconds per file on a busy 2-core machine.
describe("import layering", { timeout: 60_000 }, () => {
  it.each([
    ["app/lib/probe.ts", "~/models/attendance/labels", "STATUS_LABELS"],
    ["app/models/leave/probe.ts", "~/http/api-route.server", "apiRoute"],
    ["app/models/leave/probe.ts", "~/jobs/scheduler.server", "createScheduler"],
    ["app/components/leave/Probe.tsx", "~/routes/admin", "type loader"],
    ["app/components/leave/Probe.tsx", "~/http/answers.server", "jsonAnswer"],
    ["app/http/probe.ts", "~/components/AdminShell", "AdminShell"],
    ["db/probe.ts", "../app/lib/db.server", "db"],
  ])("%s may not import %s", async (file, spec, name) => {
    expect(await rulesBroken(file, importing(spec, name))).toContain("import-x/no-restricted-paths");
  });

  it.each([
    ["app/routes/probe.tsx", "~/models/employees/employee.server", "listEmployees"],
    ["app/models/leave/probe.ts", "~/lib/business-day.server", "workDate"],
    ["app/components/leave/Probe.tsx", "~/models/leave/labels", "HOLIDAY_KIND_LABELS"],
    ["db/probe.ts", "../app/lib/enums", "TITLE_LABELS"],
  ])("%s may import %s", async (file, spec, name) => {
    expect(await rulesBroken(file, importing(spec, name))).toEqual([]);
  });

  it("another folder of app/ is imported as ~/…, not ../", async () => {
    const code = 'import { ResponsiveList } from "../PhoneCards";\nexport const x = ResponsiveList;\n';
    expect(await rulesBroken("app/components/leave/Probe.tsx", code)).toEqual(["layout/app-imports-by-alias"]);
    const aliased = 'import { ResponsiveList } from "~/components/PhoneCards";\nexport const x = ResponsiveList;\n';
    expect(await rulesBroken("app/components/leave/Probe.tsx", aliased)).toEqual([]);
  });

  it("an import cycle is an error", async () => {
    const dir = fs.mkdtempSync(path.join(ROOT, "app/lib/.cycle-probe-"));
    try {
      const a = path.join(dir, "a.ts");
      const b = path.join(dir, "b.ts");
      fs.writeFileSync(a, 'import { b } from "./b";\nexport const a = () => b;\n');
      fs.writeFileSync(b, 'import { a } from "./a";\nexport const b = () => a;\n');
      const [result] = await eslint.lintFiles([a]);
      expect(result.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
