import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed } from "~/lib/http.server";
import { reinstateEmployee } from "~/models/employee.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () =>
    json({ employee: reinstateEmployee(intParam(params.id), { type: "admin", id: admin.id }) }),
  );
}

export const loader = () => methodNotAllowed();
