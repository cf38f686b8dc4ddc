import { errorReference, SANITIZED_SERVER_ERROR } from "./error-reference";

test("a data request's error carries its own reference; the document's error takes the root loader's", () => {
  expect(errorReference(new Error(`${SANITIZED_SERVER_ERROR} (ref abcdef123456)`), "0000document")).toBe("abcdef123456");
  expect(errorReference(new Error(SANITIZED_SERVER_ERROR), "0000document")).toBe("0000document");
  expect(errorReference(new Error(SANITIZED_SERVER_ERROR), null)).toBeNull();
});

test("no reference for an error the browser made, or for anything that is not an Error", () => {
  // A render error after a navigation: the root's id belongs to an older request.
  expect(errorReference(new TypeError("x is undefined"), "0000document")).toBeNull();
  expect(errorReference(new Error("(ref short)"), null)).toBeNull();
  expect(errorReference({ status: 404, data: null }, "0000document")).toBeNull();
  expect(errorReference("Unexpected Server Error", "0000document")).toBeNull();
});
