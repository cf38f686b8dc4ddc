import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { commitLineIdentity } from "~/lib/employee-session.server";
import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { employeeAuthenticator } from "~/lib/liff-auth.server";
import { authenReply } from "~/models/line-link.server";

/** POST {idToken} → the spec's authen reply, and the employee session cookie. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    const identity = await employeeAuthenticator.authenticate("liff", request);
    return json(authenReply(identity.lineUserId), {
      headers: { "Set-Cookie": await commitLineIdentity(identity) },
    });
  });
}

export const loader = () => methodNotAllowed();
