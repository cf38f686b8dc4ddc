// The data folder holds every employee's record, face descriptor and photos and the session
// secret: only the user the server runs as may open it (ADR 040). server.mjs also sets the umask
// to 077, for whatever else the server creates.
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `folder` (and its missing parents) 0700. */
export function makePrivateFolder(folder: string) {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Creates `file` empty and 0600 where it does not exist. For the database file before SQLite opens
 * it: SQLite makes the -wal and -shm with the database file's mode, whatever the umask.
 */
export function createPrivateFile(file: string) {
  try {
    fs.closeSync(fs.openSync(file, "wx", PRIVATE_FILE_MODE));
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  }
}

/** What the app itself keeps in the data folder (and what a dedicated disk's root holds). */
const OWN_ENTRY = /^(tn\.sqlite(-wal|-shm|-journal)?|session-secret|run|backups|replaced|\.write-check-\d+|lost\+found)$/;

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, "0");

/**
 * Takes group and other permissions off the data folder and off `files` in it (those that exist).
 * A folder that holds anything the app did not put there (DATA_DIR pointed at a shared place) is
 * left as it is, with a warning: changing it could lock others out of their own files.
 * Answers what it changed and what it left, for the log.
 */
export function keepPrivate(folder: string, files: readonly string[]): { tightened: string[]; warnings: string[] } {
  const tightened: string[] = [];
  const warnings: string[] = [];
  const tighten = (name: string, mode: number, privateMode: number) => {
    try {
      fs.chmodSync(name, privateMode);
      tightened.push(`${name} ${octal(mode)} → ${octal(privateMode)}`);
    } catch (error) {
      warnings.push(`${name} is ${octal(mode)} and could not be made ${octal(privateMode)} (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  const folderMode = fs.statSync(folder).mode;
  if (folderMode & 0o077) {
    const others = fs.readdirSync(folder).filter((name) => !OWN_ENTRY.test(name));
    if (others.length === 0) tighten(folder, folderMode, PRIVATE_FOLDER_MODE);
    else warnings.push(`${folder} is ${octal(folderMode)} and holds other things (${others.slice(0, 3).join(", ")}): left as it is; give the data a folder of its own`);
  }
  for (const file of files) {
    const mode = fs.statSync(file, { throwIfNoEntry: false })?.mode;
    if (mode !== undefined && mode & 0o077) tighten(path.resolve(file), mode, PRIVATE_FILE_MODE);
  }
  return { tightened, warnings };
}
