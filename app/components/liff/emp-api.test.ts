import { afterEach, vi } from "vitest";
import { EMP_API_MESSAGES, empFetch } from "./emp-api";

const answer = (body: string, status: number, type = "application/json") =>
  vi.fn(async () => new Response(body, { status, headers: { "content-type": type } }));

afterEach(() => vi.unstubAllGlobals());

describe("empFetch", () => {
  test("a 2xx JSON answer is {ok: true, data}; JSON bodies are sent with their content type", async () => {
    const fetch = answer(JSON.stringify({ isVerify: true }), 200);
    vi.stubGlobal("fetch", fetch);
    const result = await empFetch<{ isVerify: boolean }>("/api/emp/authen", { method: "POST", json: { idToken: "t" } });
    expect(result).toEqual({ ok: true, status: 200, data: { isVerify: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/emp/authen");
    expect(init.body).toBe('{"idToken":"t"}');
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });

  test("a refusal carries the server's Thai error and its string fields", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify({ error: "กรุณาตรวจสอบข้อมูล", fields: { verify_code: "รหัสไม่ถูกต้อง", x: 1 } }), 400));
    expect(await empFetch("/api/emp/verify", { method: "POST", json: {} })).toEqual({
      ok: false,
      status: 400,
      error: "กรุณาตรวจสอบข้อมูล",
      fields: { verify_code: "รหัสไม่ถูกต้อง" },
    });
  });

  test("a network failure is status 0 with a Thai message", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await empFetch("/api/emp/me")).toEqual({ ok: false, status: 0, error: EMP_API_MESSAGES.network, fields: {} });
  });

  test("an answer that is not JSON (a proxy's error page, even with 200) gets the Thai fallback", async () => {
    vi.stubGlobal("fetch", answer("<html>Bad Gateway</html>", 502, "text/html"));
    expect(await empFetch("/api/emp/me")).toEqual({ ok: false, status: 502, error: EMP_API_MESSAGES.notJson, fields: {} });
    vi.stubGlobal("fetch", answer("", 200, "text/plain"));
    expect(await empFetch("/api/emp/me")).toMatchObject({ ok: false, status: 200, error: EMP_API_MESSAGES.notJson });
  });

  test("a JSON refusal without a usable error still gets a Thai message", async () => {
    vi.stubGlobal("fetch", answer(JSON.stringify({ message: "Unexpected Server Error" }), 500));
    expect(await empFetch("/api/emp/me")).toEqual({ ok: false, status: 500, error: EMP_API_MESSAGES.notJson, fields: {} });
  });

  test("FormData goes as is (multipart), and an abort is the caller's, not an error result", async () => {
    const fetch = answer("{}", 200);
    vi.stubGlobal("fetch", fetch);
    const form = new FormData();
    form.set("photo", new Blob(["x"]), "face.jpg");
    await empFetch("/api/emp/face", { method: "POST", body: form });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has("content-type")).toBe(false);

    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new DOMException("aborted", "AbortError"))));
    await expect(empFetch("/api/emp/me")).rejects.toThrow("aborted");
  });
});
