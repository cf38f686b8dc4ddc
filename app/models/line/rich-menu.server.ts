// The LINE chat's rich menu: four tiles opening the employee pages of the LIFF app. An admin sets
// it up once (and again after changing the LIFF app); one set-up at a time, and afterwards every
// other menu this app made is deleted from LINE (ADR 041).
import { env } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { liffPageUrl } from "~/lib/liff-url";
import {
  createRichMenu,
  deleteRichMenu,
  isBotConfigured,
  LineApiError,
  listRichMenus,
  setDefaultRichMenu,
  uploadRichMenuImage,
  withLineErrors,
  type RichMenu,
} from "~/lib/line.server";
import type { Actor } from "~/models/audit/audit.server";
import { RICH_MENU_HEIGHT, RICH_MENU_WIDTH, richMenuPng, tileBounds, type RichMenuTile } from "./rich-menu-image.server";
import { getSetting, setSetting } from "~/models/core/settings.server";
import { logger } from "~/lib/log.server";

/** A set-up is already under way in this server: a second one would only make the same menu again. */
export const RICH_MENU_BUSY = "กำลังตั้งค่าเมนูอยู่ กรุณารอสักครู่แล้วดูผลอีกครั้ง";

/** The name every menu this app makes carries: how the clean-up tells ours from others' on LINE. */
export const RICH_MENU_NAME = "TN Management";

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
    name: RICH_MENU_NAME,
    chatBarText: "เมนู",
    areas: RICH_MENU_ITEMS.map((item, i) => ({
      bounds: tileBounds(i, RICH_MENU_ITEMS.length),
      action: { type: "uri", label: item.label, uri: liffPageUrl(liffId, item.path) },
    })),
  };
}

export type RichMenuResult = { rich_menu_id: string; replaced: string | null };

let settingUp = false;

/**
 * Sets the menu up, one set-up at a time in this server: while one runs, another is refused with
 * a 409 (it would make the same menu and throw the first away).
 */
export async function setUpRichMenu(actor: Actor): Promise<RichMenuResult> {
  const liffId = env().LIFF_ID;
  if (!liffId || !isBotConfigured()) throw new DomainError(409, RICH_MENU_NOT_CONFIGURED);
  if (settingUp) throw new DomainError(409, RICH_MENU_BUSY);
  settingUp = true;
  try {
    return await setUp(liffId, actor);
  } finally {
    settingUp = false;
  }
}

/**
 * Creates the menu, uploads its picture, makes it the default for every user, then deletes every
 * other menu of ours on LINE. A failure before the menu is the default deletes the half-made one;
 * one whose id never came back (LINE stalled) is left for the next set-up's clean-up.
 */
async function setUp(liffId: string, actor: Actor): Promise<RichMenuResult> {
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
      logger.warn(`Could not delete the unfinished rich menu ${id}: ${(cleanup as Error).message}`),
    );
    throw error;
  }
  setSetting("line_rich_menu_id", id, actor);
  const deleted = await deleteOtherMenus(id, previous);
  return { rich_menu_id: id, replaced: previous && deleted.has(previous) ? previous : null };
}

/**
 * Deletes the menus on LINE named as ours that are not the current one (the previous one, and
 * any left by a set-up cut short), and the previous one by its id should the list fail. Never
 * throws for LINE: a menu left behind is logged and taken by the next set-up.
 */
async function deleteOtherMenus(current: string, previous: string): Promise<Set<string>> {
  const others = new Set<string>(previous && previous !== current ? [previous] : []);
  try {
    for (const menu of await listRichMenus()) {
      if (menu.name === RICH_MENU_NAME && menu.richMenuId !== current) others.add(menu.richMenuId);
    }
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    logger.warn(`Could not list the rich menus on LINE: ${error.message}`);
  }
  const deleted = new Set<string>();
  for (const id of others) {
    try {
      await deleteRichMenu(id);
      deleted.add(id);
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      logger.warn(`Could not delete the old rich menu ${id}: ${error.message}`);
    }
  }
  return deleted;
}
