// LINE groups the bot is in: created on `join` (summary + picture from LINE), marked left on
// `leave` (the row stays), renamed and flagged for notifications by admins (DESIGN.md §8).
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { lineGroups } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { downloadPicture, getGroupSummary, withLineErrors } from "~/lib/line.server";
import { encodeImage } from "~/lib/image.server";
import { deleteUpload, saveUpload, uploadUrl } from "~/lib/uploads.server";
import { cleanText, formFlag, requireSomeChange } from "~/lib/validation";
import { pushToGroup } from "./notifier.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { MAX_TEXT_LENGTH } from "./message-schema";
import { MAX_GROUP_NAME_LENGTH } from "./limits";
import { logger } from "~/lib/log.server";

type Row = typeof lineGroups.$inferSelect;

export type LineGroupDto = {
  id: number;
  group_id: string;
  name: string;
  picture_url: string | null;
  active: boolean;
  joined_at: string | null;
  left_at: string | null;
  notify_leave: boolean;
  notify_machine: boolean;
  notify_summary: boolean;
};

const NOT_FOUND = "ไม่พบกลุ่ม LINE";
const LEFT = "บอทออกจากกลุ่มนี้แล้ว เชิญบอทกลับเข้ากลุ่มก่อน";
export const DEFAULT_TEST_TEXT = "ทดสอบการแจ้งเตือนจาก TN Management ✅";

export const GroupUpdateSchema = z.object({
  name: cleanText({ label: "ชื่อกลุ่ม", min: 1, max: MAX_GROUP_NAME_LENGTH }).optional(),
  notify_leave: formFlag.optional(),
  notify_machine: formFlag.optional(),
  notify_summary: formFlag.optional(),
});
export type GroupUpdateInput = z.infer<typeof GroupUpdateSchema>;

export const TestMessageSchema = z.object({
  text: z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v),
    cleanText({
      label: "ข้อความ",
      max: MAX_TEXT_LENGTH,
      multiline: true,
      trim: false,
      tooLong: `ข้อความยาวเกิน ${MAX_TEXT_LENGTH.toLocaleString("th-TH")} ตัวอักษร`,
    }).optional(),
  ),
});

function toDto(row: Row): LineGroupDto {
  return {
    id: row.id,
    group_id: row.groupId,
    name: row.name,
    picture_url: row.pictureUploadId ? uploadUrl("linegroups", row.pictureUploadId) : null,
    active: row.active,
    joined_at: row.joinedAt ? row.joinedAt.toISOString() : null,
    left_at: row.leftAt ? row.leftAt.toISOString() : null,
    notify_leave: row.notifyLeave,
    notify_machine: row.notifyMachine,
    notify_summary: row.notifySummary,
  };
}

/** Groups the bot is in first, newest join first. */
export function listGroups(): { items: LineGroupDto[]; total: number } {
  const rows = db().select().from(lineGroups).orderBy(desc(lineGroups.active), desc(lineGroups.joinedAt), desc(lineGroups.id)).all();
  return { items: rows.map(toDto), total: rows.length };
}

function rowById(id: number): Row {
  const row = db().select().from(lineGroups).where(eq(lineGroups.id, id)).get();
  if (!row) throw new DomainError(404, NOT_FOUND);
  return row;
}

export function requireGroup(id: number): LineGroupDto {
  return toDto(rowById(id));
}

export function getGroupByLineId(groupId: string): LineGroupDto | null {
  const row = db().select().from(lineGroups).where(eq(lineGroups.groupId, groupId)).get();
  return row ? toDto(row) : null;
}

export function updateGroup(id: number, input: GroupUpdateInput, actor: Actor): LineGroupDto {
  const before = rowById(id);
  requireSomeChange(input);
  const changes: Partial<typeof lineGroups.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.notify_leave !== undefined) changes.notifyLeave = input.notify_leave;
  if (input.notify_machine !== undefined) changes.notifyMachine = input.notify_machine;
  if (input.notify_summary !== undefined) changes.notifySummary = input.notify_summary;
  if (Object.keys(changes).length === 0) return toDto(before);
  const row = db().update(lineGroups).set(changes).where(eq(lineGroups.id, id)).returning().get();
  recordAudit({ actor, action: "update", entity: "line_group", entityId: id, changes: input });
  return toDto(row);
}

