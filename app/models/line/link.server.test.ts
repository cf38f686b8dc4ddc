import { DomainError } from "~/lib/errors";
import { createAdmin } from "~/models/admins/admin.server";
import { listAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import {
  authenReply,
  findLinkedEmployee,
  findWorkingEmployeeId,
  issueVerifyCode,
  LINK_FAILED,
  LINK_TRIES_PER_LINE_USER,
  linkLineUser,
  unlinkLineUser,
  VERIFY_CODE_MAX_TRIES,
  VERIFY_CODE_TTL_MS,
} from "./link.server";

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

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}
const thrownMessage = (fn: () => unknown) => thrown(fn).message;

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
    // Contract change (issue 10): a used code gets the one answer every failure gets.
    expectError(() => linkLineUser({ lineUserId: "U-reuse", employeeCode: e.code, verifyCode: code }), 400);
    expect(thrownMessage(() => linkLineUser({ lineUserId: "U-reuse-2", employeeCode: e.code, verifyCode: code }))).toBe(LINK_FAILED);
  });

  // Contract change (issue 10): tries count per LINE user (5 per 15 minutes) and per code (20 void it).
  test("a LINE user's fifth wrong try stops them for 15 minutes, even with the right code; then they may go on", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    const t0 = Date.now();
    for (let i = 0; i < LINK_TRIES_PER_LINE_USER; i++) {
      expectError(() => linkLineUser({ lineUserId: "U-tries", employeeCode: e.code, verifyCode: wrongCode(code) }, t0 + i), 400);
    }
    const blocked = thrown(() => linkLineUser({ lineUserId: "U-tries", employeeCode: e.code, verifyCode: code }, t0 + 10));
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe("ใส่รหัสไม่ถูกต้องหลายครั้งเกินไป กรุณาลองใหม่ในอีก 15 นาที");
    expect(blocked.extra.headers?.["Retry-After"]).toBe(String(15 * 60));
    // an unknown employee code costs a try as well, so codes cannot be probed for free
    expect(thrown(() => linkLineUser({ lineUserId: "U-tries", employeeCode: "NOPE", verifyCode: "123456" }, t0 + 10)).status).toBe(429);
    expect(linkLineUser({ lineUserId: "U-tries", employeeCode: e.code, verifyCode: code }, t0 + 15 * 60_000 + 10)).toBe(e.id);
  });

  test("a stranger's wrong tries leave the employee able to link with the right code", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    for (let i = 0; i < LINK_TRIES_PER_LINE_USER; i++) {
      expectError(() => linkLineUser({ lineUserId: "U-stranger", employeeCode: e.code, verifyCode: wrongCode(code) }), 400);
    }
    expectError(() => linkLineUser({ lineUserId: "U-stranger", employeeCode: e.code, verifyCode: wrongCode(code) }), 429);
    expect(linkLineUser({ lineUserId: "U-owner", employeeCode: e.code, verifyCode: code })).toBe(e.id);
  });

  test("20 wrong tries in all, from any LINE users, void the code", () => {
    const e = employee();
    const { code } = issueVerifyCode(e.id, admin);
    for (let i = 0; i < VERIFY_CODE_MAX_TRIES; i++) {
      const lineUserId = `U-crowd-${Math.floor(i / LINK_TRIES_PER_LINE_USER)}`;
      expectError(() => linkLineUser({ lineUserId, employeeCode: e.code, verifyCode: wrongCode(code) }), 400);
    }
    expect(thrownMessage(() => linkLineUser({ lineUserId: "U-crowd-owner", employeeCode: e.code, verifyCode: code }))).toBe(LINK_FAILED);
    expect(authenReply("U-crowd-owner")).toEqual({ isVerify: false });
  });

  test("every failure answers with the same message, so employee codes cannot be told apart", () => {
    const wrong = employee();
    const wrongIssued = issueVerifyCode(wrong.id, admin).code;
    const expired = employee();
    const expiredCode = issueVerifyCode(expired.id, admin).code;
    const noCode = employee();
    const resigned = employee();
    const resignedCode = issueVerifyCode(resigned.id, admin).code;
    resignEmployee(resigned.id, "2026-11-01", admin);
    const taken = employee();
    linkLineUser({ lineUserId: "U-taken", employeeCode: taken.code, verifyCode: issueVerifyCode(taken.id, admin).code });
    const messages = [
      thrownMessage(() => linkLineUser({ lineUserId: "U-same-1", employeeCode: "NO-SUCH", verifyCode: "123456" })),
      thrownMessage(() => linkLineUser({ lineUserId: "U-same-2", employeeCode: wrong.code, verifyCode: wrongCode(wrongIssued) })),
      thrownMessage(() => linkLineUser({ lineUserId: "U-same-3", employeeCode: expired.code, verifyCode: expiredCode }, Date.now() + VERIFY_CODE_TTL_MS + 1)),
      thrownMessage(() => linkLineUser({ lineUserId: "U-same-4", employeeCode: noCode.code, verifyCode: "123456" })),
      thrownMessage(() => linkLineUser({ lineUserId: "U-same-5", employeeCode: resigned.code, verifyCode: resignedCode })),
      thrownMessage(() => linkLineUser({ lineUserId: "U-same-6", employeeCode: taken.code, verifyCode: "123456" })),
    ];
    expect(new Set(messages)).toEqual(new Set([LINK_FAILED]));
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
