import Database from "better-sqlite3";

/**
 * Opens the SQLite database `file` holding its EXCLUSIVE lock, or returns null while any other
 * connection has it open. A connection to a WAL database keeps a SHARED lock on the file from its
 * first read until it closes, and these are the kernel's locks on the file itself: they are seen
 * from another process whatever its PID namespace (a one-off container beside the server's), where
 * the server's PID file names a process that cannot be seen. A connection in `locking_mode =
 * EXCLUSIVE` asks for the EXCLUSIVE lock at its first read; with no busy wait, a live server makes
 * that read fail with SQLITE_BUSY at once, before anything is read or written (ADR 042).
 *
 * While the returned connection is open no server can open the database; closing it checkpoints a
 * WAL left by a crashed server into the file, as a server's own shutdown does.
 */
export function lockDatabase(file: string): Database.Database | null {
  const connection = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    connection.pragma("locking_mode = EXCLUSIVE");
    connection.prepare("SELECT count(*) FROM sqlite_schema").get();
    return connection;
  } catch (error) {
    connection.close();
    if (error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY")) return null;
    throw error;
  }
}
