// Reads a multipart request with one image within fixed size limits (docs/decisions/004-image-uploads.md).
import busboy, { type Busboy } from "busboy";
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
    // The body stream broke: the client went away, or the edge ended a body that ran over or
    // stopped arriving (server/body-limit.mjs answers those itself). Not a crash.
    throw new DomainError(400, limits.missing);
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
  let parser: Busboy;
  try {
    // busboy marks a part cut off when it reaches the limit, so one byte more than allowed is the sign.
    parser = busboy({ headers: { "content-type": contentType }, limits: { fileSize: limits.maxBytes + 1, fieldSize: limits.maxBytes + 1 } });
  } catch {
    throw new DomainError(400, limits.missing); // no boundary
  }
  return parseParts(request.body, parser, field, limits, maxBody);
}

/**
 * Feeds the body to busboy, counting it against `maxBody`, and collects the text fields and the
 * first file in `field` (other files are read and dropped). Settles once: the first failure wins.
 */
function parseParts(
  body: ReadableStream<Uint8Array>,
  parser: Busboy,
  field: string,
  limits: FileLimits,
  maxBody: number,
): Promise<{ file: Uint8Array | null; form: FormData }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    const fileChunks: Buffer[] = [];
    let taken = false;
    let fileDone: Promise<void> = Promise.resolve();
    let failed = false;
    const fail = (status: 400 | 413) => {
      if (failed) return;
      failed = true;
      reject(new DomainError(status, status === 413 ? limits.tooLarge : limits.missing));
      parser.destroy();
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(413);
      else form.append(name, value);
    });
    parser.on("file", (name, stream) => {
      // A stream cut short by a malformed body errors; unheard, that would end the process.
      stream.on("error", () => fail(400));
      if (name !== field || taken) {
        stream.resume();
        return;
      }
      taken = true;
      stream.on("data", (chunk: Buffer) => fileChunks.push(chunk));
      stream.on("limit", () => fail(413));
      fileDone = new Promise((done) => stream.on("end", done));
    });
    parser.on("error", () => fail(400));
    parser.on("close", () => {
      if (failed) return;
      void fileDone.then(() => {
        if (failed) return;
        const file = fileChunks.length ? new Uint8Array(Buffer.concat(fileChunks)) : null;
        // A browser sends an empty part with filename="" when no file was chosen.
        resolve({ file: file && file.byteLength > 0 ? file : null, form });
      });
    });

    void (async () => {
      const reader = body.getReader();
      let seen = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          seen += value.byteLength;
          if (seen > maxBody) fail(413);
          if (failed) {
            await reader.cancel();
            return;
          }
          if (!parser.write(value)) await drainedOrDone(parser);
        }
        parser.end();
      } catch {
        fail(400); // the body stream broke (the client went away, or the edge cut it off)
      }
    })();
  });
}

/** Until busboy takes more input, or has finished or failed. */
function drainedOrDone(parser: Busboy) {
  return new Promise<void>((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
  });
}
