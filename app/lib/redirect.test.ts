import { safeRedirect } from "./redirect";

/** What a browser makes of the Location header on https://office.example. */
function landsOn(location: string) {
  return new URL(location, "https://office.example/login").origin;
}

describe("safeRedirect", () => {
  test("same-site paths are kept", () => {
    expect(safeRedirect("/admin/employees")).toBe("/admin/employees");
    expect(safeRedirect("/admin/employees?status=active#top")).toBe("/admin/employees?status=active#top");
    expect(safeRedirect("/admin/../admin/account")).toBe("/admin/account");
  });

  test("non-ASCII is percent-encoded so the Location header is valid", () => {
    expect(safeRedirect("/admin/employees?q=สมชาย")).toBe(
      `/admin/employees?q=${encodeURIComponent("สมชาย")}`,
    );
  });

  const hostile = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/%09/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "https://evil.example",
    "http:evil.example",
    "//evil.example/admin",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " /admin",
    "/admin\u0000",
    "evil.example",
    "",
    "/" + "a".repeat(3000),
  ];

  test.each(hostile)("%j falls back to /admin", (input) => {
    const decoded = input.includes("%09") ? decodeURIComponent(input) : input;
    const result = safeRedirect(decoded);
    expect(result).toBe("/admin");
  });

  test("percent-encoded backslashes stay an encoded path segment on this site", () => {
    const result = safeRedirect("/%5Cevil.example");
    expect(result).toBe("/%5Cevil.example");
    expect(landsOn(result)).toBe("https://office.example");
  });

  test("whatever comes out, a browser stays on this origin", () => {
    const inputs = [...hostile, "/%2F%2Fevil.example", "/%5C%5Cevil.example", "/a/..//evil", "/admin?next=//evil"];
    for (const input of inputs) {
      const result = safeRedirect(input);
      // Browsers strip tabs and newlines before resolving, so check that reading too.
      expect(landsOn(result.replace(/[\t\n\r]/g, ""))).toBe("https://office.example");
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
    }
  });

  test("non-strings and the fallback", () => {
    expect(safeRedirect(null)).toBe("/admin");
    expect(safeRedirect(["/admin/account"])).toBe("/admin");
    expect(safeRedirect("//evil.example", "")).toBe("");
  });
});
