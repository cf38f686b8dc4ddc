// The scheduler's ledger: one row per job and business day (UNIQUE (job, run_date)). Claiming the
// row is what makes a run exactly-once: whoever inserts it runs the job, anyone else gets nothing.
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { JOB_RUN_STATUSES, jobRuns } from "../../../db/schema";
import { db, immediate, preparedQuery } from "~/lib/db.server";
import { pageOffset, PageFields, type Page } from "~/lib/validation";

export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/** The result of a run the server stopped in the middle of (found `running` at the next start). */
export const INTERRUPTED = "เซิร์ฟเวอร์หยุดระหว่างทำงาน จะไม่ทำซ้ำในวันเดียวกัน";

export type JobRunDto = {
  id: number;
  job: string;
  run_date: string;
  status: JobRunStatus;
  started_at: string;
  finished_at: string | null;
  result: string | null;
};

type Row = typeof jobRuns.$inferSelect;

const toDto = (row: Row): JobRunDto => ({
  id: row.id,
  job: row.job,
  run_date: row.runDate,
  status: row.status,
  started_at: row.startedAt.toISOString(),
  finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  result: row.result,
});

function insertRow(values: { job: string; runDate: string; status: JobRunStatus; now: Date; result?: string }) {
  return immediate(
    (tx) =>
      tx
        .insert(jobRuns)
        .values({
          job: values.job,
          runDate: values.runDate,
          status: values.status,
          startedAt: values.now,
          finishedAt: values.status === "running" ? null : values.now,
          result: values.result ?? null,
        })
        .onConflictDoNothing({ target: [jobRuns.job, jobRuns.runDate] })
        .returning({ id: jobRuns.id })
        .get()?.id ?? null,
  );
}

/** The job's row for the business day (null before its first run or skip). */
export function dayRunOf(job: string, runDate: string): { id: number; status: JobRunStatus; startedAt: Date } | null {
  return (
    db()
      .select({ id: jobRuns.id, status: jobRuns.status, startedAt: jobRuns.startedAt })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.runDate, runDate)))
      .get() ?? null
  );
}

/**
 * Claims another run of a job that runs at several times of the day (a reminder at each schedule's
 * time): its finished day row goes back to `running`, started at `now`, for the one caller that
 * saw it started at `startedAt`; null for everyone else. The row keeps the day's latest run.
 */
export function reclaimRun(id: number, startedAt: Date, now: Date): number | null {
  return immediate(
    (tx) =>
      tx
        .update(jobRuns)
        .set({ status: "running", startedAt: now, finishedAt: null })
        .where(and(eq(jobRuns.id, id), inArray(jobRuns.status, ["ok", "failed"]), eq(jobRuns.startedAt, startedAt)))
        .returning({ id: jobRuns.id })
        .get()?.id ?? null,
  );
}

/** Claims the day's run: the row's id for the one caller that inserted it, null for everyone else. */
export function claimRun(job: string, runDate: string, now: Date): number | null {
  return insertRow({ job, runDate, status: "running", now });
}

/** Records that the job does not run that day (a holiday, too late to be useful); false when it already has a row. */
export function recordSkip(job: string, runDate: string, reason: string, now: Date): boolean {
  return insertRow({ job, runDate, status: "skipped", now, result: reason }) != null;
}

export function finishRun(id: number, status: "ok" | "failed", result: string, now: Date) {
  db().update(jobRuns).set({ status, result, finishedAt: now }).where(eq(jobRuns.id, id)).run();
}

/** Runs still `running` when a server starts were cut off by a stop: they are failed, and stay done for their day. */
export function failInterruptedRuns(now: Date): number {
  return db()
    .update(jobRuns)
    .set({ status: "failed", result: INTERRUPTED, finishedAt: now })
    .where(eq(jobRuns.status, "running"))
    .run().changes;
}

// Read for every job on each render of the jobs and settings pages.
const newestRun = preparedQuery((d) =>
  d
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, sql.placeholder("job")))
    .orderBy(desc(jobRuns.runDate))
    .limit(1)
    .prepare(),
);

/** The newest run of each job (for the jobs page). */
export function lastRunOf(job: string): JobRunDto | null {
  const row = newestRun().get({ job });
  return row ? toDto(row) : null;
}

/** The business date of the job's newest run that did its work (status ok), or null. */
export function lastOkRunDate(job: string, before: string): string | null {
  const row = db()
    .select({ runDate: jobRuns.runDate })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.status, "ok"), lt(jobRuns.runDate, before)))
    .orderBy(desc(jobRuns.runDate))
    .limit(1)
    .get();
  return row?.runDate ?? null;
}

export const JobRunsQuery = z.object({
  job: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(50, "ชื่องานยาวเกิน 50 ตัวอักษร").optional()),
  ...PageFields,
});
export type JobRunsQuery = z.infer<typeof JobRunsQuery>;

/** Runs newest first (by business day, then start), optionally of one job. */
export function listJobRuns(query: JobRunsQuery): Page<JobRunDto> {
  const where = query.job ? eq(jobRuns.job, query.job) : undefined;
  const total = db().select({ n: count() }).from(jobRuns).where(where).get()?.n ?? 0;
  const items = db()
    .select()
    .from(jobRuns)
    .where(where)
    .orderBy(desc(jobRuns.runDate), desc(jobRuns.startedAt), desc(jobRuns.id))
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all()
    .map(toDto);
  return { items, total, page: query.page, page_size: query.page_size };
}
