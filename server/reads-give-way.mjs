// Under load, the employees go first (docs/decisions/029-employees-first-under-load.md).
//
// Node serves requests in the order their work reaches the event loop, so on a saturated server a
// check-in waited behind every admin read already in progress: the daily view's 1,000 rows, a search,
// a page, each one long synchronous piece of work. Here an admin's read (GET or HEAD outside the
// employees' LIFF pages and `/api/emp/`) waits its turn while any write is being served, and at most
// READS_AT_ONCE of them run at once; writes and the employees' own requests never wait. A read that
// has waited MAX_READ_WAIT_MS goes ahead anyway when a turn is free, and a turn is held at most
// HOLD_AT_MOST_MS, so admin reads slow down under load but never stop.

import { hasBody } from "./body-limit.mjs";

/** How many admin reads are served at once. */
export const READS_AT_ONCE = 2;
/** The longest a read gives way to writes before it runs anyway (once one of the turns is free). */
export const MAX_READ_WAIT_MS = 60;

/**
 * A request stops counting when it is answered, or after this long whatever it is doing: a big
 * download to a slow client, or a write waiting on LINE, is the network's time, not the server's.
 * It also bounds what a connection that never gets its answer (a pipelined request whose client
 * left) can hold.
 */
export const HOLD_AT_MOST_MS = 1000;

/**
 * Reads that never wait: the employees' side (the LIFF pages and their API) and stored pictures.
 * Both are small; a page of 50 thumbnails two at a time behind the writes would crawl.
 */
const NEVER_WAITS = /^\/(employee|api\/emp|uploads)(\/|$)/;

const isRead = (req) => req.method === "GET" || req.method === "HEAD";

/**
 * The client left before the request reached the gate: its response's 'close' has been emitted
 * already and will not come again, so a request counted or queued now would hold its turn until
 * HOLD_AT_MOST_MS. (A load generator stopping, a browser tab closed, a phone losing its network.)
 */
const clientGone = (req, res) => res.destroyed === true || req.socket?.destroyed === true;

/**
 * The reads that give way. Never: those above, the liveness probe (it must answer
 * while the server is busy) and CSV exports, which stream for seconds and yield to every other
 * request between their chunks.
 */
export function waitsItsTurn(req) {
  if (!isRead(req) || req.path === "/healthz" || NEVER_WAITS.test(req.path)) return false;
  return req.query?.format !== "csv";
}

/**
 * Express middleware. `now`, `setTimer` and `clearTimer` are for tests.
 * @param {{ readsAtOnce?: number, maxWaitMs?: number, holdAtMostMs?: number, now?: () => number,
 *   setTimer?: (fn: () => void, ms: number) => unknown, clearTimer?: (timer: any) => void }} [options]
 * @returns {((req: any, res: any, next: () => void) => void) & { stats(): { writes: number, reads: number, waiting: number } }}
 */
export function readsGiveWay({
  readsAtOnce = READS_AT_ONCE,
  maxWaitMs = MAX_READ_WAIT_MS,
  holdAtMostMs = HOLD_AT_MOST_MS,
  now = () => performance.now(),
  setTimer = (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimer = (timer) => clearTimeout(timer),
} = {}) {
  let writes = 0;
  let reads = 0;
  /** @type {{ since: number, go: () => void }[]} */
  const waiting = [];
  let timer = null;

  function pump() {
    while (waiting.length && reads < readsAtOnce && (writes === 0 || now() - waiting[0].since >= maxWaitMs)) {
      waiting.shift().go();
    }
    if (timer) clearTimer(timer);
    timer = null;
    // Writes are what hold the oldest read back: wake when its wait is over.
    if (waiting.length && reads < readsAtOnce) {
      timer = setTimer(pump, Math.max(0, waiting[0].since + maxWaitMs - now()));
    }
  }

  /** Counts one request until its answer is out, or for holdAtMostMs at the longest. */
  function hold(res, release) {
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      clearTimer(holding);
      release();
      pump();
    };
    const holding = setTimer(giveBack, holdAtMostMs);
    res.once("close", giveBack);
  }

  function middleware(req, res, next) {
    if (clientGone(req, res)) return next();
    if (!waitsItsTurn(req)) {
      if (isRead(req)) return next();
      // A write counts once its body is here: a photo still uploading over a phone's network is
      // no work for the server yet, and must not hold the admins' reads back.
      const begin = () => {
        writes++;
        hold(res, () => writes--);
      };
      if (req.complete || !hasBody(req)) begin();
      else {
        req.once("end", begin);
        res.once("close", () => req.off("end", begin));
      }
      return next();
    }
    const entry = {
      since: now(),
      go() {
        reads++;
        hold(res, () => reads--);
        next();
      },
    };
    // A client that leaves while its read waits takes nothing with it.
    res.once("close", () => {
      const at = waiting.indexOf(entry);
      if (at >= 0) waiting.splice(at, 1);
    });
    waiting.push(entry);
    pump();
  }

  middleware.stats = () => ({ writes, reads, waiting: waiting.length });
  return middleware;
}
