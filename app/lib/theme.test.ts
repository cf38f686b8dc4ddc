import { MantineProvider } from "@mantine/core";
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PROVIDER_STYLES_IN_FILE, theme } from "./theme";

const stylesOf = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
const normalise = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, " ").trim();

test("mantine-theme.css is the CSS MantineProvider writes for the theme", () => {
  const written = stylesOf(renderToStaticMarkup(createElement(MantineProvider, { theme }, null)));
  expect(written.length).toBeGreaterThan(0);
  const file = fs.readFileSync(new URL("../styles/mantine-theme.css", import.meta.url), "utf8");
  expect(normalise(file), "regenerate app/styles/mantine-theme.css from MantineProvider's output").toBe(normalise(written.join("\n")));
});

test("the root's provider options write no style into the page", () => {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, ...PROVIDER_STYLES_IN_FILE }, createElement("p", null, "ก")));
  expect(stylesOf(html)).toEqual([]);
  expect(html).toContain("<p>ก</p>");
});