/**
 * Stores a new picture, points the group at it and drops the old one in one transaction.
 * Never throws: a picture is not worth losing the group.
 */
async function replacePicture(row: Row, pictureUrl: string | undefined) {
  if (!pictureUrl) return;
  try {
    const encoded = await encodeImage(await downloadPicture(pictureUrl));
    immediate((tx) => {
      const current = tx.select({ picture: lineGroups.pictureUploadId }).from(lineGroups).where(eq(lineGroups.id, row.id)).get();
      if (!current) return;
      const stored = saveUpload(tx, encoded, "linegroups");
      tx.update(lineGroups).set({ pictureUploadId: stored.id }).where(eq(lineGroups.id, row.id)).run();
      if (current.picture) deleteUpload(current.picture, tx);
    });
  } catch (error) {
    const reason = (error as Error).message;
    logger.warn(`LINE group ${row.groupId}: picture not stored (${reason})`);
  }
}

/**
 * The bot joined a group: the row exists (active, joined now, not left) before anything is asked
 * of LINE, then the name and picture are filled in. A failed summary or picture keeps the group.
 */
export async function recordGroupJoin(groupId: string, now = new Date()): Promise<LineGroupDto> {
  let row = db()
    .insert(lineGroups)
    .values({ groupId, active: true, joinedAt: now, leftAt: null })
    .onConflictDoUpdate({ target: lineGroups.groupId, set: { active: true, joinedAt: now, leftAt: null } })
    .returning()
    .get();
  try {
    const summary = await getGroupSummary(groupId);
    if (summary.groupName) {
      row = db().update(lineGroups).set({ name: summary.groupName }).where(eq(lineGroups.id, row.id)).returning().get();
    }
    await replacePicture(row, summary.pictureUrl);
  } catch (error) {
    logger.warn(`LINE group ${groupId}: summary not read (${(error as Error).message})`);
  }
  return requireGroup(row.id);
}

/** The bot left (or was removed): keep the row, mark it left. Unknown groups are ignored. */
export function recordGroupLeave(groupId: string, now = new Date()): LineGroupDto | null {
  const row = db()
    .update(lineGroups)
    .set({ active: false, leftAt: now })
    .where(eq(lineGroups.groupId, groupId))
    .returning()
    .get();
  return row ? toDto(row) : null;
}

/** Reads the name and picture again from LINE (502/503 on LINE failures, 409 for a left group). */
export async function refreshGroup(id: number, actor: Actor): Promise<LineGroupDto> {
  const row = rowById(id);
  if (!row.active) throw new DomainError(409, LEFT);
  const summary = await withLineErrors(() => getGroupSummary(row.groupId));
  const updated = db()
    .update(lineGroups)
    .set({ name: summary.groupName || row.name })
    .where(eq(lineGroups.id, id))
    .returning()
    .get();
  await replacePicture(updated, summary.pictureUrl);
  recordAudit({ actor, action: "refresh", entity: "line_group", entityId: id, changes: { name: { from: row.name, to: updated.name } } });
  return requireGroup(id);
}

/** Pushes a test text to the group with a fresh retry key (409 for a left group). */
export async function sendGroupTestMessage(id: number, text: string | undefined, actor: Actor) {
  const row = rowById(id);
  if (!row.active) throw new DomainError(409, LEFT);
  const message = text ?? DEFAULT_TEST_TEXT;
  const push = await pushToGroup({ groupId: id, to: row.groupId, messages: [{ type: "text", text: message }], kind: "group_test", actor });
  recordAudit({ actor, action: "test_message", entity: "line_group", entityId: id, changes: { text: message, retry_key: push.retry_key } });
  return { ok: true as const, retry_key: push.retry_key };
}
