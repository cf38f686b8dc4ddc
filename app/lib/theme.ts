import { createTheme } from "~mantine-core/core/MantineProvider/create-theme/create-theme";
import { DEFAULT_COLORS } from "~mantine-core/core/MantineProvider/default-colors";
import type { MantineColorsTuple } from "~mantine-core/core/MantineProvider/theme.types";

const thaiFont =
  "Sarabun, 'Noto Sans Thai', 'Leelawadee UI', Tahoma, system-ui, -apple-system, 'Segoe UI', sans-serif";

/**
 * Mantine's light shades (0–5: backgrounds, tints, borders) with darker shades 6–9. Shade 6 is the
 * filled background under white text, the light variant's text on its own 10% tint, the outline and
 * the anchor colour; Mantine's own shade 6 (blue 3.6:1 with white, dimmed grey 3.3:1 on white) is
 * under WCAG AA's 4.5:1. Each shade 6 here is the lightest on the line through Mantine's shades 6→9
 * (then towards black) that reaches 4.6:1 both with white and on its tint over gray.0; 7–9 go darker
 * from it. theme.test.ts checks every colour.
 */
function darker(name: keyof typeof DEFAULT_COLORS, [s6, s7, s8, s9]: [string, string, string, string]): MantineColorsTuple {
  const c = DEFAULT_COLORS[name];
  return [c[0], c[1], c[2], c[3], c[4], c[5], s6, s7, s8, s9];
}

const ACCESSIBLE_COLORS = {
  blue: darker("blue", ["#186ab6", "#1865ac", "#1761a5", "#145591"]),
  red: darker("red", ["#c42929", "#ac2424", "#941f1f", "#7c1a1a"]),
  green: darker("green", ["#257736", "#20672e", "#1b5627", "#16461f"]),
  teal: darker("teal", ["#077755", "#07684a", "#06583f", "#054934"]),
  orange: darker("orange", ["#b93d0d", "#9f350b", "#852c09", "#6b2307"]),
  yellow: darker("yellow", ["#a15300", "#864500", "#6a3700", "#4e2900"]),
  grape: darker("grape", ["#a038b9", "#9834b0", "#8f31a6", "#862e9c"]),
  pink: darker("pink", ["#c2255c", "#b72256", "#ab1f50", "#a31d4b"]),
  // gray.6 is Mantine's "dimmed" text; 7–9 are already dark.
  gray: darker("gray", ["#626971", "#495057", "#343a40", "#212529"]),
  cyan: darker("cyan", ["#0b7285", "#0b6e80", "#096070", "#085260"]),
  indigo: darker("indigo", ["#3c5cdd", "#3a58d6", "#3853ce", "#364fc6"]),
  violet: darker("violet", ["#7048e8", "#6c45e2", "#6741d9", "#5f3dc4"]),
  lime: darker("lime", ["#48740a", "#3d6209", "#325107", "#273f06"]),
};

/** Blue primary from the first paint (the spec's "blue palette after 500 ms" without the flash). */
export const theme = createTheme({
  primaryColor: "blue",
  colors: ACCESSIBLE_COLORS,
  fontFamily: thaiFont,
  headings: { fontFamily: thaiFont },
  defaultRadius: "md",
  components: {
    // Every dialog's and message's ✕ has a name a screen reader can say.
    Modal: { defaultProps: { zIndex: 1100, closeButtonProps: { "aria-label": "ปิดหน้าต่าง" } } },
    Drawer: { defaultProps: { zIndex: 1000, closeButtonProps: { "aria-label": "ปิดหน้าต่าง" } } },
    Alert: { defaultProps: { closeButtonLabel: "ปิดข้อความ" } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "ปิดการแจ้งเตือน" } } },
    // A wide table scrolls sideways inside its box on a phone: the box takes the focus, so a
    // keyboard can scroll it too, even when the table has no link or button of its own.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * The root's MantineProvider writes no <style> into each page: app/styles/mantine-theme.css holds
 * what it would write for this theme (theme.test.ts keeps the two equal).
 */
export const PROVIDER_STYLES_IN_FILE = { withCssVariables: false, withGlobalClasses: false } as const;
