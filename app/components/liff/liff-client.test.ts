import { afterEach, vi } from "vitest";
import { EMP_API_MESSAGES } from "./emp-api";
import { AuthenError, signInWithLiff } from "./liff-client";

vi.mock("@line/liff", () => ({
  default: { init: vi.fn(async () => undefined), isLoggedIn: () => true, getIDToken: () => "id-token" },
}));

afterEach(() => vi.unstubAllGlobals());

const options = { liffId: "1234-abcd", demo: false };

describe("signInWithLiff", () => {
  test("posts the ID token through empFetch and returns the server's answer", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ isVerify: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    expect(await signInWithLiff(options)).toEqual({ isVerify: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/emp/authen");
    expect(init.body).toBe('{"idToken":"id-token"}');
  });

  test("a refused token or an unreachable server is an AuthenError with a Thai message", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: "โทเค็นไม่ถูกต้อง" }), { status: 401 })));
    await expect(signInWithLiff(options)).rejects.toEqual(new AuthenError("โทเค็นไม่ถูกต้อง"));
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const error = await signInWithLiff(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenError);
    expect(error).toHaveProperty("message", EMP_API_MESSAGES.network);
  });
});
