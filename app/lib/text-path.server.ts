// Text drawn as SVG paths from the bundled Sarabun font, so a server without Thai fonts (a fresh
// Debian machine has none) still renders Thai labels into images.
import fs from "node:fs";
import { createRequire } from "node:module";
import opentype, { type Font, type PathCommand } from "opentype.js";

export type FontWeight = 400 | 700;

const fonts = new Map<FontWeight, Font>();

function font(weight: FontWeight): Font {
  let loaded = fonts.get(weight);
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const file = require.resolve(`@fontsource/sarabun/files/sarabun-thai-${weight}-normal.woff`);
    const bytes = fs.readFileSync(file);
    loaded = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    fonts.set(weight, loaded);
  }
  return loaded;
}

const num = (v: number) => String(Math.round(v * 10) / 10);

/**
 * SVG path data of outline commands. Not opentype.js's toPathData: its rounding turns a
 * coordinate with floating-point noise (1e-14) into NaN, and renderers drop the rest of the path.
 */
function pathData(commands: PathCommand[]) {
  return commands
    .map((c) => {
      switch (c.type) {
        case "M":
        case "L":
          return `${c.type}${num(c.x)} ${num(c.y)}`;
        case "Q":
          return `Q${num(c.x1)} ${num(c.y1)} ${num(c.x)} ${num(c.y)}`;
        case "C":
          return `C${num(c.x1)} ${num(c.y1)} ${num(c.x2)} ${num(c.y2)} ${num(c.x)} ${num(c.y)}`;
        case "Z":
          return "Z";
      }
    })
    .join("");
}

/** Characters of `text` the font has no glyph for (drawn as empty boxes otherwise). */
export function missingGlyphs(text: string, weight: FontWeight = 700): string[] {
  const f = font(weight);
  return [...text].filter((c) => c.trim() !== "" && f.charToGlyph(c).index === 0);
}

/**
 * The path data of `text` set at `size` px, centred on `cx` with its baseline at `baseline`.
 * Throws on a character Sarabun's Thai subset lacks rather than drawing a box.
 */
export function textPath(text: string, opts: { cx: number; baseline: number; size: number; weight?: FontWeight }) {
  const weight = opts.weight ?? 700;
  const missing = missingGlyphs(text, weight);
  if (missing.length > 0) throw new Error(`No glyph for ${missing.join(" ")} in Sarabun ${weight}`);
  const f = font(weight);
  const scale = opts.size / f.unitsPerEm;
  const glyphs = f.stringToGlyphs(text);
  const width = glyphs.reduce((sum, g) => sum + (g.advanceWidth ?? 0) * scale, 0);
  // Laid out glyph by glyph with plain advances: Sarabun's marks have no advance and are drawn
  // over the glyph before them.
  let x = opts.cx - width / 2;
  const d = glyphs
    .map((g) => {
      const part = pathData(g.getPath(x, opts.baseline, opts.size).commands);
      x += (g.advanceWidth ?? 0) * scale;
      return part;
    })
    .join("");
  return { d, width };
}
