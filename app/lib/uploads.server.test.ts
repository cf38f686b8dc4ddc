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
import { employees } from "../../db/schema";
import { db } from "./db.server";
import { DomainError } from "./errors";
import {
  MAX_INPUT_PIXELS,
  MAX_MULTIPART_BYTES,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  canView,
  deleteUpload,
  getUpload,
  parseUploadPath,
  readMultipartImage,
  sniffImageType,
  storeImage,
  uploadIdFromUrl,
  uploadUrl,
} from "./uploads.server";

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

describe("storeImage", () => {
  test("a real JPEG is stored as JPEG with its row: folder, mime, size, dimensions, sha256", async () => {
    const stored = await storeImage(await makeJpeg({ width: 320, height: 240 }), "employees");
    expect(stored.url).toBe(`/uploads/employees/${stored.id}.jpg`);
    expect(stored).toMatchObject({ width: 320, height: 240 });

    const row = getUpload(stored.id)!;
    expect(row).toMatchObject({ folder: "employees", mime: "image/jpeg", width: 320, height: 240 });
    expect(isJpegBytes(row.bytes)).toBe(true);
    expect(row.size).toBe(row.bytes.byteLength);
    expect(stored.size).toBe(row.bytes.byteLength);
    expect(row.sha256).toBe(crypto.createHash("sha256").update(row.bytes).digest("hex"));
    const meta = await sharp(row.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 320, height: 240 });
  });

  test("PNG, WebP and AVIF (a HEIF brand) are accepted and converted to JPEG", async () => {
    for (const bytes of [await makePng(), await makeWebp(), await makeAvif()]) {
      const stored = await storeImage(bytes, "machines");
      const row = getUpload(stored.id)!;
      expect(isJpegBytes(row.bytes)).toBe(true);
      expect(row.mime).toBe("image/jpeg");
      expect((await sharp(row.bytes).metadata()).format).toBe("jpeg");
    }
  });

  test("transparent PNGs are flattened onto white, not black", async () => {
    const stored = await storeImage(await makePng({ width: 40, height: 40, transparent: true }), "linegroups");
    const { data } = await sharp(getUpload(stored.id)!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });

  test("a 3000×2000 photo is fitted inside 1600×1600, keeping its proportions", async () => {
    const stored = await storeImage(await makeJpeg({ width: 3000, height: 2000 }), "checkinouts");
    expect(stored).toMatchObject({ width: 1600, height: 1067 });
    const meta = await sharp(getUpload(stored.id)!.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    expect(meta.width).toBe(1600);
  });

  test("small images are not enlarged", async () => {
    const stored = await storeImage(await makeJpeg({ width: 100, height: 50 }), "employees");
    expect(stored).toMatchObject({ width: 100, height: 50 });
  });

  test("EXIF orientation is applied, so a phone photo stands upright", async () => {
    const stored = await storeImage(await makeJpeg({ width: 400, height: 200, orientation: 6 }), "checkinouts");
    expect(stored).toMatchObject({ width: 200, height: 400 });
    expect((await sharp(getUpload(stored.id)!.bytes).metadata()).orientation).toBeUndefined();
  });

  test("EXIF (and every other metadata block) is gone from the stored bytes", async () => {
    const original = await makeJpeg({ exif: { Copyright: "secret", Artist: "GPS-owner" } });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes("secret")).toBe(true);

    const stored = await storeImage(original, "checkinouts");
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
    expect(await rejection(storeImage(file, "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.unsupported,
    });
  });

  test("other formats (GIF, SVG, PDF, empty) are refused even though sharp could read some", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const pdf = Buffer.from("%PDF-1.4\n%...");
    for (const bytes of [await makeGif(), svg, pdf, Buffer.alloc(0)]) {
      expect(await rejection(storeImage(bytes, "employees"))).toEqual({
        status: 400,
        error: UPLOAD_MESSAGES.unsupported,
      });
    }
  });

  test("a truncated JPEG is refused with 400 and nothing is stored", async () => {
    const before = countRows();
    expect(await rejection(storeImage(await truncatedJpeg(), "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.corrupt,
    });
    expect(countRows()).toBe(before);
  });

  test("JPEG magic bytes in front of garbage are refused with 400", async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML_PAGE]);
    expect((await rejection(storeImage(garbage, "employees"))).status).toBe(400);
  });

  test("a HEIC that sharp cannot decode gets its own clear 400", async () => {
    expect(sniffImageType(fakeHeic())).toBe("heif");
    expect(await rejection(storeImage(fakeHeic(), "employees"))).toEqual({
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
    expect(await rejection(storeImage(bomb, "employees"))).toEqual({
      status: 400,
      error: UPLOAD_MESSAGES.tooManyPixels,
    });
  });

  test("each upload gets its own id; deleteUpload removes the row", async () => {
    const bytes = await makeJpeg();
    const a = await storeImage(bytes, "employees");
    const b = await storeImage(bytes, "employees");
    expect(a.id).not.toBe(b.id);
    expect(deleteUpload(a.id)).toBe(true);
    expect(getUpload(a.id)).toBeNull();
    expect(deleteUpload(a.id)).toBe(false);
    expect(getUpload(b.id)).not.toBeNull();
  });
});

function countRows() {
  return (db().$client.prepare("select count(*) as n from uploads").get() as { n: number }).n;
}
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

