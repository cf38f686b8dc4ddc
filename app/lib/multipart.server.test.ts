import { asBlob, makeJpeg } from "../../tests/fixtures/images";
import { DomainError } from "./errors";
import { MAX_MULTIPART_BYTES, MAX_UPLOAD_BYTES, readLimitedBody, readMultipartImage, readMultipartOptionalImage } from "./multipart.server";
import { UPLOAD_MESSAGES } from "./uploads-shared";

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

  test("a body that arrives 5 bytes at a time: Thai text split mid-character and the file reassembled whole", async () => {
    const jpeg = await makeJpeg();
    const whole = multipart([
      ["note", "ลงเวลาเข้างาน 🙂 สำนักงานใหญ่"],
      ["photo", asBlob(jpeg, "image/jpeg"), "me.jpg"],
      ["photo", asBlob(new Uint8Array([1, 2, 3])), "second.jpg"],
    ]);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.byteLength; at += 5) controller.enqueue(bytes.slice(at, at + 5));
        controller.close();
      },
    });
    const request = new Request("http://localhost/api/test", {
      method: "POST",
      body: trickle,
      headers: { "content-type": whole.headers.get("content-type")! },
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const { file, form } = await readMultipartImage(request);
    expect(form.get("note")).toBe("ลงเวลาเข้างาน 🙂 สำนักงานใหญ่");
    expect(Buffer.from(file).equals(jpeg)).toBe(true);
    expect(form.getAll("photo")).toEqual([]);
  });

  test("a body cut off inside the file, or inside a part's headers, is a 400 and nothing is left waiting", async () => {
    const jpeg = await makeJpeg();
    const whole = multipart([["type", "in"], ["photo", asBlob(jpeg, "image/jpeg"), "me.jpg"]]);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const headersEnd = Buffer.from(bytes).indexOf("\r\n\r\n", Buffer.from(bytes).indexOf("filename"));
    for (const cut of [bytes.byteLength - 200, headersEnd - 5]) {
      const request = new Request("http://localhost/api/test", {
        method: "POST",
        body: bytes.slice(0, cut),
        headers: { "content-type": whole.headers.get("content-type")! },
      });
      expect((await rejection(readMultipartImage(request))).status, `cut at ${cut}`).toBe(400);
    }
  });

  test("a text field larger than the file limit is a 413", async () => {
    const request = multipart([["note", "ก".repeat(MAX_UPLOAD_BYTES / 3 + 1)], ["photo", asBlob(await makeJpeg()), "p.jpg"]]);
    expect(await rejection(readMultipartImage(request))).toEqual({ status: 413, error: UPLOAD_MESSAGES.tooLarge });
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

describe("readMultipartOptionalImage", () => {
  test("no file (or the browser's empty part) is null with the fields; a file is its bytes", async () => {
    const none = await readMultipartOptionalImage(multipart([["type", "in"]]));
    expect(none.file).toBeNull();
    expect(none.form.get("type")).toBe("in");
    const empty = await readMultipartOptionalImage(multipart([["type", "out"], ["photo", asBlob(new Uint8Array(0)), ""]]));
    expect(empty.file).toBeNull();
    const jpeg = await makeJpeg();
    const some = await readMultipartOptionalImage(multipart([["photo", asBlob(jpeg, "image/jpeg"), "me.jpg"]]));
    expect(Buffer.from(some.file ?? []).equals(jpeg)).toBe(true);
  });

  test("the size limit and the multipart rule still hold", async () => {
    const big = multipart([["photo", asBlob(new Uint8Array(MAX_UPLOAD_BYTES + 1)), "big.jpg"]]);
    expect((await rejection(readMultipartOptionalImage(big))).status).toBe(413);
    const json = new Request("http://localhost/api/test", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect((await rejection(readMultipartOptionalImage(json))).status).toBe(400);
  });
});

describe("readLimitedBody", () => {
  const limits = { maxBytes: 1024, tooLarge: "ใหญ่เกินไป", missing: "ไม่มีไฟล์" };

  test("a body stream that breaks (the client left, or the edge ended it) is a 400, not a crash", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error("request body stopped arriving"));
        else controller.enqueue(new TextEncoder().encode("code,first_name\n"));
        sent = true;
      },
    });
    const request = new Request("http://localhost/api/test", { method: "POST", body, duplex: "half", headers: { "content-type": "text/csv" } } as RequestInit);
    expect(await rejection(readLimitedBody(request, limits))).toEqual({ status: 400, error: "ไม่มีไฟล์" });
  });

  test("over the limit is still a 413", async () => {
    const request = new Request("http://localhost/api/test", { method: "POST", body: "x".repeat(2000), headers: { "content-type": "text/csv" } });
    expect((await rejection(readLimitedBody(request, limits))).status).toBe(413);
  });
});
