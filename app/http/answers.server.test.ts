import { ANSWER_BYTES as SENT_AS_IS } from "../../server/remix.mjs";
import { ANSWER_BYTES, jsonAnswer } from "./answers.server";

const bytesOf = (response: Response) => (response as Response & { [ANSWER_BYTES]?: Buffer })[ANSWER_BYTES];

test("the symbol is the one server/remix.mjs sends the bytes of", () => {
  expect(ANSWER_BYTES).toBe(SENT_AS_IS);
});

describe("json", () => {
  test("a 200 JSON answer whose body and ANSWER_BYTES are the same UTF-8 text", async () => {
    const data = { items: [{ name: "สมชาย", note: "😀 \"quoted\"" }], total: 1 };
    const response = jsonAnswer(data);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(bytesOf(response)?.toString("utf8")).toBe(JSON.stringify(data));
    expect(await response.json()).toEqual(data);
  });

  test("takes a status, or an init with its headers; a given Content-Type is kept", async () => {
    expect(jsonAnswer({ ok: true }, 201).status).toBe(201);
    const refused = jsonAnswer({ error: "ไม่พบ" }, { status: 404, headers: { "Retry-After": "5" } });
    expect([refused.status, refused.headers.get("retry-after"), refused.headers.get("content-type")]).toEqual([
      404,
      "5",
      "application/json; charset=utf-8",
    ]);
    const problem = jsonAnswer({ title: "x" }, { headers: { "Content-Type": "application/problem+json" } });
    expect(problem.headers.get("content-type")).toBe("application/problem+json");
    expect(await problem.json()).toEqual({ title: "x" });
  });
});
