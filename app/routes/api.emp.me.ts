import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireLinkedEmployeeApi } from "~/auth/guard.server";
import { requireEmployee } from "~/models/employee.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { employee } = await requireLinkedEmployeeApi(request);
  return json({ employee: requireEmployee(employee.id) });
}
