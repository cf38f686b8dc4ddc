import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { EmployeeUpdateSchema } from "~/models/employee-schema";
import { requireEmployee, updateEmployee } from "~/models/employee.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return handleApi(() => json({ employee: requireEmployee(intParam(params.id)) }));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const id = intParam(params.id);
    const input = parseOrThrow(EmployeeUpdateSchema, await readBody(request), "ข้อมูลพนักงานไม่ถูกต้อง");
    return json({ employee: updateEmployee(id, input, { type: "admin", id: admin.id }) });
  });
}
