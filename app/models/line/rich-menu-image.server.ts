// The rich menu's picture: four coloured tiles, each a simple icon and its Thai label. The labels
// are font outlines (text-path.server.ts), so no system font is needed; sharp turns the SVG into a PNG.
import sharp from "sharp";
import { textPath } from "~/lib/text-path.server";

export const RICH_MENU_WIDTH = 2500;
export const RICH_MENU_HEIGHT = 843;
/** LINE's limit for a rich menu image. */
export const RICH_MENU_MAX_BYTES = 1024 * 1024;

export type RichMenuIcon = "clock" | "calendar" | "cabinet" | "home";
export type RichMenuTile = { label: string; icon: RichMenuIcon; color: string };

const GAP = 24;
const STROKE = `fill="none" stroke="#FFFFFF" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"`;

/** An icon about 260 px wide, centred on (cx, cy), in white lines. */
function icon(kind: RichMenuIcon, cx: number, cy: number) {
  switch (kind) {
    case "clock":
      return `<circle cx="${cx}" cy="${cy}" r="125" ${STROKE}/><path d="M${cx} ${cy - 75}V${cy}L${cx + 60} ${cy + 40}" ${STROKE}/>`;
    case "calendar":
      return [
        `<rect x="${cx - 125}" y="${cy - 100}" width="250" height="220" rx="24" ${STROKE}/>`,
        `<path d="M${cx - 125} ${cy - 30}H${cx + 125}M${cx - 65} ${cy - 140}V${cy - 70}M${cx + 65} ${cy - 140}V${cy - 70}" ${STROKE}/>`,
        `<path d="M${cx - 55} ${cy + 45}L${cx - 15} ${cy + 80}L${cx + 60} ${cy + 5}" ${STROKE}/>`,
      ].join("");
    case "cabinet":
      return [
        `<rect x="${cx - 95}" y="${cy - 140}" width="190" height="280" rx="20" ${STROKE}/>`,
        `<rect x="${cx - 60}" y="${cy - 100}" width="85" height="130" rx="8" ${STROKE}/>`,
        `<path d="M${cx + 60} ${cy - 95}V${cy - 45}M${cx - 60} ${cy + 85}H${cx + 60}" ${STROKE}/>`,
      ].join("");
    case "home":
      return [
        `<path d="M${cx - 140} ${cy - 5}L${cx} ${cy - 135}L${cx + 140} ${cy - 5}" ${STROKE}/>`,
        `<path d="M${cx - 100} ${cy - 40}V${cy + 125}H${cx + 100}V${cy - 40}" ${STROKE}/>`,
        `<path d="M${cx - 35} ${cy + 125}V${cy + 45}H${cx + 35}V${cy + 125}" ${STROKE}/>`,
      ].join("");
  }
}

/** The column each tile fills (also the tappable area's bounds). */
export function tileBounds(index: number, count: number) {
  const x = Math.round((RICH_MENU_WIDTH * index) / count);
  const next = Math.round((RICH_MENU_WIDTH * (index + 1)) / count);
  return { x, y: 0, width: next - x, height: RICH_MENU_HEIGHT };
}

export function richMenuSvg(tiles: RichMenuTile[]) {
  const parts = tiles.map((tile, i) => {
    const b = tileBounds(i, tiles.length);
    const cx = b.x + b.width / 2;
    const label = textPath(tile.label, { cx, baseline: 690, size: 130 });
    return [
      `<rect x="${b.x + GAP}" y="${GAP}" width="${b.width - 2 * GAP}" height="${b.height - 2 * GAP}" rx="48" fill="${tile.color}"/>`,
      icon(tile.icon, cx, 320),
      `<path d="${label.d}" fill="#FFFFFF"/>`,
    ].join("");
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RICH_MENU_WIDTH}" height="${RICH_MENU_HEIGHT}" viewBox="0 0 ${RICH_MENU_WIDTH} ${RICH_MENU_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="#F1F3F5"/>`,
    ...parts,
    `</svg>`,
  ].join("");
}

const drawn = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The menu as a PNG of exactly 2500×843, checked against LINE's 1 MB limit (drawn once per process). */
export function richMenuPng(tiles: RichMenuTile[]): Promise<Uint8Array<ArrayBuffer>> {
  const key = JSON.stringify(tiles);
  let png = drawn.get(key);
  if (!png) {
    png = drawPng(tiles);
    drawn.set(key, png);
    png.catch(() => drawn.delete(key));
  }
  return png;
}

async function drawPng(tiles: RichMenuTile[]): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp(Buffer.from(richMenuSvg(tiles))).png({ compressionLevel: 9, palette: true }).toBuffer();
  if (png.byteLength > RICH_MENU_MAX_BYTES) throw new Error(`Rich menu image is ${png.byteLength} bytes, over LINE's 1 MB`);
  const bytes = new Uint8Array(png.byteLength);
  bytes.set(png);
  return bytes;
}
