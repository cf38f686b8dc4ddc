// Every request gets an id (docs/decisions/054-metrics-and-request-logs.md): the client's or a
// proxy's `X-Request-Id` when it is a plain token, else a new one. It is sent back in the
// `X-Request-Id` header, stamped on every log line of the request and shown as the reference of
// an error page, so a screenshot of that page finds the request in the log.
import crypto from "node:crypto";

const ACCEPTED = /^[A-Za-z0-9-]{8,64}$/;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** The incoming `X-Request-Id` when it is 8–64 letters, digits or dashes (one header), else null. */
export function acceptedRequestId(header) {
  return typeof header === "string" && ACCEPTED.test(header) ? header : null;
}

/** A new id: 12 base32 characters (60 random bits; easy to read out from a screenshot). */
export function newRequestId() {
  const bytes = crypto.randomBytes(12);
  let id = "";
  for (const byte of bytes) id += BASE32[byte & 31];
  return id;
}

const ids = new WeakMap();

/** Gives `req` its id (taken or made), sets the response header and returns the id. */
export function assignRequestId(req, res) {
  const id = acceptedRequestId(req.headers["x-request-id"]) ?? newRequestId();
  ids.set(req, id);
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The id assignRequestId gave `req` (undefined for a request that did not come through it). */
export function requestIdOf(req) {
  return ids.get(req);
}
