import { clientAddress, clientProtocol, contentSecurityPolicy, forwardedIp, isAllowedOrigin, makeNonce, parseTrustedProxies } from "./security.mjs";

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

describe("makeNonce", () => {
  test("16 random bytes in base64, never repeated across refills of the pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => makeNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("clientAddress (TRUST_PROXY)", () => {
  const proxy = parseTrustedProxies("10.0.0.2");

  test("off by default: the socket's peer, whatever X-Forwarded-For says", () => {
    const none = parseTrustedProxies(undefined);
    expect(none.size).toBe(0);
    expect(clientAddress({ peer: "::ffff:203.0.113.5", forwardedFor: "1.2.3.4", trusted: none })).toBe("203.0.113.5");
    expect(clientAddress({ peer: undefined, forwardedFor: undefined, trusted: none })).toBe("unknown");
  });

  test("from the named proxy: the right-most entry that is not the proxy", () => {
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "198.51.100.7", trusted: proxy })).toBe("198.51.100.7");
    expect(clientAddress({ peer: "::ffff:10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.7", trusted: proxy })).toBe(
      "198.51.100.7",
    );
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "198.51.100.7, 10.0.0.2", trusted: proxy })).toBe("198.51.100.7");
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: ["6.6.6.6", "198.51.100.7"], trusted: proxy })).toBe("198.51.100.7");
  });

  test("a forged header from anyone else is ignored", () => {
    expect(clientAddress({ peer: "203.0.113.5", forwardedFor: "1.2.3.4", trusted: proxy })).toBe("203.0.113.5");
  });

  test("no header, only proxies, or no address where the client should be: the header is ignored, the connection's address used", () => {
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: undefined, trusted: proxy })).toBe("10.0.0.2");
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "10.0.0.2", trusted: proxy })).toBe("10.0.0.2");
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "1.2.3.4, not-an-ip", trusted: proxy })).toBe("10.0.0.2");
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "unknown", trusted: proxy })).toBe("10.0.0.2");
  });

  test("an address in a proxy's notation (a port, brackets, quotes) is that client's own address, not the proxy's", () => {
    const seen = (forwardedFor: string) => clientAddress({ peer: "10.0.0.2", forwardedFor, trusted: proxy });
    expect(seen("198.51.100.7:51234")).toBe("198.51.100.7");
    expect(seen("6.6.6.6, 198.51.100.8:443")).toBe("198.51.100.8");
    expect(seen("[2001:db8::7]:443")).toBe("2001:db8::7");
    expect(seen("[2001:db8::8]")).toBe("2001:db8::8");
    expect(seen('"198.51.100.9"')).toBe("198.51.100.9");
    expect(seen("198.51.100.10, 10.0.0.2:8080")).toBe("198.51.100.10");
    expect(forwardedIp("1.2.3.4:99999999")).toBeNull();
    expect(forwardedIp("[not-an-ip]:80")).toBeNull();
  });

  test("several proxies, IPv6", () => {
    const two = parseTrustedProxies("10.0.0.2, ::1, nonsense");
    expect([...two]).toEqual(["10.0.0.2", "::1"]);
    expect(clientAddress({ peer: "::1", forwardedFor: "2001:db8::5, 10.0.0.2", trusted: two })).toBe("2001:db8::5");
  });
});

describe("clientProtocol (TRUST_PROXY)", () => {
  const proxy = parseTrustedProxies("10.0.0.2");

  test("the socket's own scheme unless a trusted proxy says otherwise", () => {
    expect(clientProtocol({ peer: "203.0.113.5", forwardedProto: "https", encrypted: false, trusted: proxy })).toBe("http");
    expect(clientProtocol({ peer: "203.0.113.5", forwardedProto: undefined, encrypted: true, trusted: proxy })).toBe("https");
    expect(clientProtocol({ peer: "::ffff:10.0.0.2", forwardedProto: "https", encrypted: false, trusted: proxy })).toBe("https");
    expect(clientProtocol({ peer: "10.0.0.2", forwardedProto: "http, https", encrypted: false, trusted: proxy })).toBe("https");
    expect(clientProtocol({ peer: "10.0.0.2", forwardedProto: "javascript", encrypted: false, trusted: proxy })).toBe("http");
  });
});
