import { PUSH_MESSAGES, PUSH_TEXT_MAX, pushTargetProblem, pushTextProblem } from "./push-rules";

test("push text: blank or only spaces is empty; the limit counts the trimmed text", () => {
  expect(pushTextProblem("")).toBe(PUSH_MESSAGES.empty);
  expect(pushTextProblem(" \n ")).toBe(PUSH_MESSAGES.empty);
  expect(pushTextProblem(`  ${"ก".repeat(PUSH_TEXT_MAX)}  `)).toBeNull();
  expect(pushTextProblem("ก".repeat(PUSH_TEXT_MAX + 1))).toBe("ข้อความยาวเกิน 2000 ตัวอักษร");
});

test("push target: resigned first, then not linked", () => {
  expect(pushTargetProblem({ resigned: false, linked: true })).toBeNull();
  expect(pushTargetProblem({ resigned: false, linked: false })).toBe(PUSH_MESSAGES.notLinked);
  expect(pushTargetProblem({ resigned: true, linked: false })).toBe(PUSH_MESSAGES.resigned);
});
