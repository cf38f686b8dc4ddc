import { db, type Db } from "./db.server";

type Job = { fn: (tx: Db) => unknown; resolve: (value: never) => void; reject: (error: unknown) => void };

let queue: Job[] = [];

/**
 * immediate() for a write that many requests make at once (the morning's check-ins): the bodies
 * queued in one turn of the event loop run together in one BEGIN IMMEDIATE, each in a savepoint
 * of its own, and share one COMMIT. With synchronous = FULL every commit waits for the disk, and
 * that wait is the largest single cost of a check-in; a group pays it once.
 *
 * Each body still checks and writes under the write lock and sees the bodies before it (a
 * duplicate in the same group is refused), and one that throws is rolled back alone. The promise
 * settles only after the COMMIT: if the commit fails, or SQLite drops the transaction after an
 * error, every body of the group is rejected with that error and nothing of the group is written.
 * The group runs in one synchronous stretch, so no other request's code runs while it is open.
 */
export function groupedImmediate<T>(fn: (tx: Db) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (queue.length === 0) setImmediate(commitGroup);
    queue.push({ fn, resolve: resolve as (value: never) => void, reject });
  });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class GroupLost extends Error {
  constructor(readonly original: unknown) {
    super("the group's transaction was rolled back by SQLite");
  }
}

/** Runs the queued bodies as one group (scheduled by the first body queued in a turn). */
function commitGroup() {
  const jobs = queue;
  queue = [];
  if (jobs.length === 0) return;
  const d = db();
  const client = d.$client;
  const outcomes: Outcome[] = [];
  try {
    client
      .transaction(() => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: client.transaction(() => job.fn(d))() });
          } catch (error) {
            // SQLITE_FULL, an I/O error and a few more roll the whole transaction back: what the
            // bodies before this one wrote is gone, and the rest would run outside it.
            if (!client.inTransaction) throw new GroupLost(error);
            outcomes.push({ ok: false, error });
          }
        }
      })
      .immediate();
  } catch (error) {
    const cause = error instanceof GroupLost ? error.original : error;
    for (const job of jobs) job.reject(cause);
    return;
  }
  jobs.forEach((job, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) job.resolve(outcome.value as never);
    else job.reject(outcome.error);
  });
}
