import { startFakeLine, type FakeLine } from "../../tests/fixtures/fake-line";
import { resetEnvCache } from "./env.server";
import { DomainError } from "./errors";
import { getGroupSummary, LINE_NOT_CONFIGURED, LineApiError, lineErrorToDomain, listRichMenus, withLineErrors } from "./line.server";

describe("lineErrorToDomain", () => {
  test("not configured: 503 saying what to do, never a variable name", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const mapped = lineErrorToDomain(LineApiError.notConfigured("LINE_CHANNEL_ACCESS_TOKEN is not set"));
    expect(mapped).toBeInstanceOf(DomainError);
    expect(mapped.status).toBe(503);
    expect(mapped.message).toBe(LINE_NOT_CONFIGURED);
    expect(mapped.message).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("LINE_CHANNEL_ACCESS_TOKEN"));
    warn.mockRestore();
  });

  test("LINE unavailable is 503; a refusal or no answer is 502 with the reason; Retry-After is kept", () => {
    expect(lineErrorToDomain(new LineApiError(503, "ล่ม"))).toMatchObject({ status: 503, message: "ล่ม" });
    expect(lineErrorToDomain(new LineApiError(400, "ไม่รับ"))).toMatchObject({ status: 502, message: "ไม่รับ (LINE ตอบ HTTP 400)" });
    expect(lineErrorToDomain(new LineApiError(0, "ติดต่อ LINE ไม่ได้"))).toMatchObject({ status: 502, message: "ติดต่อ LINE ไม่ได้" });
    const limited = lineErrorToDomain(new LineApiError(429, "ช้าลง", undefined, 7));
    expect(limited.status).toBe(502);
    expect(limited.extra.headers).toEqual({ "Retry-After": "7" });
  });

  test("the caller's messages: 401 only when it names one, and its own failure message", () => {
    const messages = { unauthorized: "เปิดแอปใหม่", failed: "ลองใหม่" };
    expect(lineErrorToDomain(new LineApiError(401, "bad token"), messages)).toMatchObject({ status: 401, message: "เปิดแอปใหม่" });
    expect(lineErrorToDomain(new LineApiError(401, "bad token"))).toMatchObject({ status: 502 });
    expect(lineErrorToDomain(new LineApiError(500, "x"), messages)).toMatchObject({ status: 502, message: "ลองใหม่" });
  });

  test("withLineErrors maps LineApiError and passes anything else on", async () => {
    await expect(withLineErrors(() => Promise.reject(new LineApiError(503, "ล่ม")))).rejects.toMatchObject({ status: 503 });
    await expect(withLineErrors(() => Promise.reject(new Error("bug")))).rejects.toThrow("bug");
  });
});

describe("a LINE that sends its headers and then stalls", () => {
  let fake: FakeLine;
  beforeAll(async () => {
    fake = await startFakeLine();
    Object.assign(process.env, { LINE_API_BASE: fake.url, LINE_CHANNEL_ACCESS_TOKEN: "unit-token", LINE_TIMEOUT_SECONDS: "0.3" });
    resetEnvCache();
  });
  afterAll(async () => {
    for (const name of ["LINE_API_BASE", "LINE_CHANNEL_ACCESS_TOKEN", "LINE_TIMEOUT_SECONDS"]) delete process.env[name];
    resetEnvCache();
    await fake.close();
  });

  test("ends at the timeout as a LineApiError with no status (timed out), which maps to the Thai 502", async () => {
    fake.groups.set("Cstall", { groupName: "ค้าง" });
    fake.stallAfterHeaders = ["/v2/bot/group/Cstall/summary"];
    const started = performance.now();
    const error = await getGroupSummary("Cstall").catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3000);
    expect(error).toBeInstanceOf(LineApiError);
    expect(error).toMatchObject({ status: 0, timedOut: true });
    expect(lineErrorToDomain(error as LineApiError)).toMatchObject({ status: 502, message: "ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน 0.3 วินาที" });
    // The same call answered whole is fine.
    expect(await getGroupSummary("Cstall")).toMatchObject({ groupName: "ค้าง" });
  });

  test("listRichMenus gives each menu's id and name", async () => {
    fake.richMenus.set("richmenu-a", { menu: { name: "TN Management" } });
    fake.richMenus.set("richmenu-b", { menu: {} });
    expect(await listRichMenus()).toEqual([
      { richMenuId: "richmenu-a", name: "TN Management" },
      { richMenuId: "richmenu-b", name: "" },
    ]);
  });
});
