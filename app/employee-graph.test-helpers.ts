// The employee pages' browser import graph, walked as the Remix build's esbuild walks it (type-only
// imports dropped, server modules empty): the bundle tests of ADR 028 and 038 read it.
import path from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";

export const ROOT = path.resolve(__dirname, "..");

/** Every employee page's route module (the LIFF app). */
export const EMPLOYEE_ROUTES = [
  "employee",
  "employee._index",
  "employee.checkin-out",
  "employee.face",
  "employee.overtime",
  "employee.petition",
  "employee.vending-machine",
  "employee.verify",
  "employee.$",
];

export const routeFile = (route: string) => `app/routes/${route}.tsx`;

const isServerModule = (p: string) => /\.server(\.tsx?)?$/.test(p);

/** Follows only the app's own files: packages and server modules stay import paths. */
export const appOnly: Plugin = {
  name: "app-only",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      const appFile = args.path.startsWith(".") || args.path.startsWith("~/");
      if (!appFile || isServerModule(args.path)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** Follows the app's files and Mantine's own (its components' stylesheets); nothing else. */
export const appAndMantine: Plugin = {
  name: "mantine-and-app",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (isServerModule(args.path)) return { path: args.path, external: true };
      if (/^(\.|~\/|~mantine-core\/)/.test(args.path)) return undefined;
      if (args.importer.includes("node_modules/@mantine/core/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The metafile inputs of a browser build of `entries` (paths relative to the project). */
export async function importGraph(entries: string[], plugin: Plugin = appOnly): Promise<Metafile["inputs"]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "/tmp/employee-graph",
    format: "esm",
    splitting: true,
    platform: "browser",
    jsx: "automatic",
    tsconfig: "tsconfig.json",
    loader: { ".css": "empty" },
    plugins: [plugin],
    logLevel: "silent",
  });
  return result.metafile.inputs;
}
