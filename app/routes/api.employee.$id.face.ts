import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed } from "~/lib/http.server";
import { resetFace } from "~/models/face.server";

/** DELETE: an admin resets the employee's registered face. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => json({ employee: resetFace(intParam(params.id), { type: "admin", id: admin.id }) }));
}

export const loader = () => methodNotAllowed();
