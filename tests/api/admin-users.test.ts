import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "head-admin", password: "head-admin-password" };
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let cookie: string;

type AdminDto = { id: number; username: string; full_name: string; active: boolean; last_sign_in_at: string | null; line_linked: boolean };

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

function signIn(username: string, password: string, target = server) {
  return fetch(`${target.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

async function addAdmin(body: Record<string, unknown>) {
  const response = await api("/api/admin-user", { method: "POST", json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { admin: AdminDto; password?: string };
}

/** An admin with a known password, signed in: its id and cookie. */
async function signedInAdmin(username: string) {
  const password = `${username}-strong-pass`;
  const { admin } = await addAdmin({ username, password });
  return { id: admin.id, password, cookie: await adminCookie(server, { username, password }) };
}

const as = (who: string) => apiClient(() => server, () => who);

describe("/api/admin-user", () => {
  test("anonymous callers get 401 on every admin-user and session route", async () => {
    for (const [path, method] of [
      ["/api/admin-user", "GET"],
      ["/api/admin-user", "POST"],
      ["/api/admin-user/1", "PATCH"],
      ["/api/admin/session", "GET"],
      ["/api/admin/session", "DELETE"],
      ["/api/admin/session/abc", "DELETE"],
    ] as const) {
      const response = await api(path, { method, anonymous: true, json: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  test("a generated password is answered once (never by the list) and signs in; the list shows the sign-in", async () => {
    const created = await addAdmin({ username: "generated-one", full_name: "สมหญิง รักงาน" });
    expect(created.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect(created.admin).toMatchObject({ username: "generated-one", full_name: "สมหญิง รักงาน", active: true, last_sign_in_at: null, line_linked: false });
    const listed = await (await api("/api/admin-user")).json();
    expect(JSON.stringify(listed)).not.toContain(created.password);
    expect(JSON.stringify(listed)).not.toMatch(/password/);

    const login = await signIn("generated-one", created.password!);
    expect(login.status).toBe(200);
    const after = (await (await api("/api/admin-user")).json()) as { admins: AdminDto[] };
    expect(after.admins.find((a) => a.id === created.admin.id)?.last_sign_in_at).not.toBeNull();
  });

  test("a set password is not answered back; bad input is 400 with Thai fields; a duplicate username in any case is 409", async () => {
    const created = await addAdmin({ username: "Set-Pass", password: "set-pass-strong-one" });
    expect(created).not.toHaveProperty("password");

    for (const body of [{ username: "" }, { username: "ผู้ใช้" }, { username: "short-pass", password: "short" }, { username: 5 }]) {
      const response = await api("/api/admin-user", { method: "POST", json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(answer.error).toMatch(THAI);
      expect(Object.values(answer.fields).join(" ")).toMatch(THAI);
    }
    const duplicate = await api("/api/admin-user", { method: "POST", json: { username: "set-PASS" } });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toMatch(THAI);
  });

  test("PATCH: unknown id 404, bad active 400, full name changes", async () => {
    expect((await api("/api/admin-user/999999", { method: "PATCH", json: { full_name: "x" } })).status).toBe(404);
    expect((await api("/api/admin-user/abc", { method: "PATCH", json: { full_name: "x" } })).status).toBe(404);
    const { admin } = await addAdmin({ username: "rename-me", password: "rename-me-strong" });
    const bad = await api(`/api/admin-user/${admin.id}`, { method: "PATCH", json: { active: 2 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.active).toMatch(THAI);
    const renamed = await api(`/api/admin-user/${admin.id}`, { method: "PATCH", json: { full_name: "ชื่อใหม่" } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).admin.full_name).toBe("ชื่อใหม่");
  });

  test("disabling ends their sessions: 401 on /api, a redirect on pages; sign-in 403 only with the right password", async () => {
    const other = await signedInAdmin("to-disable");
    expect((await as(other.cookie)("/api/user-auth")).status).toBe(200);
    const response = await api(`/api/admin-user/${other.id}`, { method: "PATCH", json: { active: 0 } });
    expect(response.status).toBe(200);
    expect((await response.json()).admin.active).toBe(false);

    expect((await as(other.cookie)("/api/user-auth")).status).toBe(401);
    const page = await as(other.cookie)("/admin/employee", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/auth/);

    expect((await signIn("to-disable", "wrong-password-here")).status).toBe(401);
    const refused = await signIn("to-disable", other.password);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(THAI);

    expect((await api(`/api/admin-user/${other.id}`, { method: "PATCH", json: { active: 1 } })).status).toBe(200);
    expect((await signIn("to-disable", other.password)).status).toBe(200);
  });

  test("an admin cannot disable themselves", async () => {
    const me = (await (await api("/api/admin-user")).json()).admins.find((a: AdminDto) => a.username === ADMIN.username);
    expect((await api(`/api/admin-user/${me.id}`, { method: "PATCH", json: { active: 0 } })).status).toBe(409);
  });

  test("a reset ends the admin's sessions and the generated password works; resetting oneself keeps this session", async () => {
    const other = await signedInAdmin("to-reset");
    const reset = await api(`/api/admin-user/${other.id}`, { method: "PATCH", json: { password: null } });
    expect(reset.status).toBe(200);
    const { password } = (await reset.json()) as { password: string };
    expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect((await as(other.cookie)("/api/user-auth")).status).toBe(401);
    expect((await signIn("to-reset", other.password)).status).toBe(401);
    expect((await signIn("to-reset", password)).status).toBe(200);

    const self = await signedInAdmin("self-reset");
    const secondDevice = await adminCookie(server, { username: "self-reset", password: self.password });
    const mine = await as(self.cookie)(`/api/admin-user/${self.id}`, { method: "PATCH", json: { password: "self-reset-new-pass" } });
    expect(mine.status).toBe(200);
    expect(await mine.json()).not.toHaveProperty("password");
    expect((await as(self.cookie)("/api/user-auth")).status).toBe(200);
    expect((await as(secondDevice)("/api/user-auth")).status).toBe(401);
  });
});

describe("/api/admin/session", () => {
  test("an admin sees only their own sessions and ends one other, or all others", async () => {
    const me = await signedInAdmin("many-devices");
    const phoneLogin = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      },
      body: JSON.stringify({ username: "many-devices", password: me.password }),
    });
    const phone = phoneLogin.headers.getSetCookie()[0].split(";")[0];
    const third = await adminCookie(server, { username: "many-devices", password: me.password });

    const list = (await (await as(me.cookie)("/api/admin/session")).json()) as {
      sessions: { key: string; device: string; ip: string | null; created_at: string; last_seen_at: string | null; current: boolean }[];
      total: number;
    };
    expect(list.sessions).toHaveLength(3);
    expect(list.total).toBe(3);
    expect(list.sessions[0].current).toBe(true);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.sessions.map((s) => s.device)).toContain("Safari บน iPhone");
    expect(JSON.stringify(list)).not.toContain(decodeURIComponent(phone.split("=")[1]).split(".")[0]);

    const phoneKey = list.sessions.find((s) => s.device === "Safari บน iPhone")!.key;
    // Another admin cannot end it: not found among their own.
    expect((await api(`/api/admin/session/${phoneKey}`, { method: "DELETE" })).status).toBe(404);
    expect((await as(phone)("/api/user-auth")).status).toBe(200);
    expect((await as(me.cookie)(`/api/admin/session/${list.sessions[0].key}`, { method: "DELETE" })).status).toBe(409);

    expect((await as(me.cookie)(`/api/admin/session/${phoneKey}`, { method: "DELETE" })).status).toBe(200);
    expect((await as(phone)("/api/user-auth")).status).toBe(401);
    expect((await as(third)("/api/user-auth")).status).toBe(200);

    const all = await as(me.cookie)("/api/admin/session", { method: "DELETE" });
    expect(await all.json()).toEqual({ ended: 1 });
    expect(await (await as(me.cookie)("/api/admin/session")).json()).toMatchObject({ sessions: [{ current: true }], total: 1 });
    expect((await as(third)("/api/user-auth")).status).toBe(401);
    expect((await as(me.cookie)("/api/user-auth")).status).toBe(200);
  });
});

describe("the last active admin", () => {
  test("two admins disabling each other at once, through two server processes: exactly one succeeds", { timeout: 120_000 }, async () => {
    const a = await signedInAdmin("mutual-a");
    const b = await signedInAdmin("mutual-b");
    // Only these two stay active: the others are disabled by A.
    const { admins } = (await (await as(a.cookie)("/api/admin-user")).json()) as { admins: AdminDto[] };
    const others = admins.filter((x) => x.active && x.id !== a.id && x.id !== b.id);
    for (const other of others) {
      expect((await as(a.cookie)(`/api/admin-user/${other.id}`, { method: "PATCH", json: { active: 0 } })).status).toBe(200);
    }
    const second = await startServer({}, { dataDir: server.dataDir });
    try {
      const cookies = { a: a.cookie, b: b.cookie };
      for (let round = 0; round < 6; round++) {
        const [ra, rb] = await Promise.all([
          fetch(`${server.baseUrl}/api/admin-user/${b.id}`, { method: "PATCH", headers: { Cookie: cookies.a, "content-type": "application/json" }, body: '{"active":0}' }),
          fetch(`${second.baseUrl}/api/admin-user/${a.id}`, { method: "PATCH", headers: { Cookie: cookies.b, "content-type": "application/json" }, body: '{"active":0}' }),
        ]);
        // The loser is refused by the rule (409) or, when the winner committed before its guard
        // ran, by the guard (401, its session ended). Never both 200.
        const statuses = [ra.status, rb.status].sort();
        expect(statuses[0], `round ${round}: ${await ra.text()} ${await rb.text()}`).toBe(200);
        expect([401, 409]).toContain(statuses[1]);
        const winner = ra.status === 200 ? "a" : "b";
        const loser = winner === "a" ? "b" : "a";
        const { admins: now } = (await (await as(cookies[winner])("/api/admin-user")).json()) as { admins: AdminDto[] };
        expect(now.filter((x) => x.active).map((x) => x.username)).toEqual([`mutual-${winner}`]);
        // The winner enables the loser again, who signs in anew for the next round.
        const loserId = loser === "a" ? a.id : b.id;
        expect((await as(cookies[winner])(`/api/admin-user/${loserId}`, { method: "PATCH", json: { active: 1 } })).status).toBe(200);
        cookies[loser] = await adminCookie(server, { username: `mutual-${loser}`, password: `mutual-${loser}-strong-pass` });
      }
      for (const other of others) {
        expect((await as(cookies.a)(`/api/admin-user/${other.id}`, { method: "PATCH", json: { active: 1 } })).status).toBe(200);
      }
    } finally {
      await second.stop({ keepData: true });
    }
  });
});

describe("the pages run the same model functions", () => {
  // The test above disabled (and enabled again) every other admin, which ended their sessions.
  beforeAll(async () => {
    cookie = await adminCookie(server, ADMIN);
  });

  const pagePost = (path: string, route: string, fields: Record<string, string>, who = cookie) =>
    as(who)(`${path}?_data=${encodeURIComponent(route)}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  test("/admin/users renders; add, disable and reset through its intents", async () => {
    const page = await api("/admin/users");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ผู้ดูแลระบบ");

    const added = await pagePost("/admin/users", "routes/admin.users", { intent: "add", username: "page-made", full_name: "จากหน้าเว็บ", password_mode: "generate" });
    expect(added.status).toBe(200);
    const answer = (await added.json()) as { ok: true; data: { admin: AdminDto; password: string } };
    expect(answer.data.password).toMatch(/^[A-Za-z2-9]{20}$/);
    const theirs = await adminCookie(server, { username: "page-made", password: answer.data.password });

    const duplicate = await pagePost("/admin/users", "routes/admin.users", { intent: "add", username: "PAGE-MADE" });
    expect(duplicate.status).toBe(409);

    const reset = await pagePost("/admin/users", "routes/admin.users", { intent: "reset", id: String(answer.data.admin.id) });
    expect(reset.status).toBe(200);
    expect((await reset.json()).data.password).toMatch(/^[A-Za-z2-9]{20}$/);
    expect((await as(theirs)("/api/user-auth")).status).toBe(401);

    const disabled = await pagePost("/admin/users", "routes/admin.users", { intent: "active", id: String(answer.data.admin.id), active: "0" });
    expect(disabled.status).toBe(200);
    expect((await (await api(`/api/admin-user/${answer.data.admin.id}`)).json()).admin.active).toBe(false);
  });

  test("/admin/account lists this admin's sessions and ends another one", async () => {
    const me = await signedInAdmin("account-sessions");
    const other = await adminCookie(server, { username: "account-sessions", password: me.password });
    const data = (await (await as(me.cookie)(`/admin/account?_data=${encodeURIComponent("routes/admin.account")}`)).json()) as {
      sessions: { key: string; current: boolean }[];
      sessionsTotal: number;
    };
    expect(data.sessions.map((s) => s.current)).toEqual([true, false]);
    expect(data.sessionsTotal).toBe(2);
    const ended = await pagePost("/admin/account", "routes/admin.account", { intent: "session-end", key: data.sessions[1].key }, me.cookie);
    expect(ended.status).toBe(200);
    expect((await as(other)("/api/user-auth")).status).toBe(401);
    expect((await as(me.cookie)("/api/user-auth")).status).toBe(200);
  });

  test("/admin/account's password form (no intent field) changes the password and ends the other sessions", async () => {
    const me = await signedInAdmin("account-password");
    const other = await adminCookie(server, { username: "account-password", password: me.password });
    const fields = { current_password: me.password, new_password: "a-fresh-password-9", confirm_password: "a-fresh-password-9" };
    const mismatched = await pagePost("/admin/account", "routes/admin.account", { ...fields, confirm_password: "something-else-9" }, me.cookie);
    expect(mismatched.status).toBe(400);
    expect((await mismatched.json()).fields.confirm_password).toMatch(THAI);
    const changed = await pagePost("/admin/account", "routes/admin.account", fields, me.cookie);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ ok: true, intent: "password", data: { revoked: 1 } });
    expect((await as(other)("/api/user-auth")).status).toBe(401);
    expect((await signIn("account-password", "a-fresh-password-9")).status).toBe(200);
    expect((await signIn("account-password", me.password)).status).toBe(401);
  });
});
