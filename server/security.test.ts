import { contentSecurityPolicy, isAllowedOrigin } from "./security.mjs";

const base = { host: "office.example:3000" };

describe("isAllowedOrigin", () => {
  test("reads are always allowed", () => {
    expect(isAllowedOrigin({ ...base, method: "GET", path: "/admin", origin: "https://evil.example" })).toBe(true);
  });

  test("a same-origin POST passes, by Origin or Sec-Fetch-Site", () => {
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/login", origin: "http://office.example:3000" })).toBe(true);
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/login", secFetchSite: "same-origin" })).toBe(true);
  });

  test("a cross-origin POST, PATCH or DELETE is refused", () => {
    for (const method of ["POST", "PATCH", "DELETE", "PUT"]) {
      expect(isAllowedOrigin({ ...base, method, path: "/api/auth/login", origin: "https://evil.example" })).toBe(false);
    }
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/login", secFetchSite: "cross-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/login", secFetchSite: "same-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/login", origin: "null" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/login", origin: "not a url" })).toBe(false);
  });

  test("a matching Origin with a cross-site fetch marker is still refused", () => {
    expect(
      isAllowedOrigin({ ...base, method: "POST", path: "/login", origin: "http://office.example:3000", secFetchSite: "cross-site" }),
    ).toBe(false);
  });

  test("the LINE webhook is exempt (it is signed instead)", () => {
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/api/line/webhook", origin: "https://line.me" })).toBe(true);
  });

  test("a request without browser markers (a script, LINE, curl) is allowed", () => {
    expect(isAllowedOrigin({ ...base, method: "POST", path: "/api/auth/login" })).toBe(true);
  });
});

describe("contentSecurityPolicy", () => {
  test("scripts need the nonce; LINE may frame the app; no plugins", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'self' https://*.line.me");
    expect(csp).toContain("object-src 'none'");
  });
});
