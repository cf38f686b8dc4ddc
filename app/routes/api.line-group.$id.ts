import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, intParam, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { GroupUpdateSchema, requireGroup, updateGroup } from "~/models/line-group.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return handleApi(() => json({ group: requireGroup(intParam(params.id)) }));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed();
  const admin = await requireAdminApi(request);
  return handleApi(async () => {
    const id = intParam(params.id);
    const input = parseOrThrow(GroupUpdateSchema, await readBody(request), "ข้อมูลกลุ่มไม่ถูกต้อง");
    return json({ group: updateGroup(id, input, { type: "admin", id: admin.id }) });
  });
}
