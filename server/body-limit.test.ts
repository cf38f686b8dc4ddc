import { MAX_MULTIPART_BYTES as UPLOAD_LIMIT } from "~/lib/multipart.server";
import { MAX_WEBHOOK_BYTES } from "~/models/flows/line-webhook.server";
import { bodyLimitFor, declaredLength, MAX_BODY_BYTES, MAX_MULTIPART_BYTES } from "./body-limit.mjs";

describe("body limits", () => {
  test("the edge's limits are the app's: uploads and the LINE webhook", () => {
    expect(MAX_MULTIPART_BYTES).toBe(UPLOAD_LIMIT);
    expect(MAX_BODY_BYTES).toBe(MAX_WEBHOOK_BYTES);
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
  });

  test("multipart/form-data gets the upload limit, everything else 1 MB", () => {
    expect(bodyLimitFor("multipart/form-data; boundary=x")).toBe(MAX_MULTIPART_BYTES);
    expect(bodyLimitFor("Multipart/Form-Data;boundary=x")).toBe(MAX_MULTIPART_BYTES);
    for (const type of ["application/json", "application/x-www-form-urlencoded", "text/plain", undefined, "multipart/mixed"]) {
      expect(bodyLimitFor(type)).toBe(MAX_BODY_BYTES);
    }
  });

  test("Content-Length is read only when it is a plain number", () => {
    expect(declaredLength("123")).toBe(123);
    expect(declaredLength(" 42 ")).toBe(42);
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength("-1")).toBeNull();
    expect(declaredLength("1e9")).toBeNull();
  });
});
