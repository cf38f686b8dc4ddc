import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed } from "~/lib/http.server";
import { readMultipartImage } from "~/lib/multipart.server";
import { requireEmployee, setEmployeePhoto } from "~/models/employee.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const id = intParam(params.id);
    requireEmployee(id);
    const { file } = await readMultipartImage(request, "photo");
    return json(await setEmployeePhoto(id, file, { type: "admin", id: admin.id }));
  });
}

export const loader = () => methodNotAllowed();
