import { jsonAnswer } from "~/http/answers.server";
import { commitLineIdentity } from "~/lib/employee-session.server";
import { employeeAuthenticator } from "~/lib/liff-auth.server";
import { authenReply } from "~/models/line/link.server";
import { apiRoute } from "~/http/api-route.server";

/** POST {idToken} → the spec's authen reply, and the employee session cookie. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request }) => {
      const identity = await employeeAuthenticator.authenticate("liff", request);
      return jsonAnswer(authenReply(identity.lineUserId), {
        headers: { "Set-Cookie": await commitLineIdentity(identity) },
      });
    },
  },
  { auth: "none" },
);
