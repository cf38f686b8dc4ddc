import { acceptedRequestId, assignRequestId, newRequestId, requestIdOf } from "./request-id.mjs";

describe("request ids", () => {
  test("an incoming id is kept when it is 8–64 letters, digits or dashes", () => {
    expect(acceptedRequestId("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(acceptedRequestId("abcd1234")).toBe("abcd1234");
    expect(acceptedRequestId("A".repeat(64))).toBe("A".repeat(64));
  });

  test("anything else is replaced: too short or long, other characters, a line break, two headers", () => {
    for (const bad of ["abc1234", "A".repeat(65), "abc 12345", "abc_12345", "abc12345\n{\"level\":\"error\"}", "ก".repeat(10), "", undefined]) {
      expect(acceptedRequestId(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(acceptedRequestId(["abcd1234", "efgh5678"])).toBeNull();
  });

  test("a new id is 12 lowercase base32 characters, and new each time", () => {
    const made = new Set(Array.from({ length: 200 }, newRequestId));
    expect(made.size).toBe(200);
    for (const id of made) {
      expect(id).toMatch(/^[a-z2-7]{12}$/);
      expect(acceptedRequestId(id)).toBe(id);
    }
  });

  test("assignRequestId keeps a good incoming id, answers it in X-Request-Id and remembers it for the request", () => {
    const headers = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => headers.set(name, value) };
    const kept = { headers: { "x-request-id": "proxy-given-42" } };
    expect(assignRequestId(kept, res)).toBe("proxy-given-42");
    expect(headers.get("X-Request-Id")).toBe("proxy-given-42");
    expect(requestIdOf(kept)).toBe("proxy-given-42");

    const replaced = { headers: { "x-request-id": "<script>" } };
    const id = assignRequestId(replaced, res);
    expect(id).toMatch(/^[a-z2-7]{12}$/);
    expect(headers.get("X-Request-Id")).toBe(id);
    expect(requestIdOf(replaced)).toBe(id);
    expect(requestIdOf({ headers: {} })).toBeUndefined();
  });
});
