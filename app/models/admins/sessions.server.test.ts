import { DomainError } from "~/lib/errors";
import { createAdminSession, findActiveSession } from "~/lib/session.server";
import { createAdmin } from "./admin.server";
import { endOtherSessions, endOwnSession, listOwnSessions, OTHER_SESSIONS_SHOWN, sessionKey } from "./sessions.server";
import { listAudit } from "~/models/audit/audit.server";

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a DomainError");
}

describe("an admin's own sessions", () => {
  test("listed with device, IP and times, this device first; never the session id; others' not shown", async () => {
    const me = await createAdmin({ username: "sess-me", password: "sess-me-password" });
    const someone = await createAdmin({ username: "sess-other", password: "sess-other-password" });
    const phone = createAdminSession(me.id, { ip: "10.1.1.2", userAgent: SAFARI_IPHONE }, Date.now() - 60_000);
    const desk = createAdminSession(me.id, { ip: "10.1.1.1", userAgent: CHROME_WINDOWS });
    createAdminSession(someone.id, { ip: "10.9.9.9" });
    createAdminSession(me.id, { ip: "10.1.1.3" }, Date.now() - 8 * 24 * 60 * 60 * 1000);

    const { sessions: list, total } = listOwnSessions({ id: me.id, sessionId: phone.id });
    expect(total).toBe(2);
    expect(list.map((s) => [s.device, s.ip, s.current])).toEqual([
      ["Safari บน iPhone", "10.1.1.2", true],
      ["Chrome บน Windows", "10.1.1.1", false],
    ]);
    expect(list[1].key).toBe(sessionKey(desk.id));
    expect(JSON.stringify(list)).not.toContain(desk.id);
    expect(list[0].last_seen_at).not.toBeNull();
  });

  test("ending one other session; this device's is refused; another admin's key is not found", async () => {
    const me = await createAdmin({ username: "sess-end", password: "sess-end-password" });
    const other = await createAdmin({ username: "sess-end-b", password: "sess-end-b-password" });
    const mine = createAdminSession(me.id);
    const second = createAdminSession(me.id);
    const theirs = createAdminSession(other.id);
    const self = { id: me.id, sessionId: mine.id };

    expect(thrown(() => endOwnSession(self, sessionKey(theirs.id))).status).toBe(404);
    expect(findActiveSession(theirs.id)).not.toBeNull();
    expect(thrown(() => endOwnSession(self, sessionKey(mine.id))).status).toBe(409);
    endOwnSession(self, sessionKey(second.id));
    expect(findActiveSession(second.id)).toBeNull();
    expect(findActiveSession(mine.id)).not.toBeNull();
    expect(listAudit({ entity: "admin", entityId: me.id })[0]).toMatchObject({ actorType: "admin", actorId: me.id, action: "end_session" });
  });

  test("ending all others keeps this one and the other admins' sessions", async () => {
    const me = await createAdmin({ username: "sess-all", password: "sess-all-password" });
    const other = await createAdmin({ username: "sess-all-b", password: "sess-all-b-password" });
    const mine = createAdminSession(me.id);
    createAdminSession(me.id);
    createAdminSession(me.id);
    const theirs = createAdminSession(other.id);
    expect(endOtherSessions({ id: me.id, sessionId: mine.id })).toBe(2);
    expect(listOwnSessions({ id: me.id, sessionId: mine.id })).toMatchObject({ sessions: [{ current: true }], total: 1 });
    expect(findActiveSession(theirs.id)).not.toBeNull();
  });

  test("bounded: this device's and the newest 20 others, in order of use; the total counts them all", async () => {
    const me = await createAdmin({ username: "sess-many", password: "sess-many-password" });
    const start = Date.now() - 60 * 60_000;
    // 29 others signed in a minute apart, then this device's, the newest.
    const others = Array.from({ length: 29 }, (_, i) => createAdminSession(me.id, { ip: `10.2.0.${i}` }, start + i * 60_000));
    const mine = createAdminSession(me.id, { ip: "10.2.1.1" });

    const { sessions, total } = listOwnSessions({ id: me.id, sessionId: mine.id });
    expect(OTHER_SESSIONS_SHOWN).toBe(20);
    expect(total).toBe(30);
    expect(sessions).toHaveLength(21);
    expect(sessions[0]).toMatchObject({ current: true, ip: "10.2.1.1" });
    expect(sessions.slice(1).map((s) => s.key)).toEqual(others.slice(-20).reverse().map((s) => sessionKey(s.id)));
  });

  test("this device's session is listed first even when it is the oldest; a session not listed can still be ended", async () => {
    const me = await createAdmin({ username: "sess-old", password: "sess-old-password" });
    const mine = createAdminSession(me.id, { ip: "10.3.1.1" }, Date.now() - 2 * 24 * 60 * 60 * 1000);
    const oldest = createAdminSession(me.id, { ip: "10.3.0.0" }, Date.now() - 24 * 60 * 60 * 1000);
    for (let i = 1; i <= 24; i++) createAdminSession(me.id, { ip: `10.3.0.${i}` }, Date.now() - i * 60_000);
    const self = { id: me.id, sessionId: mine.id };

    const { sessions, total } = listOwnSessions(self);
    expect(total).toBe(26);
    expect(sessions).toHaveLength(21);
    expect(sessions[0]).toMatchObject({ current: true, ip: "10.3.1.1" });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.key)).not.toContain(sessionKey(oldest.id));

    endOwnSession(self, sessionKey(oldest.id));
    expect(findActiveSession(oldest.id)).toBeNull();
    expect(listOwnSessions(self).total).toBe(25);
  });
});
