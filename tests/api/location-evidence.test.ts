// The location flags (issue 38 §2) against the built server on a moved clock (libfaketime, its time
// read from a file the test rewrites, as in ledger-writers.test.ts): speed depends on time. Each
// flag comes with its evidence and sends its side to the review queue; an honest week at the office
// raises none; a cabinet visit far from the morning's check-in an hour later is flagged.
import { assignMachine, insertMachine, north, withServerDb } from "../fixtures/machines";
import { adminCookie, apiClient, cookieFrom, movableClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "location-evidence-admin", password: "location-evidence-password" };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 150 };
/** 100 km north: inside its own fence, so only the trip is wrong. */
const BRANCH = { name: "สาขาเหนือ", ...north(100_000), radius_m: 150 };
const SETUP = "2026-12-07"; // Monday: the offices are configured
// Tuesday to the next Monday; the tests run in order and the clock only moves forward.
const DAYS = ["2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11", "2026-12-12", "2026-12-14"] as const;

let now = new Date();
let server: RunningServer;
let admin: string;
let moved: ReturnType<typeof movableClock>;
const api = apiClient(() => server, () => admin);

/** Moves the server's clock to `time` (HH:mm) on `date` in Bangkok; it runs on from there. */
function clock(date: string, time: string) {
  now = new Date(`${date}T${time}:00+07:00`);
  moved.set(now);
}

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

type Employee = { id: number; code: string; emp: string; lineUser: string };
type Record = { id: number; checkin_at: string; checkout_at: string | null; flags: string[]; flag_evidence: { [flag: string]: unknown }; checkin_review: string; checkout_review: string; review_status: string };

/** A fresh tn_emp cookie for a LINE user: the cookie lasts 7 days of the (moved) clock. */
async function signIn(lineUser: string) {
  const authen = await api("/api/emp/authen", { method: "POST", anonymous: true, json: { idToken: `demo:${lineUser}` } });
  const emp = cookieFrom(authen, "tn_emp");
  if (!emp) throw new Error(`authen: ${authen.status}`);
  return emp;
}

let demo = 0;
async function linked(code: string): Promise<Employee> {
  const { employee } = await ok(await api("/api/employee", { method: "POST", json: { code, title: 1, first_name: "พิกัด", last_name: code } }), 201);
  const { code: verify } = await ok(await api(`/api/employee/${employee.id}/verify-code`, { method: "POST" }));
  demo += 1;
  const lineUser = `Udemo38${demo}`;
  const emp = await signIn(lineUser);
  await ok(await api("/api/emp/verify", { method: "POST", anonymous: true, headers: { Cookie: emp }, json: { employee_code: code, verify_code: verify } }));
  return { id: employee.id, code, emp, lineUser };
}

type Where = { lat: number; lng: number; accuracy: number };
const at = (metres: number, accuracy: number): Where => ({ ...north(metres), accuracy });

/** A check-in or check-out at the server's (moved) clock from `where`, with no selfie (not required here). */
async function check(e: Employee, type: "in" | "out", where: Where): Promise<Record> {
  const form = new FormData();
  const fields = { type, lat: where.lat, lng: where.lng, accuracy: where.accuracy, position_at: now.getTime(), client_time: now.toISOString() };
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  const body = await ok(await api("/api/emp/checkin-out", { method: "POST", anonymous: true, headers: { Cookie: e.emp }, body: form }), 201);
  return body.record;
}

/** The flags besides `no_selfie` (informational: these check-ins send no selfie). */
const flagsOf = (r: { flags: string[] }) => r.flags.filter((f) => f !== "no_selfie");

async function queued(recordId: number): Promise<Record | undefined> {
  const { items } = await ok(await api("/api/checkin-out/review?status=pending&page_size=100"));
  return items.map((i: { record: Record }) => i.record).find((r: Record) => r.id === recordId);
}

let traveller: Employee, replayer: Employee, steady: Employee, exact: Employee, honest: Employee, visitor: Employee;

