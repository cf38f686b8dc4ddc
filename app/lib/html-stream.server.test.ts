import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { htmlBody } from "./html-stream.server";

test("NUL bytes are dropped and every other byte, Thai included, passes unchanged", async () => {
  const body = htmlBody();
  body.write(Buffer.from("ยืนยัน", "utf8"));
  body.write(Buffer.from([0, 0]));
  body.end(Buffer.from("รหัสผ่าน", "utf8"));
  expect(await text(body)).toBe("ยืนยันรหัสผ่าน");
});

test("React's streamed HTML of long Thai text comes out without NULs", async () => {
  const words = Array.from({ length: 400 }, (_, i) => createElement("p", { key: i }, `ข้อความภาษาไทย${i}`));
  const html = await new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement("div", null, words), {
      onAllReady() {
        const body = htmlBody();
        text(body).then(resolve, reject);
        pipe(body);
      },
      onShellError: reject,
    });
  });
  expect(html).toContain("ข้อความภาษาไทย399");
  expect(html.includes("\0")).toBe(false);
});
