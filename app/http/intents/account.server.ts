// /admin/account's intents: the admin's own password, LINE link and sessions, calling the same
// model functions as /api/admin/line-code, /api/admin/line-link and /api/admin/session.
import { z } from "zod";
import { DomainError } from "~/lib/errors";
import { PASSWORD_MIN_LENGTH } from "~/lib/password.server";
import type { SessionAdmin } from "~/lib/session.server";
import { changeOwnPassword, ChangePasswordSchema, LoginError } from "~/models/admins/admin.server";
import { adminLineState, issueAdminLineCode, unlinkAdminLine } from "~/models/admins/line-account.server";
import { endOtherSessions, endOwnSession, listOwnSessions } from "~/models/admins/sessions.server";
import { intent } from "~/http/page-action.server";
import { clientIp } from "~/http/request.server";

const PASSWORD_INVALID = "กรุณาตรวจสอบรหัสผ่าน";
const NO_SESSION = "ไม่พบการเข้าสู่ระบบนี้";

export function accountPageData(admin: SessionAdmin) {
  const { sessions, total } = listOwnSessions(admin);
  return { username: admin.username, passwordMinLength: PASSWORD_MIN_LENGTH, line: adminLineState(admin.id), sessions, sessionsTotal: total };
}

/** The password form posts no intent: it is the page's `untitled` one. */
export const accountIntents = (admin: SessionAdmin, request: Request) => ({
  password: intent({
    schema: ChangePasswordSchema,
    invalid: PASSWORD_INVALID,
    run: async (input) => {
      let result;
      try {
        result = await changeOwnPassword({
          adminId: admin.id,
          sessionId: admin.sessionId,
          currentPassword: input.current_password,
          newPassword: input.new_password,
          ip: clientIp(request),
        });
      } catch (error) {
        // A throttled or refused check belongs under the current password, where the form shows it.
        if (!(error instanceof LoginError)) throw error;
        throw new DomainError(error.status, error.message, { current_password: error.message }, error.extra);
      }
      if (!result.ok) throw new DomainError(400, PASSWORD_INVALID, result.fields);
      return { revoked: result.revoked };
    },
    done: "เปลี่ยนรหัสผ่านแล้ว",
  }),
  "line-code": intent({
    run: () => issueAdminLineCode(admin.id),
    done: "ออกรหัสเชื่อมบัญชี LINE แล้ว",
  }),
  "line-unlink": intent({
    run: () => void unlinkAdminLine(admin.id, { type: "admin", id: admin.id }),
    done: "ยกเลิกการเชื่อมบัญชี LINE แล้ว",
  }),
  "session-end": intent({
    schema: z.object({ key: z.string({ error: NO_SESSION }).min(1, NO_SESSION).max(64, NO_SESSION) }),
    run: (input) => endOwnSession(admin, input.key),
    done: "ออกจากระบบอุปกรณ์นั้นแล้ว",
  }),
  "session-end-others": intent({
    run: () => endOtherSessions(admin),
    done: (ended) => (ended > 0 ? `ออกจากระบบอุปกรณ์อื่น ${ended} เครื่องแล้ว` : "ไม่มีอุปกรณ์อื่นที่เข้าสู่ระบบอยู่"),
  }),
});
