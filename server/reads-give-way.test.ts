import { EventEmitter } from "node:events";
import { HOLD_AT_MOST_MS, MAX_READ_WAIT_MS, READS_AT_ONCE, readsGiveWay, waitsItsTurn } from "./reads-give-way.mjs";

type FakeRequest = EventEmitter & {
  method: string;
  path: string;
  query: Record<string, string>;
  complete: boolean;
  headers: Record<string, string>;
};
type Fake = { req: FakeRequest; res: EventEmitter; passed: boolean };

function setUp(options: { readsAtOnce?: number; maxWaitMs?: number } = {}) {
  let clock = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const gate = readsGiveWay({
    ...options,
    now: () => clock,
    setTimer: (fn: () => void, ms: number) => {
      const timer = { at: clock + ms, fn };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      const at = timers.indexOf(timer as (typeof timers)[number]);
      if (at >= 0) timers.splice(at, 1);
    },
  });
  const send = (method: string, path = "/api/x", query: Record<string, string> = {}, complete = true, length = "10"): Fake => {
    const req = Object.assign(new EventEmitter(), { method, path, query, complete, headers: { "content-length": length } });
    const fake: Fake = { req, res: new EventEmitter(), passed: false };
    gate(fake.req, fake.res, () => (fake.passed = true));
    return fake;
  };
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.filter((t) => t.at <= clock)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fn();
    }
  };
  const done = (fake: Fake) => fake.res.emit("close");
  return { gate, send, advance, done };
}

test("the defaults: two reads at once, a read gives way for at most 60 ms and holds its turn at most 1 s", () => {
  expect(READS_AT_ONCE).toBe(2);
  expect(MAX_READ_WAIT_MS).toBe(60);
  expect(HOLD_AT_MOST_MS).toBe(1000);
});

test("with nothing else in flight a read goes at once; writes never wait", () => {
  const { send, gate } = setUp();
  const read = send("GET");
  expect(read.passed).toBe(true);
  const writes = ["POST", "PUT", "PATCH", "DELETE"].map((m) => send(m));
  expect(writes.every((w) => w.passed)).toBe(true);
  expect(gate.stats()).toEqual({ writes: 4, reads: 1, waiting: 0 });
});

test("a read waits while a write is served and goes when the last write is answered", () => {
  const { send, done, advance, gate } = setUp();
  const first = send("POST");
  const second = send("POST");
  const read = send("GET");
  expect(read.passed).toBe(false);
  advance(10);
  done(first);
  expect(read.passed).toBe(false);
  done(second);
  expect(read.passed).toBe(true);
  expect(gate.stats()).toEqual({ writes: 0, reads: 1, waiting: 0 });
});

test("a write whose body is still arriving (a streamed upload) holds no read back until it is all here", () => {
  const { send, done, gate } = setUp();
  const upload = send("POST", "/api/emp/checkin-out", {}, false);
  expect(upload.passed).toBe(true);
  expect(send("GET").passed).toBe(true);
  upload.req.emit("end");
  expect(gate.stats().writes).toBe(1);
  expect(send("GET").passed).toBe(false);
  done(upload);
  expect(gate.stats()).toEqual({ writes: 0, reads: 2, waiting: 0 });
  const abandoned = send("POST", "/api/emp/checkin-out", {}, false);
  done(abandoned);
  abandoned.req.emit("end");
  expect(gate.stats().writes).toBe(0);
});

test("a write without a body counts at once, although Node calls its body complete only after the answer", () => {
  const { send, done, gate } = setUp();
  const cancel = send("POST", "/api/emp/leave/cancel", {}, false, "0");
  expect(gate.stats().writes).toBe(1);
  expect(send("GET").passed).toBe(false);
  done(cancel);
  cancel.req.emit("end");
  expect(gate.stats()).toEqual({ writes: 0, reads: 1, waiting: 0 });
});

