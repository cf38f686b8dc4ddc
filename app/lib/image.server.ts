// Turns untrusted image bytes into the one JPEG we store (docs/decisions/004-image-uploads.md).
// Nothing here touches the database: the caller saves the result inside its own transaction
// (docs/decisions/010-uploads-commit-with-their-row.md).
import crypto from "node:crypto";
import sharp from "sharp";
import { DomainError } from "./errors";
import { UPLOAD_MESSAGES } from "./uploads-shared";

// Set once for the process (docs/decisions/026-memory-on-a-small-server.md). Every upload is a new
// picture, so libvips' operation cache (default 50 MB, 100 operations) would only hold memory;
// one libvips thread per image (sharp's default on glibc only) keeps each job's buffers few, and
// libuv's pool already runs several images side by side.
sharp.cache(false);
sharp.concurrency(1);

/** Decoded size limit (a small file can claim a huge canvas: a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images fit inside this box (never enlarged). */
export const MAX_DIMENSION = 1600;
export const JPEG_QUALITY = 82;
/** Thumbnails fit inside this box: a 64 px avatar on a 3× phone screen. */
export const THUMB_DIMENSION = 192;

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

/** A checked, re-encoded image, ready for `saveUpload` (nothing is stored yet). */
export type EncodedImage = {
  bytes: Buffer;
  mime: "image/jpeg";
  size: number;
  width: number;
  height: number;
  sha256: string;
  /** The same picture fitted inside {@link THUMB_DIMENSION}. */
  thumb: Buffer;
};

/**
 * Checks and re-encodes one image: the type comes from the magic bytes (JPEG, PNG, WebP,
 * HEIC/HEIF/AVIF), sharp must decode it without errors and within {@link MAX_INPUT_PIXELS};
 * it is turned upright by its EXIF orientation, fitted inside 1600×1600 (never enlarged),
 * flattened onto white, stripped of all metadata and encoded as a JPEG, with a thumbnail.
 * Throws a DomainError (400) for anything that is not a readable image.
 * sharp runs on libuv's thread pool, so the event loop stays free while it works.
 */
export async function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
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
  // Made from our own JPEG, so it needs no checks of its own.
  const thumb = await sharp(data)
    .resize({ width: THUMB_DIMENSION, height: THUMB_DIMENSION, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
    .toBuffer();
  return {
    bytes: data,
    mime: "image/jpeg",
    size: data.byteLength,
    width: info.width,
    height: info.height,
    sha256: crypto.createHash("sha256").update(data).digest("hex"),
    thumb,
  };
}
