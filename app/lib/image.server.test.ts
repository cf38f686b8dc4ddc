import crypto from "node:crypto";
import sharp from "sharp";
import {
  HTML_PAGE,
  asBlob,
  fakeHeic,
  isJpegBytes,
  makeAvif,
  makeGif,
  makeJpeg,
  makePng,
  makeWebp,
  truncatedJpeg,
} from "../../tests/fixtures/images";
import { db, immediate } from "./db.server";
import { DomainError } from "./errors";
import { MAX_INPUT_PIXELS, THUMB_DIMENSION, encodeImage, sniffImageType } from "./image.server";
import { MAX_UPLOAD_BYTES, readMultipartImage } from "./multipart.server";
import { UPLOAD_MESSAGES } from "./uploads-shared";
import { getUpload, saveUpload, type UploadFolder } from "./uploads.server";

async function rejection(promise: Promise<unknown>): Promise<{ status: number; error: string }> {
  const result = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(result).toBeInstanceOf(DomainError);
  const error = result as DomainError;
  return { status: error.status, error: error.message };
}

function multipart(parts: Array<[string, string | Blob, string?]>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, filename ?? "file.bin");
  }
  return new Request("http://localhost/api/test", { method: "POST", body: form, headers });
}

/** Encode, then save in a transaction: the way every caller stores an image. */
async function store(bytes: Uint8Array, folder: UploadFolder) {
  const encoded = await encodeImage(bytes);
  return immediate((tx) => saveUpload(tx, encoded, folder));
}

describe("encodeImage (saved with saveUpload)", () => {
  test("PNG, WebP and AVIF (a HEIF brand) are accepted and converted to JPEG", async () => {
    for (const bytes of [await makePng(), await makeWebp(), await makeAvif()]) {
      const stored = await store(bytes, "machines");
      const row = getUpload(stored.id)!;
      expect(isJpegBytes(row.bytes)).toBe(true);
      expect(row.mime).toBe("image/jpeg");
      expect((await sharp(row.bytes).metadata()).format).toBe("jpeg");
    }
  });

  test("transparent PNGs are flattened onto white, not black", async () => {
    const stored = await store(await makePng({ width: 40, height: 40, transparent: true }), "linegroups");
    const { data } = await sharp(getUpload(stored.id)!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });

  test("a 3000×2000 photo is fitted inside 1600×1600, keeping its proportions", async () => {
    const stored = await store(await makeJpeg({ width: 3000, height: 2000 }), "checkinouts");
    expect(stored).toMatchObject({ width: 1600, height: 1067 });
    const meta = await sharp(getUpload(stored.id)!.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    expect(meta.width).toBe(1600);
  });

  test("small images are not enlarged", async () => {
    const stored = await store(await makeJpeg({ width: 100, height: 50 }), "employees");
    expect(stored).toMatchObject({ width: 100, height: 50 });
  });

  test("EXIF orientation is applied, so a phone photo stands upright", async () => {
    const stored = await store(await makeJpeg({ width: 400, height: 200, orientation: 6 }), "checkinouts");
    expect(stored).toMatchObject({ width: 200, height: 400 });
    expect((await sharp(getUpload(stored.id)!.bytes).metadata()).orientation).toBeUndefined();
  });

  test("EXIF (and every other metadata block) is gone from the stored bytes", async () => {
    const original = await makeJpeg({ exif: { Copyright: "secret", Artist: "GPS-owner" } });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes("secret")).toBe(true);

    const stored = await store(original, "checkinouts");
    const row = getUpload(stored.id)!;
    const meta = await sharp(row.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(row.bytes.includes("secret")).toBe(false);
  });

  test("an HTML page sent as photo.jpg with type image/jpeg is refused: the bytes decide", async () => {
    const { file } = await readMultipartImage(
      multipart([["photo", asBlob(HTML_PAGE, "image/jpeg"), "photo.jpg"]]),
    );
    expect(await rejection(store(file, "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.unsupported,
    });
  });

  test("other formats (GIF, SVG, PDF, empty) are refused even though sharp could read some", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const pdf = Buffer.from("%PDF-1.4\n%...");
    for (const bytes of [await makeGif(), svg, pdf, Buffer.alloc(0)]) {
      expect(await rejection(store(bytes, "employees"))).toEqual({
        status: 400,
        error: UPLOAD_MESSAGES.unsupported,
      });
    }
  });

  test("a truncated JPEG is refused with 400 and nothing is stored", async () => {
    const before = countRows();
    expect(await rejection(store(await truncatedJpeg(), "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.corrupt,
    });
    expect(countRows()).toBe(before);
  });

  test("JPEG magic bytes in front of garbage are refused with 400", async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML_PAGE]);
    expect((await rejection(store(garbage, "employees"))).status).toBe(400);
  });

  test("a HEIC that sharp cannot decode gets its own clear 400", async () => {
    expect(sniffImageType(fakeHeic())).toBe("heif");
    expect(await rejection(store(fakeHeic(), "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.heicUnreadable,
    });
  });

  test("a decompression bomb (small file, huge canvas) is refused before it is decoded", async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await rejection(store(bomb, "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.tooManyPixels,
    });
  });

  test("a thumbnail fits inside the thumbnail box, is a JPEG and keeps the proportions", async () => {
    const encoded = await encodeImage(await makeJpeg({ width: 3000, height: 2000 }));
    expect(isJpegBytes(encoded.thumb)).toBe(true);
    const meta = await sharp(encoded.thumb).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: THUMB_DIMENSION, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(encoded.thumb.byteLength).toBeLessThan(encoded.bytes.byteLength);
    expect(encoded).toMatchObject({ mime: "image/jpeg", width: 1600, height: 1067, size: encoded.bytes.byteLength });
    expect(encoded.sha256).toBe(crypto.createHash("sha256").update(encoded.bytes).digest("hex"));
  });
});

function countRows() {
  return (db().$client.prepare("select count(*) as n from uploads").get() as { n: number }).n;
}
it("loading the module turns off libvips' cache and gives each image one libvips thread", async () => {
  const stats = sharp.cache();
  expect([stats.memory.max, stats.files.max, stats.items.max]).toEqual([0, 0, 0]);
  expect(sharp.concurrency()).toBe(1);
  // and it stays so while images are encoded
  await encodeImage(await makeJpeg({ width: 800, height: 600 }));
  expect(sharp.cache().items.current).toBe(0);
});

describe("sniffImageType", () => {
  test("recognises the magic bytes, ignoring everything a client claims", async () => {
    expect(sniffImageType(await makeJpeg())).toBe("jpeg");
    expect(sniffImageType(await makePng())).toBe("png");
    expect(sniffImageType(await makeWebp())).toBe("webp");
    expect(sniffImageType(await makeAvif())).toBe("heif");
    expect(sniffImageType(HTML_PAGE)).toBeNull();
    expect(sniffImageType(await makeGif())).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    // an MP4 video also starts with an ftyp box, with other brands
    const mp4 = Buffer.alloc(32);
    mp4.writeUInt32BE(24, 0);
    mp4.write("ftypisom\0\0\x02\0isomiso2", 4, "latin1");
    expect(sniffImageType(mp4)).toBeNull();
  });
});