test("a write stops counting after a second even if its answer never goes out (a client that left a pipelined request)", () => {
  const { send, advance, gate } = setUp();
  send("POST");
  const read = send("GET");
  advance(60);
  expect(read.passed).toBe(true);
  advance(940);
  expect(gate.stats().writes).toBe(0);
  expect(send("GET").passed).toBe(true);
});

test("a read that has given way for the longest wait goes even though writes keep coming", () => {
  const { send, advance } = setUp({ maxWaitMs: 150 });
  send("POST");
  const read = send("GET");
  advance(149);
  send("POST");
  expect(read.passed).toBe(false);
  advance(1);
  expect(read.passed).toBe(true);
});

test("at most two reads at once, in the order they came", () => {
  const { send, done, gate } = setUp();
  const reads = [send("GET"), send("GET"), send("HEAD"), send("GET")];
  expect(reads.map((r) => r.passed)).toEqual([true, true, false, false]);
  done(reads[1]);
  expect(reads.map((r) => r.passed)).toEqual([true, true, true, false]);
  done(reads[0]);
  expect(reads[3].passed).toBe(true);
  expect(gate.stats()).toEqual({ writes: 0, reads: 2, waiting: 0 });
});

test("a read gives its turn back after a second even while its answer is still going out", () => {
  const { send, done, advance, gate } = setUp();
  const slow = [send("GET"), send("GET")];
  const next = send("GET");
  advance(999);
  expect(next.passed).toBe(false);
  advance(1);
  expect(next.passed).toBe(true);
  expect(gate.stats()).toEqual({ writes: 0, reads: 1, waiting: 0 });
  slow.forEach(done); // already given back: counted once
  expect(gate.stats()).toEqual({ writes: 0, reads: 1, waiting: 0 });
  done(next);
  expect(gate.stats()).toEqual({ writes: 0, reads: 0, waiting: 0 });
});

test("a client that leaves while its read waits takes no turn", () => {
  const { send, done, gate } = setUp();
  const write = send("POST");
  const gone = send("GET");
  const next = send("GET");
  done(gone);
  expect(gate.stats().waiting).toBe(1);
  done(write);
  expect(gone.passed).toBe(false);
  expect(next.passed).toBe(true);
  expect(gate.stats()).toEqual({ writes: 0, reads: 1, waiting: 0 });
});

test("the employees' reads, pictures, the liveness probe and CSV exports never wait", () => {
  const { send, gate } = setUp();
  send("POST");
  for (const path of ["/employee", "/employee/checkin-out", "/api/emp/checkin-out/today", "/api/emp/leave/history", "/uploads/faces/x.jpg"]) {
    expect(send("GET", path).passed).toBe(true);
  }
  expect(gate.stats()).toEqual({ writes: 1, reads: 0, waiting: 0 });
  for (const path of ["/admin/employee", "/api/employee", "/api/checkin-out/daily", "/employees", "/api/employee/3"]) {
    expect(send("GET", path).passed).toBe(false);
  }
  expect(send("GET", "/healthz").passed).toBe(true);
  expect(send("GET", "/api/checkin-out", { format: "csv" }).passed).toBe(true);
  expect(send("GET", "/api/checkin-out").passed).toBe(false);
  expect(waitsItsTurn({ method: "OPTIONS", path: "/api/x", query: {} })).toBe(false);
});

test("a request whose client left before it reached the gate is neither queued nor counted (its 'close' came already)", () => {
  const { send, gate } = setUp();
  const write = send("POST");
  const gone = (method: string, how: "socket" | "response") => {
    const req = Object.assign(new EventEmitter(), { method, path: "/api/x", query: {}, complete: true, headers: {}, socket: { destroyed: how === "socket" } });
    const res = Object.assign(new EventEmitter(), { destroyed: how === "response" });
    let passed = false;
    gate(req, res, () => (passed = true));
    return passed;
  };
  expect(gone("GET", "socket")).toBe(true);
  expect(gone("GET", "response")).toBe(true);
  expect(gone("POST", "socket")).toBe(true);
  expect(gate.stats()).toEqual({ writes: 1, reads: 0, waiting: 0 });
  expect(write.passed).toBe(true);
});
