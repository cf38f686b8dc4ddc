// SQLite failures that mean "the disk or the data folder cannot take a write right now" (full,
// read-only, I/O error, cannot open, still locked after busy_timeout). They are the operator's
// problem, not a bug in the request: the user gets a 503 in Thai and may try again later.
import Database from "better-sqlite3";
import { DomainError } from "./errors";
import { metrics } from "./metrics.server";

export const STORAGE_FAILURE_MESSAGE =
  "บันทึกข้อมูลไม่ได้ในขณะนี้ เนื่องจากพื้นที่เก็บข้อมูลของเซิร์ฟเวอร์มีปัญหา กรุณาลองใหม่ภายหลัง หรือแจ้งผู้ดูแลระบบ";

/** Seconds a client is asked to wait before trying again. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

const STORAGE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY)(_|$)/;

/** The SQLite error code of `error` or of one of its causes (drizzle wraps query errors). */
export function sqliteCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof Database.SqliteError) return current.code;
    current = current.cause;
  }
  return null;
}

const countedBusy = new WeakSet<object>();

/**
 * Counts an SQLITE_BUSY (the write lock still taken when busy_timeout ran out) in
 * tn_sqlite_busy_total, once per error: immediate() counts its own, storageFailure() the others
 * that reach a request's answer.
 */
export function countBusy(error: unknown) {
  if (!(error instanceof Error) || countedBusy.has(error) || !sqliteCode(error)?.startsWith("SQLITE_BUSY")) return;
  countedBusy.add(error);
  metrics.sqliteBusy.inc();
}

/** A 503 DomainError when `error` is a storage failure, else null (the error is something else). */
export function storageFailure(error: unknown): DomainError | null {
  countBusy(error);
  const code = sqliteCode(error);
  if (!code || !STORAGE_CODES.test(code)) return null;
  return new DomainError(503, STORAGE_FAILURE_MESSAGE, undefined, {
    headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) },
  });
}
