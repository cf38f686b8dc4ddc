import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminApi } from "~/auth/guard.server";
import { handleApi, methodNotAllowed, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { PushError, PushOneSchema, pushToEmployee } from "~/models/notifier.server";

/**
 * POST {employee_id, text} (JSON or form) → 200 {push} once LINE accepted it; 400 / 401 / 404 /
 * 409 as usual; 502 {error, push} when LINE still refused after the retries; 503 when LINE is
 * not configured. Errors are returned, never thrown, so a useFetcher gets them as data.
 */
export async function action({ request }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") return methodNotAllowed();
    const admin = await requireAdminApi(request);
    return await handleApi(async () => {
      const input = parseOrThrow(PushOneSchema, await readBody(request), "ข้อมูลไม่ถูกต้อง");
      try {
        const push = await pushToEmployee({
          employeeId: input.employee_id,
          text: input.text,
          kind: "manual",
          actor: { type: "admin", id: admin.id },
        });
        return json({ push });
      } catch (error) {
        if (error instanceof PushError) return json({ error: error.message, push: error.push }, { status: error.status });
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export const loader = () => methodNotAllowed();
