import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { SelfieCapture } from "./SelfieCapture";

test("as the server renders it, before hydration, the camera and photo buttons are disabled (a tap would lose the photo)", () => {
  const html = renderToString(
    createElement(MantineProvider, { env: "test" }, createElement(SelfieCapture, { onChange: () => {} })),
  );
  const buttons = [...html.matchAll(/<button\b([^>]*)>(.*?)<\/button>/gs)];
  const labels = buttons.map(([, , inner]) => inner.replace(/<[^>]+>/g, ""));
  expect(labels).toEqual(expect.arrayContaining(["เปิดกล้อง", "เลือกรูป"]));
  for (const [, attributes] of buttons) expect(attributes).toMatch(/\bdisabled\b/);
});
