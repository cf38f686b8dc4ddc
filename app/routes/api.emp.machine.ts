import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { readMultipartOptionalImage } from "~/lib/multipart.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { reportVisit } from "~/models/machines/notices.server";
import { EmployeeMachinesQuery, VisitSchema } from "~/models/machines/visit-schema";
import { employeeMachines } from "~/models/machines/visit.server";
import { apiRoute } from "~/http/api-route.server";

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * GET `?lat=&lng=`: the employee's machines `{items}` (nearest first with a position).
 * POST multipart `machine_id, status, note, lat, lng, accuracy, photo` (or JSON without a photo)
 * → 201 `{visit}`; out_of_stock/broken notify the groups flagged notify_machine after the answer.
 */
export const { loader, action } = apiRoute(
  {
    GET: ({ request, employee }) => {
      const { lat, lng } = parseQuery(EmployeeMachinesQuery, request);
      return jsonAnswer({ items: employeeMachines(employee.id, lat !== undefined && lng !== undefined ? { lat, lng } : undefined) });
    },
    POST: async ({ request, employee }) => {
      let fields: Record<string, unknown>;
      let photo: Uint8Array | null = null;
      if (MULTIPART.test(request.headers.get("content-type") ?? "")) {
        const { file, form } = await readMultipartOptionalImage(request, "photo");
        fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
        photo = file;
      } else {
        fields = await readBody(request);
      }
      const input = parseOrThrow(VisitSchema, fields, "ข้อมูลรายงานการเข้าตู้ไม่ถูกต้อง");
      return jsonAnswer({ visit: await reportVisit(employee.id, input, photo) }, { status: 201 });
    },
  },
  { auth: "employee" },
);
