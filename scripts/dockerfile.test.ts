import fs from "node:fs";
import { parseDockerfile, readmeCommands } from "./dockerfile.mjs";

describe("the Dockerfile as the check reads it", () => {
  const { stages } = parseDockerfile(fs.readFileSync("Dockerfile", "utf8"));
  const [build, final] = stages;

  test("two stages; the build installs as the README does, with patches/ copied before the install", () => {
    expect(stages.map((s) => s.name)).toEqual(["build", null]);
    const steps = build.steps.map((s) => (s.op === "COPY" ? `COPY ${s.sources.join(" ")}` : s.op === "RUN" ? `RUN ${s.command.split(" ").slice(0, 3).join(" ")}` : s.op));
    const install = steps.indexOf("RUN npm install --no-audit");
    expect(install).toBeGreaterThan(-1);
    expect(steps.indexOf("COPY patches")).toBeGreaterThan(-1);
    expect(steps.indexOf("COPY patches")).toBeLessThan(install);
    expect(steps.indexOf("COPY .")).toBeGreaterThan(install);
    expect(readmeCommands(fs.readFileSync("README.md", "utf8")).install).toMatch(/^npm install && npm start/);
  });

  test("the container starts what npm start runs, with the data in /data, and has a health check", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(`${final.cmd.join(" ")}`).toBe(pkg.scripts.start);
    expect(final.steps.find((s) => s.op === "ENV")).toMatchObject({ vars: { NODE_ENV: "production", DATA_DIR: "/data" } });
    expect(final.healthcheck).toContain("/healthz");
    const copied = final.steps.flatMap((s) => (s.op === "COPY" && s.from === "build" ? s.sources : []));
    expect(copied).toEqual(
      expect.arrayContaining(["/app/node_modules", "/app/build", "/app/public", "/app/db"]),
    );
  });
});
