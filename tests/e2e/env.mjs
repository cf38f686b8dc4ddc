// Shared by the Playwright config, the webServer script and the tests (plain JS so that
// `node tests/e2e/serve.mjs` can import it without a TypeScript loader).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN_USERNAME = "e2e-admin";
export const E2E_ADMIN_PASSWORD = "e2e-Passw0rd-not-secret";
