import Database from "better-sqlite3";
import { admins } from "../../db/schema";
import { closeDb, databasePath, db } from "./db.server";
import { METRICS_URL_VARIABLE } from "./replication.server";

afterEach(() => {
  delete process.env[METRICS_URL_VARIABLE];
});

test("under Litestream, whose read transaction holds the WAL, closeDb does not wait out the busy timeout; the WAL keeps every commit", () => {
  db().insert(admins).values({ username: "under-litestream", passwordHash: "h" }).run();
  process.env[METRICS_URL_VARIABLE] = "http://127.0.0.1:9/metrics";
  // Litestream reads the WAL inside a long read transaction.
  const litestream = new Database(databasePath(), { readonly: true });
  litestream.exec("BEGIN");
  litestream.prepare("select count(*) from admins").get();
  try {
    const started = Date.now();
    closeDb();
    // A TRUNCATE checkpoint waits the whole 5 s busy timeout for that reader, then gives up.
    expect(Date.now() - started).toBeLessThan(2000);
  } finally {
    litestream.exec("COMMIT");
    litestream.close();
  }
  delete process.env[METRICS_URL_VARIABLE];
  expect(db().select().from(admins).all().some((a) => a.username === "under-litestream")).toBe(true);
});
