import { afterEach, vi } from "vitest";
import { checkFaceOnServer } from "./face-check";

const MANY = "พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง";
const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" });

function answers(respond: () => Promise<Response>) {
  const fetch = vi.fn(respond);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("the face pre-check asks the server", () => {
  test("posts the very photo to POST /api/emp/face/precheck as multipart `photo`", async () => {
    const fetch = answers(json(200, { faces: 1, message: null }));
    expect(await checkFaceOnServer(photo)).toEqual({ status: "ok" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/emp/face/precheck");
    expect(init.method).toBe("POST");
    const sent = (init.body as FormData).get("photo") as Blob;
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array(await photo.arrayBuffer()));
  });

  test("no face or several faces: a problem in the server's own words", async () => {
    answers(json(200, { faces: 3, message: MANY }));
    expect(await checkFaceOnServer(photo)).toEqual({ status: "problem", faces: 3, message: MANY });
  });

  test.each([
    ["the engine could not say", json(200, { faces: null, message: null })],
    ["an answer of another shape", json(200, { ok: true })],
    ["a refusal", json(503, { error: "ระบบตรวจใบหน้าขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง" })],
    ["a session gone", json(401, { error: "กรุณาเข้าสู่ระบบ" })],
    ["no network", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["too slow", () => Promise.reject(new DOMException("signal timed out", "TimeoutError"))],
  ] as const)("%s: nothing to say (never blocking)", async (_, respond) => {
    answers(respond);
    expect(await checkFaceOnServer(photo)).toEqual({ status: "unknown" });
  });
});
