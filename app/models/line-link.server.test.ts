import { DomainError } from "~/lib/errors";
import { createAdmin } from "./admin.server";
import { listAudit } from "./audit.server";
import { EmployeeCreateSchema } from "./employee-schema";
import { createEmployee, resignEmployee } from "./employee.server";
import {
  authenReply,
  findLinkedEmployee,
  findWorkingEmployeeId,
  issueVerifyCode,
  linkLineUser,
  unlinkLineUser,
  VERIFY_CODE_MAX_TRIES,
  VERIFY_CODE_TTL_MS,
} from "./line-link.server";

const admin = { type: "admin" as const, id: 0 };
beforeAll(async () => {
  admin.id = (await createAdmin({ username: "link-admin", password: "link-admin-pw" })).id;
});
let n = 0;
function employee() {
  n += 1;
  return createEmployee(EmployeeCreateSchema.parse({ code: `L${n}`, title: 3, first_name: "สุดา", last_name: "ดีงาม" }), admin);
}

function expectError(fn: () => unknown, status: number, message?: RegExp) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(status);
    if (message) expect((error as DomainError).message).toMatch(message);
    return;
  }
  throw new Error("expected a DomainError");
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("linking a LINE user", () => {
  test("the right employee code and verify code link once; authen then says isVerify", () => {
    const e = employee();
    const { code, expires_at } = issueVerifyCode(e.id, admin);
    expect(code).toMatch(/^\d{6}$/);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(VERIFY_CODE_TTL_MS - 60_000);
    expect(authenReply("U-link-1")).toEqual({ isVerify: false });

    expect(linkLineUser({ lineUserId: "U-link-1", employeeCode: e.code.toLowerCase(), verifyCode: code })).toBe(e.id);
    expect(authenReply("U-link-1")).toEqual({
      isVerify: true,
      id: e.id,
      title: 3,
      first_name: "สุดา",
      last_name: "ดีงาม",
      permission: "employee",
      code: e.code,
      face_descriptor: null,
    });
    expect(listAudit({ entity: "employee", entityId: e.id }).map((a) => a.action)).toContain("link_line");
  });

  test("a used code never works again, even after an unlink", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    linkLineUser({ lineUserId: "U-reuse", employeeCode: e.code, verifyCode: code });
    unlinkLineUser(e.id, admin);
    expectError(() => linkLineUser({ lineUserId: "U-reuse", employeeCode: e.code, verifyCode: code }), 400, /หมดอายุหรือถูกใช้แล้ว/);
  });

  test("a wrong code counts; the fifth wrong try voids the code, even the right one then fails", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    for (let i = 1; i < VERIFY_CODE_MAX_TRIES; i++) {
      expectError(() => linkLineUser({ lineUserId: "U-tries", employeeCode: e.code, verifyCode: wrongCode(code) }), 400, new RegExp(`เหลืออีก ${VERIFY_CODE_MAX_TRIES - i} ครั้ง`));
    }
    expectError(() => linkLineUser({ lineUserId: "U-tries", employeeCode: e.code, verifyCode: wrongCode(code) }), 400, /ครบ 5 ครั้ง/);
    expectError(() => linkLineUser({ lineUserId: "U-tries", employeeCode: e.code, verifyCode: code }), 400);
    expect(authenReply("U-tries")).toEqual({ isVerify: false });
  });

  test("issuing a new code voids the old one", () => {
    const e = employee();
    const first = issueVerifyCode(e.id, admin);
    let second = issueVerifyCode(e.id, admin);
    while (second.code === first.code) second = issueVerifyCode(e.id, admin);
    expectError(() => linkLineUser({ lineUserId: "U-void", employeeCode: e.code, verifyCode: first.code }), 400);
    expect(linkLineUser({ lineUserId: "U-void", employeeCode: e.code, verifyCode: second.code })).toBe(e.id);
  });

  test("an expired code is refused", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    expectError(
      () => linkLineUser({ lineUserId: "U-late", employeeCode: e.code, verifyCode: code }, Date.now() + VERIFY_CODE_TTL_MS + 1000),
      400,
      /หมดอายุ/,
    );
  });

  test("one LINE user per employee and one employee per LINE user", () => {
    const a = employee();
    const b = employee();
    const codeA = issueVerifyCode(a.id, admin).code;
    linkLineUser({ lineUserId: "U-first", employeeCode: a.code, verifyCode: codeA });
    // a second LINE user cannot take an employee that is linked (no code can even be issued)
    expectError(() => issueVerifyCode(a.id, admin), 409);
    // the same LINE user cannot link a second employee
    const codeB = issueVerifyCode(b.id, admin).code;
    expectError(() => linkLineUser({ lineUserId: "U-first", employeeCode: b.code, verifyCode: codeB }), 409);
    expect(linkLineUser({ lineUserId: "U-second", employeeCode: b.code, verifyCode: codeB })).toBe(b.id);
  });

  test("an unknown employee code answers like a wrong code", () => {
    expectError(() => linkLineUser({ lineUserId: "U-x", employeeCode: "NOPE", verifyCode: "123456" }), 400, /รหัสพนักงานหรือรหัสยืนยันไม่ถูกต้อง/);
  });

  test("resigned employees are not verified", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    linkLineUser({ lineUserId: "U-resign", employeeCode: e.code, verifyCode: code });
    resignEmployee(e.id, "2025-11-30", admin);
    expect(authenReply("U-resign")).toEqual({ isVerify: false });
  });
});

describe("a resignation recorded ahead of its date", () => {
  // 2026-11-21 23:59 and 2026-11-22 00:01 in Bangkok.
  const EVE = new Date("2026-11-21T16:59:00Z");
  const DAY = new Date("2026-11-21T17:01:00Z");

  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  test("keeps LINE access until the date; from the date the employee is out", () => {
    vi.setSystemTime(EVE);
    const e = employee();
    resignEmployee(e.id, "2026-11-22", admin);
    // Still working: a code can be issued and used, and the guards let them in.
    const { code } = issueVerifyCode(e.id, admin);
    expect(linkLineUser({ lineUserId: "U-ahead", employeeCode: e.code, verifyCode: code })).toBe(e.id);
    expect(findWorkingEmployeeId("U-ahead")).toBe(e.id);
    expect(findLinkedEmployee("U-ahead")).toEqual({ id: e.id, resignDate: "2026-11-22", working: true });
    expect(authenReply("U-ahead")).toMatchObject({ isVerify: true, id: e.id });

    vi.setSystemTime(DAY);
    expect(findWorkingEmployeeId("U-ahead")).toBeNull();
    expect(findLinkedEmployee("U-ahead")).toEqual({ id: e.id, resignDate: "2026-11-22", working: false });
    expect(authenReply("U-ahead")).toEqual({ isVerify: false });
    expectError(() => issueVerifyCode(e.id, admin), 409, /ลาออกแล้ว/);
  });

  test("an employee whose resign date has come cannot link", () => {
    vi.setSystemTime(EVE);
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    resignEmployee(e.id, "2026-11-22", admin);
    vi.setSystemTime(DAY);
    expectError(() => linkLineUser({ lineUserId: "U-ahead-2", employeeCode: e.code, verifyCode: code }), 400);
  });
});
