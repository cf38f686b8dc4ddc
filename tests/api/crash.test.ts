// A crash in the middle of the day's writes: the server is SIGKILLed while check-ins, leave
// petitions and cabinet visit reports (most with photos) stream in from several employees at once.
// After a restart on the same data folder the database passes integrity_check, every write the
// server acknowledged (a 2xx the client read) is there with its photo, and no photo is left
// without the row it was uploaded for.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { makeJpeg } from "../fixtures/images";
import { assignMachine, insertMachine, SITE, withServerDb } from "../fixtures/machines";
import { adminCookie, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "crash-admin", password: "crash-admin-password-1" };
const ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
const WORKERS = 8;
const HQ = { name: "สำนักงานใหญ่", lat: SITE.lat, lng: SITE.lng, radius_m: 100 };
const DAY = 24 * 60 * 60 * 1000;
// Tuesdays of early 2031 (its first holiday on a Tuesday is 15 April): every petition of one employee is a working day of its own.
const FIRST_TUESDAY = Date.UTC(2031, 0, 7);

type Kind = "checkin" | "checkout" | "petition" | "visit";
type Ack = { kind: Kind; id: number; url: string | null; upload: string | null };
type Worker = { employeeId: number; cookie: string; machineId: number; selfie: boolean };

let server: RunningServer | null = null;

afterAll(async () => {
  await server?.stop();
});

/** The acknowledgement of a write: its id and the URL of its photo, if it has one. */
function ack(kind: Kind, id: unknown, url: unknown): Ack {
  const link = typeof url === "string" ? url : null;
  return { kind, id: Number(id), url: link, upload: link ? link.slice(link.lastIndexOf("/") + 1).replace(/\.[a-z]+$/, "") : null };
}

function form(fields: Record<string, string | number>, file?: { name: string; bytes: Uint8Array }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, String(v));
  if (file) body.set(file.name, new File([new Uint8Array(file.bytes)], `${file.name}.jpg`, { type: "image/jpeg" }));
  return body;
}

/** The columns that point at uploads, found from the schema's foreign keys (so a new one is covered). */
function uploadReferences(sqlite: Database.Database): { table: string; column: string }[] {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
  return tables.flatMap((table) =>
    (sqlite.pragma(`foreign_key_list("${table}")`) as { table: string; from: string }[])
      .filter((fk) => fk.table === "uploads")
      .map((fk) => ({ table, column: fk.from })),
  );
}

