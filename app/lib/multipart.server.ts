// Reads a multipart request with one image within fixed size limits (docs/decisions/004-image-uploads.md).
import {
  MaxPartSizeExceededError,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { DomainError } from "./errors";
import { UPLOAD_MESSAGES } from "./uploads-shared";

/** Largest accepted image file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the boundaries, part headers and the small text fields sent with the image. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** Largest whole multipart body; more than this is refused before or while reading it. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

class BodyTooLargeError extends Error {
  constructor(max: number) {
    super(`body exceeds ${max} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** Passes the body through, failing the stream once more than `max` bytes have arrived. */
function limitStream(body: ReadableStream<Uint8Array>, max: number) {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new BodyTooLargeError(max));
        else controller.enqueue(chunk);
      },
    }),
  );
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

/**
 * Reads a multipart form with one image in `field`. Nothing beyond the limits is ever held in
 * memory: a `Content-Length` over {@link MAX_MULTIPART_BYTES} is refused before reading, the
 * body stream itself is cut off at that size (also without a Content-Length), and the file part
 * at {@link MAX_UPLOAD_BYTES}. Other file parts are read and thrown away.
 *
 * Returns the file's bytes (the client's file name and content type are ignored: `encodeImage`
 * decides from the bytes) and the form's text fields.
 * Throws a DomainError: 413 too large · 400 not multipart / no file in the field.
 */
export async function readMultipartImage(
  request: Request,
  field = "photo",
): Promise<{ file: Uint8Array; form: FormData }> {
  const { file, form } = await readMultipart(request, field);
  if (!file) throw new DomainError(400, UPLOAD_MESSAGES.missing);
  return { file, form };
}

/** {@link readMultipartImage} for a form whose image may be left out: `file` is then null. */
export async function readMultipartOptionalImage(
  request: Request,
  field = "photo",
): Promise<{ file: Uint8Array | null; form: FormData }> {
  return readMultipart(request, field);
}

/** A file field's limit and the Thai answers when it is exceeded or missing. */
export type FileLimits = { maxBytes: number; tooLarge: string; missing: string };

const IMAGE_LIMITS: FileLimits = {
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  missing: UPLOAD_MESSAGES.missing,
};

/**
 * A multipart form with one file of any kind in `field`, under `limits` (the same reading rules
 * as {@link readMultipartImage}). The file is null when the field was left empty.
 */
export async function readMultipartFile(request: Request, field: string, limits: FileLimits) {
  return readMultipart(request, field, limits);
}

/** A non-multipart body (e.g. text/csv) as bytes, refused with a 413 past `limits.maxBytes`. */
export async function readLimitedBody(request: Request, limits: FileLimits): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw new DomainError(413, limits.tooLarge);
  if (!request.body) throw new DomainError(400, limits.missing);
  try {
    return new Uint8Array(await new Response(limitStream(request.body, limits.maxBytes)).arrayBuffer());
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new DomainError(413, limits.tooLarge);
    throw error;
  }
}

async function readMultipart(
  request: Request,
  field: string,
  limits: FileLimits = IMAGE_LIMITS,
): Promise<{ file: Uint8Array | null; form: FormData }> {
  const maxBody = limits.maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBody) {
    throw new DomainError(413, limits.tooLarge);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new DomainError(400, limits.missing);
  }

  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: limitStream(request.body, maxBody),
    duplex: "half",
  } as RequestInit & { duplex: "half" });

  // Parts are read into bytes here rather than by Remix's memory handler, which makes a Blob for
  // every text field and a File for the image (a check-in's six fields cost more than its query).
  const taken: { file: Uint8Array | null } = { file: null };
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== "string") return utf8.decode(await readPart(part.name, part.data, limits.maxBytes));
    if (part.name !== field || taken.file) await drain(part.data);
    else taken.file = await readPart(part.name, part.data, limits.maxBytes);
    return undefined;
  };

  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(limited, handler);
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof MaxPartSizeExceededError) {
      throw new DomainError(413, limits.tooLarge);
    }
    // not multipart after all, or a malformed body
    throw new DomainError(400, limits.missing);
  }
  // A browser sends an empty part with filename="" when no file was chosen.
  const { file } = taken;
  return { file: file && file.byteLength > 0 ? file : null, form };
}

const utf8 = new TextDecoder();

/** A part's bytes, refused past `max`. */
async function readPart(name: string, data: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > max) throw new MaxPartSizeExceededError(name, max);
    chunks.push(chunk);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
