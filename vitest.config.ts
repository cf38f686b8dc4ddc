import path from "node:path";
import { defineConfig } from "vitest/config";

// "~mantine-core/…" is tsconfig.json's path to one Mantine component's own file (ADR 028).
const alias = {
  "~mantine-core": path.resolve(__dirname, "node_modules/@mantine/core/esm"),
  "~": path.resolve(__dirname, "app"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          setupFiles: ["tests/setup/console.ts", "tests/setup/db.ts"],
          globalSetup: ["tests/setup/workers.ts"],
          globals: true,
          // Seeding the address tables takes a few seconds on a busy 2-core machine.
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: {
          name: "components",
          environment: "jsdom",
          include: ["app/**/*.test.tsx"],
          setupFiles: ["tests/setup/console.ts", "tests/setup/dom.ts"],
          globals: true,
          // A whole form flow in jsdom (typing, Mantine pickers, a fetch) takes seconds when the
          // CPU is shared; these are not timing assertions.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          setupFiles: ["tests/setup/console.ts"],
          globals: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
