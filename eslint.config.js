import path from "node:path";
import js from "@eslint/js";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const APP = path.resolve(import.meta.dirname, "app");

/**
 * One import style inside app/: the same folder is `./x`, any other folder of app/ is `~/folder/x`.
 * A `../` that stays inside app/ is refused (it breaks whenever a file moves one level).
 */
const layout = {
  rules: {
    "app-imports-by-alias": {
      meta: {
        type: "suggestion",
        messages: { alias: "Import another folder of app/ as '~/{{ path }}', not '{{ spec }}'." },
        schema: [],
      },
      create(context) {
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== "string" || !spec.startsWith("../")) return;
          const target = path.resolve(path.dirname(context.filename), spec);
          if (!target.startsWith(APP + path.sep)) return;
          context.report({ node: node.source, messageId: "alias", data: { spec, path: path.relative(APP, target) } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * The layers, top to bottom: routes → components, http, jobs → models → lib → db. An import may
 * only point down. `server/` (the Node edge) hands requests to the build and is not a layer here.
 */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const LAYERS = [
  zone("./app/lib", ["./app/models", "./app/http", "./app/jobs", "./app/components", "./app/routes", "./app/workers"], "lib is below models: it knows no domain, page or route."),
  zone("./app/models", ["./app/http", "./app/jobs", "./app/components", "./app/routes"], "models hold the rules; routes, pages and components call them, not the other way round."),
  zone("./app/components", ["./app/routes", "./app/http", "./app/jobs"], "components get their data from routes as props; they do not import routes or server helpers."),
  zone("./app/http", ["./app/routes", "./app/components", "./app/jobs"], "app/http is what routes use around a model call; it imports no route or component."),
  zone("./app/jobs", ["./app/routes", "./app/components", "./app/http"], "jobs call models; they import no route, component or HTTP helper."),
  zone("./db", "./app", "db is the bottom layer: only the enumerations it stores come from app/lib/enums.ts.", ["./lib/enums.ts"]),
];

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server/**/*.mjs", "scripts/**/*.{ts,mjs}", "tests/**/*.ts"],
    plugins: { "import-x": importX, layout },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/extensions": [".ts", ".tsx", ".mjs", ".js"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // A test may reach across layers to set up what it checks.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.test-helpers.{ts,tsx}", "**/*.fixture*.ts"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-restricted-paths": ["error", { zones: LAYERS }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "layout/app-imports-by-alias": "error" },
  },
  {
    files: ["**/*.mjs", "**/*.cjs", "**/*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
