import { MantineProvider, Menu } from "@mantine/core";
import { createElement as h, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { RowActions } from "./RowActions";

test("the server renders the row's button only, not the menu", () => {
  const html = renderToString(
    h(MantineProvider, { env: "test" }, h(RowActions, { label: "จัดการ สมชาย", children: h(Menu.Item as FunctionComponent, null, "แก้ไขข้อมูล") })),
  );
  expect(html).toContain('aria-label="จัดการ สมชาย"');
  expect(html).toContain('aria-haspopup="menu"');
  // A mounted Menu gives its target an id ("mantine-…-target") for the dropdown's aria-labelledby.
  expect(html).not.toMatch(/id="[^"]*-target"/);
  expect(html).not.toContain("แก้ไขข้อมูล");
});
