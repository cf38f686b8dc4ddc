import { intParam, isSameOriginRequest, parsePositiveInt, requestOrigin } from "./request.server";

describe("parsePositiveInt", () => {
  test("only plain positive integers", () => {
    expect(parsePositiveInt("12")).toBe(12);
    for (const bad of [null, undefined, "", "0", "-1", "1.5", "01", "1e3", " 1", "abc", "99999999999999999"]) {
      expect(parsePositiveInt(bad)).toBeNull();
    }
  });
});

describe("intParam", () => {
  async function thrown(fn: () => unknown) {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      const response = error as Response;
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    }
    throw new Error("intParam did not throw");
  }

  test("an id, else 404 by default or 400 with the route's own message", async () => {
    expect(intParam("7")).toBe(7);
    expect(await thrown(() => intParam("07"))).toEqual({ status: 404, error: "ไม่พบข้อมูล" });
    expect(await thrown(() => intParam(null, 400, "กรุณาระบุรหัสจังหวัด"))).toEqual({ status: 400, error: "กรุณาระบุรหัสจังหวัด" });
  });
});

describe("isSameOriginRequest", () => {
  const at = (headers: Record<string, string>) => new Request("http://office.example:3000/api/auth/logout", { headers });

  test("the app's own requests and typed addresses", () => {
    expect(isSameOriginRequest(at({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(at({ "sec-fetch-site": "none" }))).toBe(true);
    expect(isSameOriginRequest(at({ origin: "http://office.example:3000" }))).toBe(true);
  });

  test("other sites, or no sign of where it came from", () => {
    expect(isSameOriginRequest(at({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOriginRequest(at({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOriginRequest(at({ "sec-fetch-site": "cross-site", origin: "http://office.example:3000" }))).toBe(false);
    expect(isSameOriginRequest(at({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(at({ origin: "http://office.example:3001" }))).toBe(false);
    expect(isSameOriginRequest(at({ origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(at({ origin: "not a url" }))).toBe(false);
    expect(isSameOriginRequest(at({}))).toBe(false);
  });
});

describe("requestOrigin", () => {
  test("the host asked for, with the scheme the server worked out (x-tn-client-proto), else the URL's", () => {
    expect(requestOrigin(new Request("http://tn.example.com/admin/settings"))).toBe("http://tn.example.com");
    expect(requestOrigin(new Request("http://tn.example.com:8080/x", { headers: { "x-tn-client-proto": "https" } }))).toBe("https://tn.example.com:8080");
    expect(requestOrigin(new Request("http://tn.example.com/x", { headers: { "x-tn-client-proto": "ftp" } }))).toBe("http://tn.example.com");
  });
});
