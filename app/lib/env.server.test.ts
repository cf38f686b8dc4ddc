import { isDemoMode, parseEnv } from "./env.server";

describe("parseEnv", () => {
  test("applies the documented defaults", () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.DATA_DIR).toBe("./data");
    expect(e.LINE_API_BASE).toBe("https://api.line.me");
    expect(e.LINE_DATA_API_BASE).toBe("https://api-data.line.me");
    expect(e.APP_TIMEZONE).toBe("Asia/Bangkok");
    expect(e.GEOCODER_URL).toBeUndefined();
    expect(e.SESSION_SECRET).toBeUndefined();
  });

  test("reads every configured name and trims trailing slashes from base URLs", () => {
    const e = parseEnv({
      PORT: "8080",
      DATA_DIR: "/srv/tn",
      SESSION_SECRET: "new,old",
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "long-password",
      LIFF_ID: "1234-abcd",
      LINE_LOGIN_CHANNEL_ID: "1234",
      LINE_CHANNEL_SECRET: "s",
      LINE_CHANNEL_ACCESS_TOKEN: "t",
      LINE_API_BASE: "http://127.0.0.1:9999/",
      LINE_DATA_API_BASE: "http://127.0.0.1:9998",
      GEOCODER_URL: "http://127.0.0.1:9997",
      APP_TIMEZONE: "Asia/Tokyo",
    });
    expect(e.PORT).toBe(8080);
    expect(e.LINE_API_BASE).toBe("http://127.0.0.1:9999");
    expect(e.GEOCODER_URL).toBe("http://127.0.0.1:9997");
    expect(e.LIFF_ID).toBe("1234-abcd");
    expect(isDemoMode(e)).toBe(false);
  });

  test("empty strings count as unset", () => {
    const e = parseEnv({ LIFF_ID: "", ADMIN_PASSWORD: " ", LINE_API_BASE: "" });
    expect(e.LIFF_ID).toBeUndefined();
    expect(e.ADMIN_PASSWORD).toBeUndefined();
    expect(e.LINE_API_BASE).toBe("https://api.line.me");
    expect(isDemoMode(e)).toBe(true);
  });

  test("rejects bad values with the variable's name", () => {
    expect(() => parseEnv({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ LINE_API_BASE: "ftp://x" })).toThrow(/LINE_API_BASE/);
    expect(() => parseEnv({ APP_TIMEZONE: "Mars/Olympus" })).toThrow(/APP_TIMEZONE/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.local" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.1,*" })).toThrow(/TRUST_PROXY/);
  });

  test("TRUST_PROXY: off unless set to one or more proxy addresses", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: " " }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "127.0.0.1" }).TRUST_PROXY).toBe("127.0.0.1");
    expect(parseEnv({ TRUST_PROXY: "10.0.0.2, ::1" }).TRUST_PROXY).toBe("10.0.0.2, ::1");
  });

  test("METRICS_TOKEN: unset, or at least 16 characters without spaces", () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: " 0123456789abcdef " }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => parseEnv({ METRICS_TOKEN: "0123456789 abcdef" })).toThrow(/METRICS_TOKEN/);
  });

  test("REPLICA_URL and REPLICA_ENDPOINT: unset, or what Litestream can use; a typo stops the start with its reason", () => {
    expect(parseEnv({}).REPLICA_URL).toBeUndefined();
    expect(parseEnv({ REPLICA_URL: " s3://tn-backup/office " }).REPLICA_URL).toBe("s3://tn-backup/office");
    expect(parseEnv({ REPLICA_URL: "file:///mnt/backup/tn", REPLICA_ENDPOINT: "https://acc.r2.cloudflarestorage.com" }).REPLICA_ENDPOINT).toBe(
      "https://acc.r2.cloudflarestorage.com",
    );
    expect(() => parseEnv({ REPLICA_URL: "/mnt/backup/tn" })).toThrow(/REPLICA_URL: REPLICA_URL is not a URL/);
    expect(() => parseEnv({ REPLICA_URL: "https://example.com/tn" })).toThrow(/REPLICA_URL must start with file:\/\//);
    expect(() => parseEnv({ REPLICA_ENDPOINT: "r2.example" })).toThrow(/REPLICA_ENDPOINT must be an http\(s\) URL/);
  });

  test("LOG_LEVEL: info by default, one of pino's levels in any case", () => {
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(parseEnv({ LOG_LEVEL: "WARN" }).LOG_LEVEL).toBe("warn");
    expect(() => parseEnv({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });
});
