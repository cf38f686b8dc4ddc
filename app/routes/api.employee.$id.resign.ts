import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { ResignSchema } from "~/models/employee-schema";
import { resignEmployee } from "~/models/employee.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const id = intParam(params.id);
    const input = parseOrThrow(ResignSchema, await readBody(request), "วันที่ลาออกไม่ถูกต้อง");
    return json({ employee: resignEmployee(id, input.resign_date, { type: "admin", id: admin.id }) });
  });
}

export const loader = () => methodNotAllowed();
