import { readBody } from "~/http/request.server";
import { readMultipartOptionalImage } from "~/lib/multipart.server";

/**
 * A machine create/edit body: JSON, a form, or a multipart form whose optional `photo` is the
 * machine's picture. Returns the text fields and the photo's bytes (null without one).
 */
export async function readMachineBody(request: Request): Promise<{ fields: Record<string, unknown>; photo: Uint8Array | null }> {
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const { file, form } = await readMultipartOptionalImage(request, "photo");
    const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    return { fields, photo: file };
  }
  return { fields: await readBody(request), photo: null };
}
