// Every uploaded image goes through here: read the multipart body within a size limit, check the
// real type from the bytes, let sharp decode and re-encode it, and keep the result in `uploads`
// (docs/decisions/003-uploads-in-sqlite.md, 004-image-uploads.md).
import crypto from "node:crypto";
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { employees, uploads } from "../../db/schema";
import { db } from "./db.server";
import { UPLOAD_FOLDERS, type UploadFolder } from "./enums";
import { DomainError } from "./errors";

export type UploadRow = typeof uploads.$inferSelect;
export { UPLOAD_FOLDERS, type UploadFolder };

/** Largest accepted image file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the boundaries, part headers and the small text fields sent with the image. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** Largest whole multipart body; more than this is refused before or while reading it. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
/** Decoded size limit (a small file can claim a huge canvas: a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images fit inside this box (never enlarged). */
export const MAX_DIMENSION = 1600;
export const JPEG_QUALITY = 82;

export const UPLOAD_MESSAGES = {
  tooLarge: "ไฟล์มีขนาดใหญ่เกิน 10 MB",
  missing: "กรุณาแนบรูปภาพ",
  unsupported: "รองรับเฉพาะไฟล์รูปภาพ JPEG, PNG, WebP หรือ HEIC",
  heicUnreadable:
    "ระบบยังอ่านไฟล์ HEIC/HEIF นี้ไม่ได้ กรุณาบันทึกหรือส่งรูปเป็น JPEG แล้วลองอีกครั้ง",
  corrupt: "ไฟล์รูปภาพเสียหายหรือไม่สมบูรณ์ กรุณาเลือกรูปใหม่",
  tooManyPixels: "รูปภาพมีความละเอียดสูงเกินไป (เกิน 50 ล้านพิกเซล)",
  notFound: "ไม่พบไฟล์",
} as const;

// ---------------------------------------------------------------------------------------------
// Reading the request

class BodyTooLargeError extends Error {
  constructor() {
    super(`multipart body exceeds ${MAX_MULTIPART_BYTES} bytes`);
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
        if (seen > max) controller.error(new BodyTooLargeError());
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
 * Returns the file's bytes (the client's file name and content type are ignored: `storeImage`
 * decides from the bytes) and the form's text fields.
 * Throws a DomainError: 413 too large · 400 not multipart / no file in the field.
 */
export async function readMultipartImage(
  request: Request,
  field = "photo",
): Promise<{ file: Uint8Array; form: FormData }> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_MULTIPART_BYTES) {
    throw new DomainError(413, UPLOAD_MESSAGES.tooLarge);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new DomainError(400, UPLOAD_MESSAGES.missing);
  }

  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: limitStream(request.body, MAX_MULTIPART_BYTES),
    duplex: "half",
  } as RequestInit & { duplex: "half" });

  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES });
  let taken = false;
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== "string") return memory(part); // a text field
    if (part.name !== field || taken) {
      await drain(part.data);
      return undefined;
    }
    taken = true;
    return memory(part);
  };

  let parsed: FormData;
  try {
    parsed = await unstable_parseMultipartFormData(limited, handler);
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof MaxPartSizeExceededError) {
      throw new DomainError(413, UPLOAD_MESSAGES.tooLarge);
    }
    // not multipart after all, or a malformed body
    throw new DomainError(400, UPLOAD_MESSAGES.missing);
  }

  const form = new FormData();
  let file: File | null = null;
  for (const [name, value] of parsed.entries()) {
    if (typeof value === "string") form.append(name, value);
    else if (name === field) file = value;
  }
  // A browser sends an empty part with filename="" when no file was chosen.
  if (!file || file.size === 0) throw new DomainError(400, UPLOAD_MESSAGES.missing);
  return { file: new Uint8Array(await file.arrayBuffer()), form };
}

// ---------------------------------------------------------------------------------------------
// Checking and re-encoding

export type SniffedType = "jpeg" | "png" | "webp" | "heif";

// ISO-BMFF brands of HEIC/HEIF/AVIF still images and sequences.
const HEIF_BRANDS = new Set([
  "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs",
  "mif1", "mif2", "msf1", "avif", "avis",
]);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The image type from the magic bytes, or null. File names and client content types are never used. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  ) {
    return "png";
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return "webp";
  }
  // ISO-BMFF: [size:u32][ftyp][major brand][minor version][compatible brands…]
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const end = Math.min(boxSize, bytes.length, 4096);
    if (HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heif";
    for (let i = 16; i + 4 <= end; i += 4) {
      if (HEIF_BRANDS.has(ascii(bytes, i, i + 4))) return "heif";
    }
  }
  return null;
}

export type StoredImage = { id: string; url: string; width: number; height: number; size: number };

/** sharp with the limits every upload is read under. */
export function openImage(bytes: Uint8Array) {
  return sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
}

