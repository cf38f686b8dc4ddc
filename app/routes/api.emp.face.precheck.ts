import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { readMultipartFile } from "~/lib/multipart.server";
import { DomainError } from "~/lib/errors";
import { UPLOAD_MESSAGES } from "~/lib/uploads-shared";
import { PRECHECK_MAX_BYTES, PRECHECK_MESSAGES, precheckFace } from "~/models/employees/face.server";

const LIMITS = { maxBytes: PRECHECK_MAX_BYTES, tooLarge: PRECHECK_MESSAGES.tooLarge, missing: UPLOAD_MESSAGES.missing };

/**
 * POST multipart `photo` (at most 1 MB): what the face engine will say about this photo, before
 * it is sent for real → `{ faces, message }` (docs/decisions/036-face-precheck-on-the-server.md).
 */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request }) => {
      const { file } = await readMultipartFile(request, "photo", LIMITS);
      if (!file) throw new DomainError(400, UPLOAD_MESSAGES.missing);
      return jsonAnswer(await precheckFace(file));
    },
  },
  { auth: "employee" },
);
