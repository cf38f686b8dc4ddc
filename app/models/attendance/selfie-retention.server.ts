// Check-in/out selfies are kept `selfie_retention_days` (PDPA: no longer than needed); the
// record keeps its face distance, match, flags and review decision.
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, min, or } from "drizzle-orm";
import { attendance, uploads } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate } from "~/lib/db.server";
import { dayjs } from "~/lib/thai-date";
import { recordAudit } from "~/models/audit/audit.server";
import { getSetting } from "~/models/core/settings.server";

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
 * and the candidates are read before it, outside the write lock; the event loop gets a turn
 * between batches. Only `checkinouts` uploads are deleted.
 */
export async function purgeExpiredSelfies(now: Date = new Date(), options: Options = {}): Promise<PurgeResult> {
  const cutoff = selfieCutoff(now);
  const size = options.batchSize ?? PURGE_BATCH_SIZE;
  const result: PurgeResult = { cutoff, records: 0, photos: 0 };
  // One work date at a time: the work_date index finds the next date and that date's rows without
  // sorting or scanning the (mostly purged) history.
  let date = nextWorkDate(options.from ?? "", true);
  while (date != null && date < cutoff && !options.signal?.aborted) {
    let afterId = 0;
    for (;;) {
      const ids = db()
        .select({ id: attendance.id })
        .from(attendance)
        .where(
          and(
            eq(attendance.workDate, date),
            gt(attendance.id, afterId),
            or(isNotNull(attendance.checkinPhotoUploadId), isNotNull(attendance.checkoutPhotoUploadId)),
          ),
        )
        .orderBy(asc(attendance.id))
        .limit(size)
        .all()
        .map((r) => r.id);
      if (ids.length === 0) break;
      result.photos += purgeBatch(ids, cutoff);
      result.records += ids.length;
      afterId = ids[ids.length - 1];
      if (ids.length < size) break;
      await nextTick();
      if (options.signal?.aborted) break;
    }
    date = nextWorkDate(date, false);
    await nextTick();
  }
  if (result.photos > 0) {
    recordAudit({ actor: { type: "system" }, action: "purge_selfies", entity: "attendance", changes: result });
  }
  return result;
}

/** The first work date with a record at or after (`inclusive`) or after `date`. */
function nextWorkDate(date: string, inclusive: boolean): string | null {
  return (
    db()
      .select({ d: min(attendance.workDate) })
      .from(attendance)
      .where(inclusive ? gte(attendance.workDate, date) : gt(attendance.workDate, date))
      .get()?.d ?? null
  );
}

/** One short write: clears the photo columns of these records (still expired) and deletes their selfies. */
function purgeBatch(ids: number[], cutoff: string): number {
  return immediate((tx) => {
    const expired = and(inArray(attendance.id, ids), lt(attendance.workDate, cutoff));
    const rows = tx
      .select({ in: attendance.checkinPhotoUploadId, out: attendance.checkoutPhotoUploadId })
      .from(attendance)
      .where(expired)
      .all();
    const uploadIds = rows.flatMap((r) => [r.in, r.out]).filter((id): id is string => id != null);
    tx.update(attendance).set({ checkinPhotoUploadId: null, checkoutPhotoUploadId: null }).where(expired).run();
    if (uploadIds.length === 0) return 0;
    return tx
      .delete(uploads)
      .where(and(inArray(uploads.id, uploadIds), eq(uploads.folder, "checkinouts")))
      .run().changes;
  });
}
