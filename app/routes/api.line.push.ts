import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { fieldErrors } from "~/lib/validation";
import { listPushes, PushListQuery } from "~/models/notifier.server";

/** GET ?employee_id=&status=&page=&page_size= → {items, total, page, page_size}, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await requireAdminApi(request);
    const parsed = PushListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return apiError(400, "พารามิเตอร์ไม่ถูกต้อง", fieldErrors(parsed.error));
    return json(listPushes(parsed.data));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export const action = () => methodNotAllowed();