test("SIGKILL mid-stream: integrity_check ok, every acknowledged write and its photo kept, no orphan photo", async () => {
  server = await startServer(ENV);
  const running = server;
  const admin = await adminCookie(running, ADMIN);
  const settings = await fetch(`${running.baseUrl}/api/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", Cookie: admin },
    body: JSON.stringify({ offices: [HQ], require_selfie: false }),
  });
  expect(settings.status).toBe(200);
  const photo = await makeJpeg({ width: 640, height: 480 });

  const workers: Worker[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const employee = await linkedEmployee(running, admin, { code: `CR-${i}`, demoUser: `Udemocrash${i}` });
    const machine = withServerDb(running.dataDir, (d) => {
      const m = insertMachine(d);
      assignMachine(d, m.id, employee.id);
      return m;
    });
    workers.push({ employeeId: employee.id, cookie: employee.cookie, machineId: machine.id, selfie: i % 2 === 0 });
  }

  const acks: Ack[] = [];
  const refused: string[] = [];
  let killed = false;
  let cutOff = 0;
  let killing: Promise<void> | null = null;
  const count = (kind: Kind) => acks.filter((a) => a.kind === kind).length;
  const enough = () => count("checkin") === WORKERS && count("petition") >= 10 && count("visit") >= 10 && acks.length >= 48;

  /** One request; a 2xx body read in full is an acknowledgement, a broken connection after the kill is not. */
  async function send(worker: Worker, kind: Kind, path: string, body: FormData, read: (json: Record<string, Record<string, unknown>>) => Ack) {
    let response: Response;
    let json: Record<string, Record<string, unknown>>;
    try {
      response = await fetch(`${running.baseUrl}${path}`, { method: "POST", headers: { Cookie: worker.cookie }, body });
      json = await response.json();
    } catch (error) {
      if (!killed) throw error;
      cutOff += 1;
      return false;
    }
    if (response.status >= 300) {
      refused.push(`${kind} ${response.status} ${JSON.stringify(json)}`);
      return false;
    }
    acks.push(read(json));
    if (!killing && enough()) {
      killed = true;
      killing = running.kill("SIGKILL");
    }
    return true;
  }

  const position = { lat: SITE.lat, lng: SITE.lng, accuracy: 10 };
  async function stream(worker: Worker, index: number) {
    const selfie = worker.selfie ? { name: "photo", bytes: photo } : undefined;
    const checkFields = (type: "in" | "out") => ({ type, ...position, position_at: Date.now(), client_time: new Date().toISOString() });
    const record = (kind: Kind) => (json: Record<string, Record<string, unknown>>) =>
      ack(kind, json.record.id, kind === "checkin" ? json.record.checkin_photo_url : json.record.checkout_photo_url);
    if (!(await send(worker, "checkin", "/api/emp/checkin-out", form(checkFields("in"), selfie), record("checkin")))) return;
    for (let n = 0; !killed; n++) {
      if (n === 1 && index % 2 === 1) {
        if (!(await send(worker, "checkout", "/api/emp/checkin-out", form(checkFields("out"), selfie), record("checkout")))) return;
      }
      const visit = form({ machine_id: worker.machineId, status: "refilled", note: `รอบ ${n}`, ...position }, { name: "photo", bytes: photo });
      const visited = await send(worker, "visit", "/api/emp/machine", visit, (json) => ack("visit", json.visit.id, json.visit.photo_url));
      if (!visited || killed) return;
      const day = new Date(FIRST_TUESDAY + n * 7 * DAY).toISOString().slice(0, 10);
      const petition = form(
        { type: 1, start_date: day, end_date: day, half: "full", reason: `ธุระ ${n}` },
        n % 2 === 0 ? { name: "attachment", bytes: photo } : undefined,
      );
      const filed = await send(worker, "petition", "/api/emp/leave/petition", petition, (json) => ack("petition", json.petition.id, json.petition.attachment_url));
      if (!filed) return;
    }
  }

  await Promise.all(workers.map((w, i) => stream(w, i)));
  expect(refused).toEqual([]);
  expect(killing).not.toBeNull();
  await killing;
  // Requests were in flight when the process died: the kill came in the middle of the stream.
  expect(cutOff).toBeGreaterThan(0);

  const file = path.join(running.dataDir, "tn.sqlite");
  const sqlite = new Database(file);
  try {
    expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(sqlite.pragma("foreign_key_check")).toEqual([]);
  } finally {
    sqlite.close();
  }

  server = await startServer(ENV, { dataDir: running.dataDir });
  const restarted = server;
  const check = new Database(file, { readonly: true });
  try {
    const one = (sql: string, id: number) => check.prepare(sql).get(id) as Record<string, string | number | null> | undefined;
    const uploaded = (id: string) => check.prepare("select length(bytes) as n from uploads where id = ?").pluck().get(id) as number | undefined;
    for (const a of acks) {
      const label = `${a.kind} ${a.id}`;
      let stored: string | number | null | undefined;
      if (a.kind === "checkin" || a.kind === "checkout") {
        const row = one(`select ${a.kind}_at as at, ${a.kind}_photo_upload_id as upload from attendance where id = ?`, a.id);
        expect(row?.at, label).not.toBeNull();
        stored = row?.upload;
      } else if (a.kind === "petition") {
        stored = one("select attachment_upload_id as upload from leave_petitions where id = ?", a.id)?.upload;
        expect(one("select id from leave_petitions where id = ?", a.id), label).toBeDefined();
      } else {
        stored = one("select photo_upload_id as upload from machine_visits where id = ?", a.id)?.upload;
        expect(one("select id from machine_visits where id = ?", a.id), label).toBeDefined();
      }
      expect(stored ?? null, label).toBe(a.upload);
      if (a.upload) expect(uploaded(a.upload), label).toBeGreaterThan(0);
    }
    expect(acks.filter((a) => a.upload).length).toBeGreaterThan(20);

    const references = uploadReferences(check);
    expect(references.map((r) => `${r.table}.${r.column}`)).toEqual(
      expect.arrayContaining(["attendance.checkin_photo_upload_id", "leave_petitions.attachment_upload_id", "machine_visits.photo_upload_id"]),
    );
    const referenced = references.map((r) => `select "${r.column}" from "${r.table}" where "${r.column}" is not null`).join(" union ");
    expect(check.prepare(`select id from uploads where id not in (${referenced})`).pluck().all()).toEqual([]);
  } finally {
    check.close();
  }

  // The restarted server serves the photos and takes new writes.
  const admin2 = await adminCookie(restarted, ADMIN);
  for (const kind of ["checkin", "petition", "visit"] as const) {
    const last = acks.filter((a) => a.kind === kind && a.url).at(-1)!;
    const response = await fetch(`${restarted.baseUrl}${last.url}`, { headers: { Cookie: admin2 } });
    expect(response.status, `${kind} ${last.id}`).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
  }
  const after = await fetch(`${restarted.baseUrl}/api/emp/machine`, {
    method: "POST",
    headers: { Cookie: workers[0].cookie },
    body: form({ machine_id: workers[0].machineId, status: "refilled", ...position }, { name: "photo", bytes: photo }),
  });
  expect(after.status).toBe(201);
}, 240_000);
