import { Alert, DEFAULT_THEME, MantineProvider, mergeMantineTheme, Notification } from "@mantine/core";
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

/** WCAG's contrast ratio of two `#rrggbb` colours (an `[r, g, b]` too). */
function contrast(a: string | number[], b: string | number[]) {
  const rgb = (c: string | number[]) => (typeof c === "string" ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : c);
  const luminance = (c: string | number[]) => {
    const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("every colour's shade 6 reads at WCAG AA (4.5:1)", () => {
  const gray0 = [248, 249, 250];
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  // "dark" is a text colour (its shades are all dark), never a variant's colour.
  for (const name of Object.keys(DEFAULT_THEME.colors).filter((c) => c !== "dark")) {
    test(name, () => {
      const shades = merged.colors[name];
      const shade6 = shades[6];
      // Mantine's light variant: shade 6 as text on shade 6 at 10% (here over gray.0, the darker page).
      const tint = [1, 3, 5].map((i, k) => parseInt(shade6.slice(i, i + 2), 16) * 0.1 + gray0[k] * 0.9);
      expect(contrast(shade6, "#ffffff"), "white on the filled colour, or the colour on white").toBeGreaterThanOrEqual(4.5);
      expect(contrast(shade6, tint), "the light variant's text on its tint").toBeGreaterThanOrEqual(4.5);
      for (const k of [7, 8, 9]) expect(contrast(shades[k], "#ffffff")).toBeGreaterThanOrEqual(contrast(shades[k - 1], "#ffffff"));
    });
  }
});

test("a message's and a toast's ✕ have a Thai name (a dialog's: tests/e2e/smoke.spec.ts)", () => {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      { theme },
      createElement(Alert, { title: "บันทึกแล้ว", withCloseButton: true }),
      createElement(Notification, { title: "บันทึกแล้ว" }),
    ),
  );
  expect(html).toContain('aria-label="ปิดข้อความ"');
  expect(html).toContain('aria-label="ปิดการแจ้งเตือน"');
});
