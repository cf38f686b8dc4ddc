// The linking page's form (/employee/verify), with the same model call as POST /api/emp/verify.
// Kept out of the route module: whatever a route imports is reached by its browser bundle, and
// ~/lib/validation would bring zod (95 kB) to a phone that only needs a form (ADR 038).
import { DomainError } from "~/lib/errors";
import { parseOrThrow } from "~/lib/validation";
import { linkLineUser, LinkSchema } from "~/models/line/link.server";
import { getEmployeeSession } from "./guard.server";

/** The form's fields; a body that is not a form (JSON, text, nothing) is a 400, not a crash. */
async function readForm(request: Request) {
  try {
    return Object.fromEntries(await request.formData());
  } catch (error) {
    if (error instanceof Response) throw error;
    throw new DomainError(400, "กรุณากรอกรหัสพนักงานและรหัสยืนยันในแบบฟอร์ม");
  }
}

/** Links the signed-in LINE user to the employee the form names; a DomainError says why not. */
export async function linkFromPageForm(request: Request) {
  const identity = (await getEmployeeSession(request))?.identity;
  if (!identity) throw new DomainError(401, "กรุณาเปิดหน้านี้จากแอป LINE");
  const input = parseOrThrow(LinkSchema, await readForm(request), "กรุณาตรวจสอบข้อมูล");
  linkLineUser({ lineUserId: identity.lineUserId, employeeCode: input.employee_code, verifyCode: input.verify_code });
}
