import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSessionCookieCache } from "~/lib/session.server";

// Every test file gets its own freshly migrated database in its own DATA_DIR.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-unit-"));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "test";
delete process.env.SESSION_SECRET;
closeDb();
resetEnvCache();
resetSessionCookieCache();

afterAll(() => {
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
