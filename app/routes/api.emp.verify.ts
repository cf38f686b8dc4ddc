import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireLineIdentityApi } from "~/auth/guard.server";
import { handleApi, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { authenReply, linkLineUser, LinkSchema } from "~/models/line-link.server";

/** POST {employee_code, verify_code}: links the signed-in LINE user to the employee. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const identity = await requireLineIdentityApi(request);
  return handleApi(async () => {
    const input = parseOrThrow(LinkSchema, await readBody(request), "กรุณาตรวจสอบข้อมูล");
    linkLineUser({ lineUserId: identity.lineUserId, employeeCode: input.employee_code, verifyCode: input.verify_code });
    return json(authenReply(identity.lineUserId));
  });
}

export const loader = () => methodNotAllowed();
