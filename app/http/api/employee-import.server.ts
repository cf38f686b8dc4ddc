import { jsonAnswer } from "~/http/answers.server";
import { z } from "zod";
import { DomainError } from "~/lib/errors";
import { readLimitedBody, readMultipartFile, type FileLimits } from "~/lib/multipart.server";
import type { Actor } from "~/models/audit/audit.server";
import { decodeImportFile, importEmployees } from "~/models/employees/import.server";
import { IMPORT_MESSAGES, IMPORT_MODES, MAX_IMPORT_BYTES } from "~/models/employees/import-schema";

const LIMITS: FileLimits = { maxBytes: MAX_IMPORT_BYTES, tooLarge: IMPORT_MESSAGES.tooLarge, missing: IMPORT_MESSAGES.missing };
const Mode = z.enum(IMPORT_MODES, { error: IMPORT_MESSAGES.badMode }).default("preview");

/** The CSV (a multipart `file`, or a text/csv body) and the mode (form field or `?mode=`, default preview). */
async function readImport(request: Request) {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  let bytes: Uint8Array;
  let mode: unknown = new URL(request.url).searchParams.get("mode") ?? undefined;
  if (type.startsWith("multipart/form-data")) {
    const { file, form } = await readMultipartFile(request, "file", LIMITS);
    if (!file) throw new DomainError(400, IMPORT_MESSAGES.missing);
    bytes = file;
    mode = form.get("mode") ?? mode;
  } else if (type.startsWith("text/csv") || type.startsWith("text/plain")) {
    bytes = await readLimitedBody(request, LIMITS);
  } else {
    throw new DomainError(400, "ส่งไฟล์ CSV เป็นฟอร์ม multipart (ช่อง file) หรือเป็น text/csv");
  }
  const parsed = Mode.safeParse(mode === "" ? undefined : mode);
  if (!parsed.success) throw new DomainError(400, IMPORT_MESSAGES.badMode, { mode: IMPORT_MESSAGES.badMode });
  return { text: decodeImportFile(bytes), mode: parsed.data };
}

/**
 * POST /api/employee/import: a preview answers 200 with the report; an import that wrote answers
 * 201; one that wrote nothing (a bad row in all_or_nothing, no good row in valid_only) answers 400
 * with the same report and a Thai `error`.
 */
export async function employeeImportResponse(request: Request, actor: Actor) {
  const { text, mode } = await readImport(request);
  const report = importEmployees(text, mode, actor);
  if (mode === "preview") return jsonAnswer(report);
  if (report.created === 0) {
    const error = mode === "all_or_nothing" && report.invalid > 0 ? IMPORT_MESSAGES.rejected : IMPORT_MESSAGES.nothingValid;
    return jsonAnswer({ error, ...report }, { status: 400 });
  }
  return jsonAnswer(report, { status: 201 });
}
