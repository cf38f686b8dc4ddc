import { metricsAccess } from "./metrics-endpoint.mjs";

type Ask = { peer?: string; headers?: Record<string, string | string[]> };
const ask = ({ peer = "127.0.0.1", headers = {} }: Ask = {}) => ({ socket: { remoteAddress: peer }, headers });

describe("who may read /metrics", () => {
  describe("without METRICS_TOKEN: this machine only, through no proxy", () => {
    const allowed = metricsAccess({});

    test("loopback in IPv4, IPv6 and IPv4-mapped IPv6", () => {
      for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(allowed(ask({ peer })), peer).toBe(true);
    });

    test("any other address, the LAN's included", () => {
      for (const peer of ["192.168.1.20", "10.0.0.5", "::ffff:192.168.1.20", "2001:db8::1", "127.0.0.2", ""]) {
        expect(allowed(ask({ peer })), peer).toBe(false);
      }
    });

    test("a loopback request that names a client (a proxy on this machine forwarded it) is refused", () => {
      expect(allowed(ask({ headers: { "x-forwarded-for": "203.0.113.9" } }))).toBe(false);
      expect(allowed(ask({ headers: { "x-forwarded-for": "127.0.0.1" } }))).toBe(false);
      expect(allowed(ask({ headers: { forwarded: "for=203.0.113.9" } }))).toBe(false);
      expect(allowed(ask({ headers: { "x-real-ip": "203.0.113.9" } }))).toBe(false);
      expect(allowed(ask({ peer: "::1", headers: { "x-forwarded-for": "" } }))).toBe(false);
    });

    test("a loopback peer that is TRUST_PROXY is the proxy: refused, with or without headers", () => {
      const behindProxy = metricsAccess({ trustProxy: "127.0.0.1" });
      expect(behindProxy(ask())).toBe(false);
      expect(behindProxy(ask({ peer: "::ffff:127.0.0.1" }))).toBe(false);
      // The proxy is 127.0.0.1; a scrape over ::1 does not come through it.
      expect(behindProxy(ask({ peer: "::1" }))).toBe(true);
      expect(metricsAccess({ trustProxy: "10.0.0.2, ::1" })(ask({ peer: "::1" }))).toBe(false);
    });

    test("an Authorization header changes nothing", () => {
      expect(allowed(ask({ headers: { authorization: "Bearer whatever-it-is-1234" } }))).toBe(true);
      expect(allowed(ask({ peer: "192.168.1.20", headers: { authorization: "Bearer whatever-it-is-1234" } }))).toBe(false);
    });
  });

  describe("with METRICS_TOKEN: the token, from anywhere; nothing else", () => {
    const token = "0123456789abcdef-metrics";
    const allowed = metricsAccess({ token, trustProxy: "127.0.0.1" });

    test("the bearer token is enough, from any address and through a proxy", () => {
      expect(allowed(ask({ peer: "203.0.113.9", headers: { authorization: `Bearer ${token}` } }))).toBe(true);
      expect(allowed(ask({ headers: { authorization: `bearer ${token}`, "x-forwarded-for": "203.0.113.9" } }))).toBe(true);
    });

    test("without it, or with another, even loopback is refused", () => {
      expect(allowed(ask({ peer: "::1" }))).toBe(false);
      for (const authorization of [token, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, "Bearer ", `Basic ${token}`, `Bearer ${token} extra`]) {
        expect(allowed(ask({ peer: "::1", headers: { authorization } })), authorization).toBe(false);
      }
    });
  });
});
