import Database from "better-sqlite3";
import { inArray } from "drizzle-orm";
import { admins } from "../../db/schema";
import { databasePath, db, type Db } from "./db.server";
import { groupedImmediate } from "./group-commit.server";

const add = (tx: Db, username: string) => tx.insert(admins).values({ username, passwordHash: "h" }).run();
const stored = (names: string[]) =>
  db()
    .select({ username: admins.username })
    .from(admins)
    .where(inArray(admins.username, names))
    .all()
    .map((a) => a.username)
    .sort();

/** What another connection sees: only what is committed. */
function committed(username: string) {
  const other = new Database(databasePath(), { readonly: true });
  try {
    return other.prepare("select count(*) from admins where username = ?").pluck().get(username) === 1;
  } finally {
    other.close();
  }
}

describe("groupedImmediate", () => {
  test("bodies queued in one turn run later, in one transaction, and answer after its commit", async () => {
    const seen: Record<string, unknown> = {};
    const first = groupedImmediate((tx) => add(tx, "group-a").changes);
    const second = groupedImmediate((tx) => {
      seen.inTransaction = tx.$client.inTransaction;
      seen.firstVisibleHere = stored(["group-a"]).length === 1;
      seen.firstCommitted = committed("group-a");
      add(tx, "group-b");
      return "b";
    });
    expect(stored(["group-a", "group-b"])).toEqual([]); // nothing has run yet
    expect(await Promise.all([first, second])).toEqual([1, "b"]);
    expect(seen).toEqual({ inTransaction: true, firstVisibleHere: true, firstCommitted: false });
    expect(committed("group-a") && committed("group-b")).toBe(true);
  });

  test("a body that throws is rolled back alone; the others commit", async () => {
    const results = await Promise.allSettled([
      groupedImmediate((tx) => add(tx, "alone-a")),
      groupedImmediate((tx) => {
        add(tx, "alone-b");
        throw new Error("ซ้ำ");
      }),
      groupedImmediate((tx) => add(tx, "alone-c")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("ซ้ำ"));
    expect(stored(["alone-a", "alone-b", "alone-c"])).toEqual(["alone-a", "alone-c"]);
  });

  test("a COMMIT that fails rejects every body of the group and writes nothing", async () => {
    const results = await Promise.allSettled([
      groupedImmediate((tx) => {
        tx.$client.pragma("defer_foreign_keys = ON"); // the violation below surfaces at COMMIT
        add(tx, "commit-a");
      }),
      groupedImmediate((tx) => tx.$client.prepare("insert into admin_sessions (id, admin_id, expires_at) values ('orphan', 999999, 0)").run()),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(stored(["commit-a"])).toEqual([]);
    expect(db().$client.inTransaction).toBe(false);
  });

  test("when SQLite drops the transaction after an error, every body is rejected with it and the rest do not run", async () => {
    let laterRan = false;
    const results = await Promise.allSettled([
      groupedImmediate((tx) => add(tx, "lost-a")),
      groupedImmediate((tx) => {
        add(tx, "lost-b");
        tx.$client.exec("ROLLBACK"); // as SQLITE_FULL or an I/O error does
        throw new Error("database or disk is full");
      }),
      groupedImmediate((tx) => {
        laterRan = true;
        add(tx, "lost-c");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toEqual(new Error("database or disk is full"));
    expect(laterRan).toBe(false);
    expect(stored(["lost-a", "lost-b", "lost-c"])).toEqual([]);
  });

  test("a body queued after a group has run starts the next group", async () => {
    await groupedImmediate((tx) => add(tx, "next-a"));
    await groupedImmediate((tx) => add(tx, "next-b"));
    expect(stored(["next-a", "next-b"])).toEqual(["next-a", "next-b"]);
  });
});
