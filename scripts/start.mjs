// `npm start`: production mode, building first when there is no build yet.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

process.env.NODE_ENV ??= "production";
if (!fs.existsSync("build/index.js") || !fs.existsSync("public/build")) {
  console.log("No build found: running `npm run build` first…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server.mjs");
