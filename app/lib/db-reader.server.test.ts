import { asc, eq, sql } from "drizzle-orm";
import { admins, adminSessions } from "../../db/schema";
import { db, type Db } from "./db.server";
import { rawSelect } from "./db-reader.server";

const query = (d: Db, username: string | ReturnType<typeof sql.placeholder>) =>
  d
    .select({
      name: admins.username,
      a: { id: admins.id, active: admins.active, lineLinkedAt: admins.lineLinkedAt },
      s: adminSessions,
      named: sql<boolean>`${admins.fullName} <> ''`.mapWith(Boolean),
    })
    .from(admins)
    .leftJoin(adminSessions, eq(adminSessions.adminId, admins.id))
    .where(sql`${admins.username} like ${username}`)
    .orderBy(asc(admins.username), asc(adminSessions.id));

test("rawSelect answers what Drizzle's .all() does: groups, whole tables, a LEFT JOIN's null group, decoded values", () => {
  const [withSessions] = db()
    .insert(admins)
    .values({ username: "raw-a", passwordHash: "h", fullName: "สมชาย", lineLinkedAt: new Date("2026-11-20T03:00:00Z") })
    .returning()
    .all();
  db().insert(admins).values({ username: "raw-b", passwordHash: "h", active: false }).run();
  db()
    .insert(adminSessions)
    .values([
      { id: "s1", adminId: withSessions.id, expiresAt: new Date("2026-12-01T00:00:00Z"), userAgent: "Firefox" },
      { id: "s2", adminId: withSessions.id, expiresAt: new Date("2026-12-02T00:00:00Z"), lastSeenAt: new Date("2026-11-21T00:00:00Z") },
    ])
    .run();

  const read = rawSelect((d) => query(d, sql.placeholder("name")));
  const expected = query(db(), "raw-%").all();
  expect(expected).toHaveLength(3);
  expect(expected[2].s).toBeNull();
  expect(read({ name: "raw-%" })).toEqual(expected);
  expect(read({ name: "raw-a" })).toEqual(query(db(), "raw-a").all());
  expect(read({ name: "nobody" })).toEqual([]);
  const [first] = read({ name: "raw-a" });
  expect(first.s?.expiresAt).toBeInstanceOf(Date);
  expect(first.a.active).toBe(true);
  expect(first.named).toBe(true);
});