/** Why sharp could not read an image, as the Thai 400 the user sees. */
export function imageDecodeError(error: unknown, type: SniffedType): DomainError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new DomainError(400, UPLOAD_MESSAGES.tooManyPixels);
  if (type === "heif") return new DomainError(400, UPLOAD_MESSAGES.heicUnreadable);
  return new DomainError(400, UPLOAD_MESSAGES.corrupt);
}

/**
 * Checks and stores one image: the type comes from the magic bytes (JPEG, PNG, WebP,
 * HEIC/HEIF/AVIF), sharp must decode it without errors and within {@link MAX_INPUT_PIXELS};
 * it is turned upright by its EXIF orientation, fitted inside 1600×1600 (never enlarged),
 * flattened onto white, stripped of all metadata and stored as a JPEG.
 * Throws a DomainError (400) for anything that is not a readable image.
 * sharp runs on libuv's thread pool, so the event loop stays free while it works.
 */
export async function storeImage(bytes: Uint8Array, folder: UploadFolder): Promise<StoredImage> {
  if (!(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
    throw new Error(`Unknown upload folder: ${String(folder)}`);
  }
  const type = sniffImageType(bytes);
  if (!type) throw new DomainError(400, UPLOAD_MESSAGES.unsupported);

  const input = () => openImage(bytes);
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    const meta = await input().metadata();
    // sharp recognises formats by their own signatures; both must agree.
    if (meta.format !== type) throw new DomainError(400, UPLOAD_MESSAGES.unsupported);
    output = await input()
      .rotate()
      .resize({
        width: MAX_DIMENSION,
        height: MAX_DIMENSION,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw imageDecodeError(error, type);
  }

  const { data, info } = output;
  const id = crypto.randomUUID();
  const sha256 = crypto.createHash("sha256").update(data).digest("hex");
  db()
    .insert(uploads)
    .values({
      id,
      folder,
      mime: "image/jpeg",
      bytes: data,
      size: data.byteLength,
      width: info.width,
      height: info.height,
      sha256,
    })
    .run();
  return { id, url: uploadUrl(folder, id), width: info.width, height: info.height, size: data.byteLength };
}

// ---------------------------------------------------------------------------------------------
// Rows and URLs

export function getUpload(id: string): UploadRow | null {
  return db().select().from(uploads).where(eq(uploads.id, id)).get() ?? null;
}

/**
 * Deletes the row; true when there was one. A row still referenced (e.g. by
 * employees.photo_upload_id) fails the foreign key: clear the reference first.
 */
export function deleteUpload(id: string): boolean {
  return db().delete(uploads).where(eq(uploads.id, id)).run().changes > 0;
}

/** The URL an upload is served at (every stored upload is a JPEG). */
export function uploadUrl(folder: UploadFolder, id: string): string {
  return `/uploads/${folder}/${id}.jpg`;
}

const UPLOAD_PATH =
  /^(employees|machines|checkinouts|linegroups)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|jpeg|webp|png)$/;

/** Parses `<folder>/<id>.<ext>` (the part after /uploads/) strictly; anything else is null. */
export function parseUploadPath(path: string): { folder: UploadFolder; id: string } | null {
  const match = UPLOAD_PATH.exec(path);
  return match ? { folder: match[1] as UploadFolder, id: match[2] } : null;
}

/** The upload a `/uploads/<folder>/<id>.jpg` URL (or absolute URL) points at, else null. */
export function uploadIdFromUrl(url: string | null | undefined): { folder: UploadFolder; id: string } | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url, "http://local").pathname;
  } catch {
    return null;
  }
  return pathname.startsWith("/uploads/") ? parseUploadPath(pathname.slice("/uploads/".length)) : null;
}

/** Deletes the upload one of our URLs points at: a picture that was replaced or cleared. */
export function deleteUploadAt(url: string | null | undefined): boolean {
  const found = uploadIdFromUrl(url);
  return found ? deleteUpload(found.id) : false;
}

// ---------------------------------------------------------------------------------------------
// Who may see an upload

/** Who is asking for a file. Employee identities come from the LINE sign-in (a later issue). */
export type Viewer = { kind: "admin"; adminId: number } | { kind: "employee"; employeeId: number } | null;

/**
 * The policy for serving a stored file. Admins see every folder. An employee sees their own
 * profile and face photos (ownership comes from employees.photo_upload_id / face_upload_id: the
 * uploads table has no owner column); the check-in issue adds their own selfies. Nobody else
 * sees anything. The folder in the URL must be the row's folder.
 */
export function canView(
  folder: UploadFolder,
  upload: Pick<UploadRow, "id" | "folder">,
  viewer: Viewer,
): boolean {
  if (!viewer || upload.folder !== folder) return false;
  switch (viewer.kind) {
    case "admin":
      return true;
    case "employee":
      return folder === "employees" && ownsEmployeePhoto(viewer.employeeId, upload.id);
  }
}

function ownsEmployeePhoto(employeeId: number, uploadId: string) {
  const row = db()
    .select({ photo: employees.photoUploadId, face: employees.faceUploadId })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .get();
  return row != null && (row.photo === uploadId || row.face === uploadId);
}
