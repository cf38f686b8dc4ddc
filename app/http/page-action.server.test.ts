import { z } from "zod";
import { DomainError } from "~/lib/errors";
import { intent, pageAction, PAGE_ACTION_MESSAGES } from "./page-action.server";

const URL_ = "http://localhost/admin/page";

function post(body: BodyInit | null, type?: string) {
  return new Request(URL_, { method: "POST", body, headers: type ? { "content-type": type } : {} });
}
const form = (fields: Record<string, string>) =>
  post(new URLSearchParams(fields), "application/x-www-form-urlencoded;charset=UTF-8");

function table(calls: unknown[] = []) {
  return {
    rename: intent({
      id: true,
      schema: z.object({ name: z.string({ error: "กรุณากรอกชื่อ" }).trim().min(1, "กรุณากรอกชื่อ") }),
      invalid: "กรุณาตรวจสอบข้อมูล",
      run: (input, ctx) => {
        calls.push({ id: ctx.id(), name: input.name });
        return { id: ctx.id(), name: input.name };
      },
      done: (saved) => `เปลี่ยนชื่อเป็น ${saved.name} แล้ว`,
    }),
    busy: intent({
      run: () => {
        throw new DomainError(429, "ลองใหม่ภายหลัง", { x: "y" }, { headers: { "Retry-After": "30" } });
      },
      done: "ไม่มีวันถึง",
    }),
    crash: intent({
      run: () => {
        throw new Error("boom");
      },
      done: "ไม่มีวันถึง",
    }),
    photo: intent({
      id: true,
      file: "photo",
      run: (_, ctx) => ctx.file().byteLength,
      done: "อัปโหลดรูปแล้ว",
    }),
  };
}

async function answer(request: Request, calls: unknown[] = []) {
  const response = await pageAction(request, table(calls));
  const body: Record<string, unknown> = await response.json();
  return { status: response.status, body, headers: response.headers };
}

describe("pageAction", () => {
  test("success: one shape with the intent, the toast and the run's result", async () => {
    const calls: unknown[] = [];
    const result = await answer(form({ intent: "rename", id: "7", name: " สมชาย " }), calls);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, intent: "rename", message: "เปลี่ยนชื่อเป็น สมชาย แล้ว", data: { id: 7, name: "สมชาย" } });
    expect(calls).toEqual([{ id: 7, name: "สมชาย" }]);
  });

  test("an unknown or missing intent is a 400 in Thai and runs nothing", async () => {
    const cases: Record<string, string>[] = [{ intent: "drop-table", id: "1" }, { id: "1" }, { intent: "toString" }, { intent: "__proto__" }];
    for (const fields of cases) {
      const result = await answer(form(fields));
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ ok: false, error: PAGE_ACTION_MESSAGES.unknownIntent, fields: {} });
    }
  });

  test("ids follow the API's rule and message: 1e0, 01, -1, ' 1', missing are refused with 404", async () => {
    const calls: unknown[] = [];
    for (const id of ["1e0", "01", "-1", " 1", "1.0", "", "abc", "99999999999999999"]) {
      const result = await answer(form({ intent: "rename", id, name: "ก" }), calls);
      expect(result.status, id).toBe(404);
      expect(result.body).toEqual({ ok: false, intent: "rename", error: "ไม่พบข้อมูล", fields: {} });
    }
    expect((await answer(form({ intent: "rename", name: "ก" }), calls)).status).toBe(404);
    expect(calls).toEqual([]);
  });

  test("a schema refusal is a 400 with the field messages", async () => {
    const calls: unknown[] = [];
    const result = await answer(form({ intent: "rename", id: "3", name: "   " }), calls);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ ok: false, intent: "rename", error: "กรุณาตรวจสอบข้อมูล", fields: { name: "กรุณากรอกชื่อ" } });
    expect(calls).toEqual([]);
  });

  test("a DomainError keeps its status, fields and headers; other errors are thrown on", async () => {
    const result = await answer(form({ intent: "busy" }));
    expect(result.status).toBe(429);
    expect(result.headers.get("retry-after")).toBe("30");
    expect(result.body).toEqual({ ok: false, intent: "busy", error: "ลองใหม่ภายหลัง", fields: { x: "y" } });
    await expect(pageAction(form({ intent: "crash" }), table())).rejects.toThrow("boom");
  });

  test("JSON, text and empty bodies are a 400 in Thai, never a crash", async () => {
    const bodies: [BodyInit | null, string | undefined][] = [
      [JSON.stringify({ intent: "rename", id: 1, name: "ก" }), "application/json"],
      ["intent=rename&id=1&name=x", "text/plain"],
      [null, undefined],
      ["", "application/json"],
      ["%%%", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of bodies) {
      const result = await answer(post(body, type));
      expect(result.status, `${type}`).toBe(400);
      expect(result.body.ok).toBe(false);
      expect(result.body.error).toMatch(/[ก-๙]/);
    }
    const json = await answer(post(JSON.stringify({ intent: "rename" }), "application/json"));
    expect(json.body).toEqual({ ok: false, error: PAGE_ACTION_MESSAGES.badBody, fields: {} });
    const empty = await answer(form({}));
    expect(empty.body.error).toBe(PAGE_ACTION_MESSAGES.unknownIntent);
  });

  test("a multipart intent gets its file; without a file it is the upload's own 400", async () => {
    const body = new FormData();
    body.append("intent", "photo");
    body.append("id", "5");
    body.append("photo", new Blob([new Uint8Array([1, 2, 3, 4])], { type: "image/jpeg" }), "a.jpg");
    const ok = await answer(new Request(URL_, { method: "POST", body }));
    expect(ok.body).toEqual({ ok: true, intent: "photo", message: "อัปโหลดรูปแล้ว", data: 4 });

    const missing = await answer(form({ intent: "photo", id: "5" }));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ ok: false, intent: "photo", error: "กรุณาแนบรูปภาพ", fields: {} });

    const badId = new FormData();
    badId.append("intent", "photo");
    badId.append("id", "1e0");
    badId.append("photo", new Blob([new Uint8Array([1])]), "a.jpg");
    expect((await answer(new Request(URL_, { method: "POST", body: badId }))).status).toBe(404);
  });
});