beforeAll(async () => {
  moved = movableClock();
  clock(SETUP, "09:00");
  server = await startServer({
    ...moved.env,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  admin = await adminCookie(server, ADMIN);
  await ok(await api("/api/settings", { method: "PUT", json: { offices: [HQ, BRANCH], require_selfie: false, outside_radius: "review" } }));
  traveller = await linked("LE-TRAVEL");
  replayer = await linked("LE-REPLAY");
  steady = await linked("LE-STEADY");
  exact = await linked("LE-EXACT");
  honest = await linked("LE-HONEST");
  visitor = await linked("LE-VISIT");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  moved?.restore();
});

describe("location flags, in time order over a week", () => {
  test("impossible_travel: in at HQ 08:00, out at the branch 100 km away at 08:30 → the check-out to review with both points", async () => {
    clock(DAYS[0], "08:00");
    const checkin = await check(traveller, "in", at(0, 12));
    expect(flagsOf(checkin)).toEqual([]);
    clock(DAYS[0], "08:30");
    const out = await check(traveller, "out", { ...north(100_000), accuracy: 15 });
    expect(flagsOf(out)).toEqual(["impossible_travel"]);
    expect(out).toMatchObject({ checkin_review: "none", checkout_review: "pending", review_status: "pending" });
    const evidence = {
      impossible_travel: {
        checkout: {
          // The server's clock runs on from the moved time: its own instants.
          from: { ...north(0), at: checkin.checkin_at, kind: "checkin" },
          to: { ...north(100_000), at: out.checkout_at, kind: "checkout" },
          distance_m: 100_000,
          minutes: 30,
          speed_kmh: 200,
        },
      },
    };
    expect(out.flag_evidence).toEqual(evidence);
    expect((await queued(out.id))?.flag_evidence).toEqual(evidence);
  });

  test("position_accuracy_suspect below 1 m: the check-in to review with its accuracy", async () => {
    clock(DAYS[0], "09:00");
    const record = await check(exact, "in", at(5, 0.5));
    expect(flagsOf(record)).toEqual(["position_accuracy_suspect"]);
    expect(record.checkin_review).toBe("pending");
    expect(record.flag_evidence).toEqual({ position_accuracy_suspect: { checkin: { accuracies: [0.5], rule: "below_1m" } } });
    expect(await queued(record.id)).toBeDefined();
  });

  test("a cabinet visit 300 km from the morning's check-in an hour later carries the flag and the trip", async () => {
    const far = north(300_000);
    const machine = withServerDb(server.dataDir, (d) => {
      const m = insertMachine(d, { type: 1, ...far });
      assignMachine(d, m.id, visitor.id);
      return m;
    });
    clock(DAYS[0], "10:00");
    const checkin = await check(visitor, "in", at(-20, 16));
    expect(flagsOf(checkin)).toEqual([]);
    clock(DAYS[0], "11:00");
    const { visit } = await ok(
      await api("/api/emp/machine", { method: "POST", anonymous: true, headers: { Cookie: visitor.emp }, json: { machine_id: machine.id, status: "refilled", ...far, accuracy: 18 } }),
      201,
    );
    const evidence = {
      impossible_travel: {
        from: { ...north(-20), at: checkin.checkin_at, kind: "checkin" },
        to: { ...far, at: visit.visited_at, kind: "visit" },
        distance_m: 300_020,
        minutes: 60,
        speed_kmh: 300,
      },
    };
    expect(visit).toMatchObject({ flags: ["impossible_travel"], flag_evidence: evidence });
    const { items } = await ok(await api(`/api/machine/visits?date=${DAYS[0]}`));
    expect(items.find((v: { id: number }) => v.id === visit.id)).toMatchObject({ flags: ["impossible_travel"], flag_evidence: evidence });
  });

  test("repeated_position: the very same point as the check-in of another day (to 6 decimals)", async () => {
    const P = { lat: 13.756312, lng: 100.501845 };
    clock(DAYS[0], "12:00");
    expect(flagsOf(await check(replayer, "in", { ...P, accuracy: 12 }))).toEqual([]);
    clock(DAYS[1], "08:15");
    const replay = await check(replayer, "in", { lat: 13.7563121, lng: 100.5018449, accuracy: 14 });
    expect(flagsOf(replay)).toEqual(["repeated_position"]);
    expect(replay.checkin_review).toBe("pending");
    expect(replay.flag_evidence).toEqual({ repeated_position: { checkin: { date: DAYS[0], side: "checkin", ...P } } });
    expect((await queued(replay.id))?.flags).toContain("repeated_position");
  });

  test("position_accuracy_suspect: ±20 m exactly on five punches in a row, flagged on the fifth with the five", async () => {
    const punches: [string, string, "in" | "out"][] = [
      [DAYS[1], "08:20", "in"],
      [DAYS[1], "17:20", "out"],
      [DAYS[2], "08:20", "in"],
      [DAYS[2], "17:20", "out"],
      [DAYS[3], "08:20", "in"],
    ];
    const flags: string[][] = [];
    let last: Record | undefined;
    for (const [i, [date, time, type]] of punches.entries()) {
      clock(date, time);
      last = await check(steady, type, at(i * 3, 20));
      flags.push(flagsOf(last));
    }
    expect(flags).toEqual([[], [], [], [], ["position_accuracy_suspect"]]);
    expect(last?.checkin_review).toBe("pending");
    expect(last?.flag_evidence).toEqual({ position_accuracy_suspect: { checkin: { accuracies: [20, 20, 20, 20, 20], rule: "same" } } });
  });

  test("an honest employee over three days at the office (GPS jitter, varied accuracies) raises nothing", async () => {
    const punches: [string, string, "in" | "out", Where][] = [
      [DAYS[3], "08:25", "in", at(-12, 14)],
      [DAYS[3], "17:31", "out", at(9, 22.5)],
      // A check-out two minutes after the check-in, 60 m away: GPS noise, not a trip.
      [DAYS[4], "08:27", "in", at(-31, 35)],
      [DAYS[4], "08:29", "out", at(29, 33)],
      [DAYS[5], "08:24", "in", at(4, 8.2)],
      [DAYS[5], "17:40", "out", at(17, 19)],
    ];
    const records: Record[] = [];
    clock(DAYS[3], "08:00");
    honest.emp = await signIn(honest.lineUser);
    for (const [date, time, type, where] of punches) {
      clock(date, time);
      records.push(await check(honest, type, where));
    }
    for (const r of records) {
      expect(flagsOf(r)).toEqual([]);
      expect(r.flag_evidence).toEqual({});
      expect(r.review_status).toBe("none");
    }
  });
});
