// Stored uploads: the `uploads` rows, their URLs and who may see them
// (docs/decisions/003-uploads-in-sqlite.md, 004-image-uploads.md, 010-uploads-commit-with-their-row.md).
// Reading the request is multipart.server.ts, checking and re-encoding is image.server.ts.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { uploads } from "../../db/schema";
import { db, type Db } from "./db.server";
import { UPLOAD_FOLDERS, type UploadFolder } from "./enums";
import type { EncodedImage } from "./image.server";

export type UploadRow = typeof uploads.$inferSelect;
export { UPLOAD_FOLDERS, type UploadFolder };

export type StoredImage = { id: string; url: string; width: number; height: number; size: number };

/**
 * Stores an encoded image as one `uploads` row. Synchronous on purpose: call it inside the
 * `immediate()` transaction that also writes the row pointing at the upload, so a write refused
 * afterwards rolls the picture back with it. `ownerEmployeeId` is the employee who may see it
 * besides admins.
 */
export function saveUpload(
  tx: Db,
  encoded: EncodedImage,
  folder: UploadFolder,
  ownerEmployeeId: number | null = null,
): StoredImage {
  if (!(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
    throw new Error(`Unknown upload folder: ${String(folder)}`);
  }
  const id = crypto.randomUUID();
  tx.insert(uploads)
    .values({
      id,
      folder,
      mime: encoded.mime,
      bytes: encoded.bytes,
      size: encoded.size,
      width: encoded.width,
      height: encoded.height,
      sha256: encoded.sha256,
      thumb: encoded.thumb,
      ownerEmployeeId,
    })
    .run();
  return { id, url: uploadUrl(folder, id), width: encoded.width, height: encoded.height, size: encoded.size };
}

export function getUpload(id: string): UploadRow | null {
  return db().select().from(uploads).where(eq(uploads.id, id)).get() ?? null;
}

/**
 * Deletes the row; true when there was one. A row still referenced (e.g. by
 * employees.photo_upload_id) fails the foreign key: clear the reference first.
 */
export function deleteUpload(id: string, tx: Db = db()): boolean {
  return tx.delete(uploads).where(eq(uploads.id, id)).run().changes > 0;
}

/** The URL an upload is served at (every stored upload is a JPEG). */
export function uploadUrl(folder: UploadFolder, id: string): string {
  return `/uploads/${folder}/${id}.jpg`;
}

const UPLOAD_PATH = new RegExp(
  `^(${UPLOAD_FOLDERS.join("|")})/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(jpg|jpeg|webp|png)$`,
);

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
export function deleteUploadAt(url: string | null | undefined, tx: Db = db()): boolean {
  const found = uploadIdFromUrl(url);
  return found ? deleteUpload(found.id, tx) : false;
}

/** Who is asking for a file. */
export type Viewer = { kind: "admin"; adminId: number } | { kind: "employee"; employeeId: number } | null;

/**
 * The one rule for serving a stored file, whatever its folder: admins see everything, an
 * employee sees the uploads they own (`owner_employee_id`), and the pictures of the cabinets
 * (folder `machines` with no owner), which every employee is shown in LINE. Nobody else sees anything.
 */
export function canView(upload: Pick<UploadRow, "ownerEmployeeId" | "folder">, viewer: Viewer): boolean {
  if (!viewer) return false;
  switch (viewer.kind) {
    case "admin":
      return true;
    case "employee":
      if (upload.ownerEmployeeId == null) return upload.folder === "machines";
      return upload.ownerEmployeeId === viewer.employeeId;
  }
}
