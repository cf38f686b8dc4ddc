// Check-in/out selfies are kept `selfie_retention_days` (PDPA: no longer than needed); the
// record keeps its face distance, match, flags and review decision.
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or } from "drizzle-orm";
import { attendance, uploads } from "../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate } from "~/lib/db.server";
import { dayjs } from "~/lib/thai-date";
import { recordAudit } from "./audit.server";
import { getSetting } from "./settings.server";

export const PURGE_BATCH_SIZE = 200;

/** The first work date still kept at `now`: a selfie of an earlier work date has expired. */
export function selfieCutoff(now: Date, retentionDays: number = getSetting("selfie_retention_days")): string {
  return dayjs(workDate(now)).subtract(retentionDays, "day").format("YYYY-MM-DD");
}

export type PurgeResult = { cutoff: string; records: number; photos: number };

type Options = {
  /** Work dates before this were purged by an earlier run: the scan starts here. */
  from?: string;
  batchSize?: number;
  /** Stops between batches (the server is shutting down). */
  signal?: AbortSignal;
};

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes the selfies of records whose work date is older than the retention period and clears
 * the record's photo columns. Idempotent. Each batch is its own short immediate() transaction,
 * and the candidates are read before it (already-purged rows are scanned outside the write
 * lock); the event loop gets a turn between batches. Only `checkinouts` uploads are deleted.
 */
export async function purgeExpiredSelfies(now: Date = new Date(), options: Options = {}): Promise<PurgeResult> {
  const cutoff = selfieCutoff(now);
  const size = options.batchSize ?? PURGE_BATCH_SIZE;
  const result: PurgeResult = { cutoff, records: 0, photos: 0 };
  let after = { date: "", id: 0 };
  while (!options.signal?.aborted) {
    const batch = db()
      .select({ id: attendance.id, workDate: attendance.workDate })
      .from(attendance)
      .where(
        and(
          lt(attendance.workDate, cutoff),
          options.from ? gte(attendance.workDate, options.from) : undefined,
          or(isNotNull(attendance.checkinPhotoUploadId), isNotNull(attendance.checkoutPhotoUploadId)),
          or(gt(attendance.workDate, after.date), and(eq(attendance.workDate, after.date), gt(attendance.id, after.id))),
        ),
      )
      .orderBy(asc(attendance.workDate), asc(attendance.id))
      .limit(size)
      .all();
    if (batch.length === 0) break;
    const ids = batch.map((r) => r.id);
    const photos = immediate((tx) => {
      const rows = tx
        .select({ in: attendance.checkinPhotoUploadId, out: attendance.checkoutPhotoUploadId })
        .from(attendance)
        .where(and(inArray(attendance.id, ids), lt(attendance.workDate, cutoff)))
        .all();
      const uploadIds = rows.flatMap((r) => [r.in, r.out]).filter((id): id is string => id != null);
      tx.update(attendance)
        .set({ checkinPhotoUploadId: null, checkoutPhotoUploadId: null })
        .where(and(inArray(attendance.id, ids), lt(attendance.workDate, cutoff)))
        .run();
      if (uploadIds.length === 0) return 0;
      return tx
        .delete(uploads)
        .where(and(inArray(uploads.id, uploadIds), eq(uploads.folder, "checkinouts")))
        .run().changes;
    });
    result.records += batch.length;
    result.photos += photos;
    const last = batch[batch.length - 1];
    after = { date: last.workDate, id: last.id };
    if (batch.length < size) break;
    await nextTick();
  }
  if (result.photos > 0) {
    recordAudit({ actor: { type: "system" }, action: "purge_selfies", entity: "attendance", changes: result });
  }
  return result;
}
