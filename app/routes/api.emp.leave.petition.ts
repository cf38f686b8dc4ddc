import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { readMultipartOptionalImage } from "~/lib/multipart.server";
import { parseOrThrow } from "~/lib/validation";
import { PetitionSchema } from "~/models/leave/schema";
import { fileLeave } from "~/models/leave/notices.server";
import { apiRoute } from "~/http/api-route.server";

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * POST `{type, start_date, end_date, half, reason, certificate_note?}` as JSON, or as multipart
 * with an optional image in `attachment` (a medical certificate) → 201 `{petition}`; the
 * groups flagged notify_leave get a LINE notice after the answer.
 */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request, employee, actor }) => {
      let fields: Record<string, unknown>;
      let attachment: Uint8Array | null = null;
      if (MULTIPART.test(request.headers.get("content-type") ?? "")) {
        const { file, form } = await readMultipartOptionalImage(request, "attachment");
        fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
        attachment = file;
      } else {
        fields = await readBody(request);
      }
      const input = parseOrThrow(PetitionSchema, fields, "ข้อมูลคำขอลาไม่ถูกต้อง");
      return jsonAnswer({ petition: await fileLeave(employee.id, input, attachment, actor) }, { status: 201 });
    },
  },
  { auth: "employee" },
);