describe("readMultipartImage", () => {
  test("returns the file's bytes and the text fields", async () => {
    const jpeg = await makeJpeg();
    const { file, form } = await readMultipartImage(
      multipart([
        ["id", "42"],
        ["photo", asBlob(jpeg, "image/jpeg"), "me.jpg"],
        ["type", "in"],
      ]),
    );
    expect(Buffer.from(file).equals(jpeg)).toBe(true);
    expect(form.get("id")).toBe("42");
    expect(form.get("type")).toBe("in");
    expect(form.get("photo")).toBeNull();
  });

  test("the field name can be chosen", async () => {
    const jpeg = await makeJpeg();
    const { file } = await readMultipartImage(multipart([["picture", asBlob(jpeg), "x.jpg"]]), "picture");
    expect(file.byteLength).toBe(jpeg.byteLength);
  });

  test("400 when the request is not multipart or the field has no file", async () => {
    const json = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const missing = { status: 400, error: UPLOAD_MESSAGES.missing };
    expect(await rejection(readMultipartImage(json))).toEqual(missing);
    expect(await rejection(readMultipartImage(new Request("http://localhost/x")))).toEqual(missing);
    expect(await rejection(readMultipartImage(multipart([["id", "1"]])))).toEqual(missing);
    // a file under another name, a text value under the name, an empty file (nothing chosen)
    expect(await rejection(readMultipartImage(multipart([["other", asBlob(await makeJpeg())]])))).toEqual(missing);
    expect(await rejection(readMultipartImage(multipart([["photo", "not a file"]])))).toEqual(missing);
    expect(await rejection(readMultipartImage(multipart([["photo", new Blob([]), ""]])))).toEqual(missing);
  });

  test("a malformed multipart body is a 400, not a crash", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nno-disposition: here\r\n\r\ndata\r\n--xyz--\r\n",
    });
    expect((await rejection(readMultipartImage(request))).status).toBe(400);
  });

  test("exactly 10 MB is accepted; one byte more is a 413", async () => {
    const ok = await readMultipartImage(multipart([["photo", new Blob([new Uint8Array(MAX_UPLOAD_BYTES)]), "a.jpg"]]));
    expect(ok.file.byteLength).toBe(MAX_UPLOAD_BYTES);

    const tooBig = multipart([["photo", new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]), "a.jpg"]]);
    expect(await rejection(readMultipartImage(tooBig))).toEqual({ status: 413, error: UPLOAD_MESSAGES.tooLarge });
  });

  test("the whole body is capped too: several smaller files elsewhere cannot add up", async () => {
    const six = new Blob([new Uint8Array(6 * 1024 * 1024)]);
    const request = multipart([
      ["a", six, "a.jpg"],
      ["b", six, "b.jpg"],
      ["photo", asBlob(await makeJpeg()), "p.jpg"],
    ]);
    expect(await rejection(readMultipartImage(request))).toEqual({ status: 413, error: UPLOAD_MESSAGES.tooLarge });
  });

  test("a Content-Length over the limit is refused before the body is read", async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
          throw new Error("the body must not be read");
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=xyz",
        "content-length": String(MAX_MULTIPART_BYTES + 1),
      },
      body,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(await rejection(readMultipartImage(request))).toEqual({ status: 413, error: UPLOAD_MESSAGES.tooLarge });
    expect(pulled).toBe(false);
  });
});

describe("URLs", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

  test("uploadUrl, parseUploadPath and uploadIdFromUrl agree", () => {
    expect(uploadUrl("employees", id)).toBe(`/uploads/employees/${id}.jpg`);
    expect(uploadIdFromUrl(uploadUrl("machines", id))).toEqual({ folder: "machines", id });
    expect(uploadIdFromUrl(`https://tn.example/uploads/linegroups/${id}.jpg`)).toEqual({ folder: "linegroups", id });
    expect(parseUploadPath(`checkinouts/${id}.webp`)).toEqual({ folder: "checkinouts", id });
  });

  test("anything but <folder>/<uuid>.<image ext> is rejected", () => {
    for (const path of [
      `others/${id}.jpg`,
      `employees/${id}.html`,
      `employees/${id}`,
      `employees//${id}.jpg`,
      `employees/../${id}.jpg`,
      `employees/${id}.jpg/x`,
      `employees/${id.toUpperCase()}.jpg`,
      `employees/..%2f..%2fpackage.json`,
      "../package.json",
      "",
    ]) {
      expect(parseUploadPath(path)).toBeNull();
    }
    expect(uploadIdFromUrl("/api/employee/1")).toBeNull();
    expect(uploadIdFromUrl(null)).toBeNull();
  });
});

describe("canView", () => {
  const upload = { id: "x", folder: "checkinouts" as const };

  test("admins see every folder", () => {
    for (const folder of ["employees", "machines", "checkinouts", "linegroups"] as const) {
      expect(canView(folder, { id: "x", folder }, { kind: "admin", adminId: 1 })).toBe(true);
    }
  });

  test("nobody else does, except an employee for their own photos", async () => {
    expect(canView("checkinouts", upload, null)).toBe(false);
    expect(canView("checkinouts", upload, { kind: "employee", employeeId: 1 })).toBe(false);

    const photo = await storeImage(await makeJpeg(), "employees");
    const other = await storeImage(await makeJpeg(), "employees");
    const owner = db()
      .insert(employees)
      .values({ code: "OWN-1", title: 1, firstName: "ก", lastName: "ข", photoUploadId: photo.id })
      .returning()
      .get();
    const stranger = db().insert(employees).values({ code: "OWN-2", title: 1, firstName: "ค", lastName: "ง" }).returning().get();
    const own = { id: photo.id, folder: "employees" as const };
    expect(canView("employees", own, { kind: "employee", employeeId: owner.id })).toBe(true);
    expect(canView("employees", own, { kind: "employee", employeeId: stranger.id })).toBe(false);
    expect(canView("employees", { id: other.id, folder: "employees" }, { kind: "employee", employeeId: owner.id })).toBe(false);
  });

  test("the URL's folder must be the row's folder, even for admins", () => {
    expect(canView("employees", upload, { kind: "admin", adminId: 1 })).toBe(false);
  });
});
