// The data folder can stop taking writes while the server runs: the disk remounted read-only after
// an I/O error, `chattr +i`, a network mount gone. SQLite changes its WAL index (tn.sqlite-shm)
// through a shared memory mapping, not through write(): once that file cannot be written, the
// kernel answers the next store into the mapping with SIGBUS, which kills the process. Two such
// stores come without any write by the app: the first read after a commit takes a read mark for
// it, and the first write after a complete checkpoint resets the index's header (ADR 040).
//
// So on the app's connection every write (a statement outside a transaction, or a transaction)
// first checks that the folder and the -shm can be written, and else fails as SQLITE_READONLY (the
// Thai 503 of storage-errors.server.ts) before SQLite touches the mapping; and every commit is
// followed at once by a read that takes its mark, so that the reads after it store nothing.
import fs from "node:fs";
import path from "node:path";
import Database, { type Statement } from "better-sqlite3";
import { logger } from "./log.server";

/** Why the data folder of `file` cannot take a write now ("EROFS /data/tn.sqlite-shm"), or null. */
export function unwritableReason(file: string): string | null {
  const folder = path.dirname(file);
  for (const name of [folder, `${file}-shm`]) {
    try {
      fs.accessSync(name, fs.constants.W_OK);
    } catch (error) {
      const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : String(error);
      // No -shm yet: SQLite makes it with the first read, in the folder just checked.
      if (code === "ENOENT" && name !== folder) continue;
      return `${code} ${name}`;
    }
  }
  return null;
}

export type WriteGuardOptions = {
  /** Tests replace the check of the folder; the reason or null, as unwritableReason answers. */
  probe?: (file: string) => string | null;
  log?: (line: string) => void;
};

/** The SQLite error a write gets while the data folder cannot be written (a storage failure). */
export function unwritableError(reason: string) {
  return new Database.SqliteError(`the data folder cannot be written (${reason})`, "SQLITE_READONLY");
}

/**
 * Guards the writes of the connection `sqlite` to the database `file` (see the top of this file):
 * its statements that write and its transactions. Install once per connection, after migrating.
 */
export function guardWrites(sqlite: Database.Database, file: string, { probe = unwritableReason, log = (line) => logger.warn(line) }: WriteGuardOptions = {}) {
  const takeMark = sqlite.prepare("PRAGMA data_version").pluck();
  let refusing: string | null = null;

  const check = () => {
    const reason = probe(file);
    if (reason !== refusing) {
      log(reason ? `data folder cannot be written (${reason}): writes answer 503 until it can` : `data folder ${path.dirname(file)} can be written again`);
      refusing = reason;
    }
    if (reason) throw unwritableError(reason);
  };

  const mark = () => {
    try {
      takeMark.get();
    } catch {
      // The write is committed and must be answered as such; the next read takes the mark.
    }
  };

  function write<T>(run: () => T): T {
    if (sqlite.inTransaction) return run();
    check();
    const result = run();
    mark();
    return result;
  }

  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = function guardedPrepare<B extends unknown[] | object = unknown[], R = unknown>(source: string) {
    const statement = prepare<B, R>(source);
    if (!statement.readonly) guardStatement(statement, write);
    return statement;
  };

  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = (fn) => {
    const inner = transaction(fn);
    const guarded =
      (variant: typeof inner.default): typeof inner.default =>
      (...params) =>
        write(() => variant(...params));
    return Object.assign(guarded(inner.default), {
      default: guarded(inner.default),
      deferred: guarded(inner.deferred),
      immediate: guarded(inner.immediate),
      exclusive: guarded(inner.exclusive),
    });
  };
}

/** A statement that writes runs through `write` (raw(), pluck() and bind() return the same object). */
function guardStatement<B extends unknown[], R>(statement: Statement<B, R>, write: <T>(run: () => T) => T) {
  const { run, get, all } = statement;
  statement.run = (...params) => write(() => run.apply(statement, params));
  statement.get = (...params) => write(() => get.apply(statement, params));
  statement.all = (...params) => write(() => all.apply(statement, params));
}
