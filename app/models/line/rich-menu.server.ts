// The LINE chat's rich menu: four tiles opening the employee pages of the LIFF app. An admin sets
// it up once (and again after changing the LIFF app); the menu made before is deleted.
import { env } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { liffPageUrl } from "~/lib/liff-url";
import {
  createRichMenu,
  deleteRichMenu,
  isBotConfigured,
  LineApiError,
  setDefaultRichMenu,
  uploadRichMenuImage,
  withLineErrors,
  type RichMenu,
} from "~/lib/line.server";
import type { Actor } from "~/models/audit/audit.server";
import { RICH_MENU_HEIGHT, RICH_MENU_WIDTH, richMenuPng, tileBounds, type RichMenuTile } from "./rich-menu-image.server";
import { getSetting, setSetting } from "~/models/core/settings.server";

export const RICH_MENU_NOT_CONFIGURED =
  "ยังไม่ได้ตั้งค่า LINE: ต้องมีทั้งแอป LIFF และบัญชีบอทของระบบจึงจะตั้งค่าริชเมนูได้ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าตามคู่มือ (README)";

/** The tiles, left to right, with the employee page each opens. */
export const RICH_MENU_ITEMS: (RichMenuTile & { path: string })[] = [
  { label: "ลงเวลา", icon: "clock", color: "#1C7ED6", path: "/employee/checkin-out" },
  { label: "ลางาน", icon: "calendar", color: "#0CA678", path: "/employee/petition" },
  { label: "ตู้", icon: "cabinet", color: "#F76707", path: "/employee/vending-machine" },
  { label: "หน้าหลัก", icon: "home", color: "#7048E8", path: "/employee" },
];

export function richMenuDefinition(liffId: string): RichMenu {
  return {
    size: { width: RICH_MENU_WIDTH, height: RICH_MENU_HEIGHT },
    selected: true,
    name: "TN Management",
    chatBarText: "เมนู",
    areas: RICH_MENU_ITEMS.map((item, i) => ({
      bounds: tileBounds(i, RICH_MENU_ITEMS.length),
      action: { type: "uri", label: item.label, uri: liffPageUrl(liffId, item.path) },
    })),
  };
}

export type RichMenuResult = { rich_menu_id: string; replaced: string | null };

/**
 * Creates the menu, uploads its picture, makes it the default for every user, then deletes the
 * one made before. A failure before the menu is the default deletes the half-made one, so LINE
 * keeps no orphan menus; a failure to delete the old one only leaves it behind (logged).
 */
export async function setUpRichMenu(actor: Actor): Promise<RichMenuResult> {
  const liffId = env().LIFF_ID;
  if (!liffId || !isBotConfigured()) throw new DomainError(409, RICH_MENU_NOT_CONFIGURED);
  const menu = richMenuDefinition(liffId);
  const image = await richMenuPng(RICH_MENU_ITEMS);
  const previous = getSetting("line_rich_menu_id");

  const id = await withLineErrors(() => createRichMenu(menu));
  try {
    await withLineErrors(async () => {
      await uploadRichMenuImage(id, image, "image/png");
      await setDefaultRichMenu(id);
    });
  } catch (error) {
    await deleteRichMenu(id).catch((cleanup: unknown) =>
      console.warn(`Could not delete the unfinished rich menu ${id}: ${(cleanup as Error).message}`),
    );
    throw error;
  }
  setSetting("line_rich_menu_id", id, actor);

  let replaced: string | null = null;
  if (previous && previous !== id) {
    try {
      await deleteRichMenu(previous);
      replaced = previous;
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      console.warn(`Could not delete the previous rich menu ${previous}: ${error.message}`);
    }
  }
  return { rich_menu_id: id, replaced };
}
