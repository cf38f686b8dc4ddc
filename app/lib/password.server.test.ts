import { COMMON_PASSWORDS } from "./common-passwords";
import { newPasswordProblem, PASSWORD_MESSAGES, randomPassword } from "./password.server";

describe("new password rules", () => {
  test.each([
    ["", PASSWORD_MESSAGES.missing],
    ["        ", PASSWORD_MESSAGES.blank],
    ["            ", PASSWORD_MESSAGES.blank],
    ["\t \u3000  \n   ", PASSWORD_MESSAGES.blank],
    ["short-pw1", PASSWORD_MESSAGES.tooShort],
    ["😀😀😀😀😀😀😀😀😀", PASSWORD_MESSAGES.tooShort],
    ["x".repeat(257), PASSWORD_MESSAGES.tooLong],
    ["Password123", PASSWORD_MESSAGES.common],
    ["QWERTYUIOP", PASSWORD_MESSAGES.common],
    ["1234567890", PASSWORD_MESSAGES.common],
    [" iloveyou123 ", PASSWORD_MESSAGES.common],
  ])("%j is refused", (password, message) => {
    expect(newPasswordProblem(password)).toBe(message);
  });

  test("not the username nor the current password, whatever the case", () => {
    expect(newPasswordProblem("Office-Manager", { username: "office-manager" })).toBe(PASSWORD_MESSAGES.sameAsUsername);
    expect(newPasswordProblem("Old-Password-9", { currentPassword: "old-password-9" })).toBe(PASSWORD_MESSAGES.sameAsCurrent);
    expect(newPasswordProblem("ทะเลสีครามยามเช้า", { username: "admin", currentPassword: "another-one-1" })).toBeNull();
  });

  test("ten characters of Thai or emoji are enough; the list is a few hundred lower-case entries", () => {
    expect(newPasswordProblem("กขคงจฉชซฌญ")).toBeNull();
    expect(newPasswordProblem("😀😀😀😀😀😀😀😀😀😀")).toBeNull();
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
  });

  test("generated passwords always satisfy the rules", () => {
    for (let i = 0; i < 500; i++) expect(newPasswordProblem(randomPassword(), { username: "admin" })).toBeNull();
  });
});
