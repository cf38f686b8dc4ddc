import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { authenReply, linkLineUser, LinkSchema } from "~/models/line/link.server";
import { apiRoute } from "~/http/api-route.server";

/** POST {employee_code, verify_code}: links the signed-in LINE user to the employee. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, identity }) => {
      const input = parseOrThrow(LinkSchema, await readBody(request), "กรุณาตรวจสอบข้อมูล");
      linkLineUser({ lineUserId: identity.lineUserId, employeeCode: input.employee_code, verifyCode: input.verify_code });
      return jsonAnswer(authenReply(identity.lineUserId));
    },
  },
  { auth: "line" },
);
