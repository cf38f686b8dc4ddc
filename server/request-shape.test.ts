import http from "node:http";
import type { AddressInfo } from "node:net";
import { head, rawRequest } from "../tests/fixtures/raw-http";
import { isValidHost, MESSAGES, METHODS, originForm, requestShape } from "./request-shape.mjs";

describe("isValidHost", () => {
  test("a host name or address, with a port", () => {
    for (const host of ["localhost", "localhost:3000", "tn.example.co.th", "192.168.1.10:8080", "[::1]:3000", "[2001:db8::1]", "xn--o3cw4h.com"]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  test("anything else", () => {
    for (const host of ["", "[::1", "a b", "x:abc", "x:99999", "user@x", "x/evil", "x?y", "x#y", "[zz::1]", "x".repeat(300)]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});

describe("originForm", () => {
  test("a path is kept; an absolute URL becomes its path and query; anything else is refused", () => {
    expect(originForm("/")).toBe("/");
    expect(originForm("/admin?tab=x")).toBe("/admin?tab=x");
    expect(originForm("http://tn.example/login?redirectTo=%2Fadmin")).toBe("/login?redirectTo=%2Fadmin");
    for (const target of ["*", "http://[::1/", "login", "ftp://x/", "http://user:pw@x/", "https://"]) expect(originForm(target), target).toBeNull();
  });
});

describe("requestShape", () => {
  let port: number;
  let server: http.Server;
  let warn: ReturnType<typeof vi.spyOn>;
  const routes = { servesData: (pathname: string, routeId: string) => pathname === "/login" && routeId === "routes/login" };

  beforeAll(async () => {
    const refuse = requestShape({ routes });
    server = http.createServer((req, res) => {
      if (!refuse(req, res)) res.end(`passed ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  const ask = async (...lines: string[]) => {
    const request = rawRequest(port, head(...lines));
    const answer = await request.answer;
    request.socket.destroy();
    if (!answer) throw new Error("no answer");
    return answer;
  };

  test.each(["TRACE", "PROPFIND", "OPTIONS"])("%s is a 405 naming the methods there are, in Thai, in one log line", async (method) => {
    const api = await ask(`${method} /api/employee HTTP/1.1`, "Host: x");
    expect(api.status).toBe(405);
    expect(api.headers.allow).toBe(METHODS.join(", "));
    expect(JSON.parse(api.body)).toEqual({ error: MESSAGES.method });
    const page = await ask(`${method} / HTTP/1.1`, "Host: x");
    expect(page.status).toBe(405);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain(MESSAGES.method);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  test.each(["[::1", "a b", "x:abc", "user@x", "x:99999"])("Host %j is a 400 in Thai", async (host) => {
    const answer = await ask("GET /api/employee HTTP/1.1", `Host: ${host}`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: MESSAGES.badRequest });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test.each(["http://[::1/", "*", "http://user:pw@x/"])("the target %s is a 400 in Thai", async (target) => {
    const answer = await ask(`GET ${target} HTTP/1.1`, "Host: x");
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(MESSAGES.badRequest);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test("an absolute URL is served as its path", async () => {
    const answer = await ask("GET http://x/login?a=1 HTTP/1.1", "Host: x");
    expect(answer.body).toBe("passed /login?a=1");
  });

  test("a `_data` route that does not serve the path is a Thai 403; one that does passes", async () => {
    for (const query of ["_data=routes%2Fnope", "_data=routes%2Fadmin.employee", "%5Fdata=routes%2Fnope"]) {
      const answer = await ask(`GET /login?${query} HTTP/1.1`, "Host: x");
      expect(answer.status, query).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ error: MESSAGES.dataRoute });
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect((await ask("GET /login?_data=routes%2Flogin HTTP/1.1", "Host: x")).body).toBe("passed /login?_data=routes%2Flogin");
    expect((await ask("GET /login?_data= HTTP/1.1", "Host: x")).body).toBe("passed /login?_data=");
  });
});
