import os from "node:os";
import path from "node:path";

// Shared by the Playwright config, the webServer script and the tests (plain JS so that
// `node tests/e2e/serve.mjs` can import it without a TypeScript loader).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN_USERNAME = "e2e-admin";
export const E2E_ADMIN_PASSWORD = "e2e-Passw0rd-not-secret";
// serve.mjs writes the running server's DATA_DIR here, so the tests can open its database.
export const E2E_STATE_FILE = path.join(os.tmpdir(), `tn-e2e-${E2E_PORT}.json`);
