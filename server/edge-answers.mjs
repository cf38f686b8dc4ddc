// What the edge answers itself, before or instead of Remix (docs/decisions/039-slow-bodies-and-bad-requests.md):
// Thai JSON `{error}` for the API and Remix data requests, a small Thai page otherwise. It works
// on a plain Node response as well as on express's, because some requests are refused before
// express has looked at them.
import { requestIdOf } from "./request-id.mjs";

/** Whether the client expects JSON: an /api path, a Remix `_data` request, or an Accept naming JSON. Reads the raw target only. */
export function wantsJsonAnswer(req) {
  const target = String(req.originalUrl ?? req.url ?? "");
  const path = target.split("?")[0].toLowerCase();
  return path.startsWith("/api/") || /[?&]_data(=|&|$)/.test(target) || /json/i.test(String(req.headers.accept ?? ""));
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Sends one refusal. `close` asks the client to open a new connection for its next request (the
 * body of this one was not read, so the connection cannot be reused safely).
 * @param {{ status: number, title: string, message: string, pageMessage?: string, headers?: Record<string, string>, close?: boolean, json?: boolean }} answer
 *   `pageMessage` is the page's text when it says more than the JSON `error`; `json` when the
 *   caller knows better than {@link wantsJsonAnswer}.
 */
export function sendEdgeAnswer(req, res, { status, title, message, pageMessage = message, headers = {}, close = false, json = wantsJsonAnswer(req) }) {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "private, no-store");
  if (close) res.setHeader("Connection", "close");
  let body;
  if (json) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    body = JSON.stringify({ error: message });
  } else {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    body =
      `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(pageMessage)}</p><p><a href="/">กลับหน้าแรก</a></p></body></html>`;
  }
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A JSON log line like the app's logger writes, for tests and anything that runs without it. */
const jsonWarning = {
  warn: (fields, message) => console.warn(JSON.stringify({ level: "warn", time: new Date().toISOString(), ...fields, msg: message })),
};
let logger = jsonWarning;

/** The app's logger (app/lib/log.server.ts), which server.mjs hands over once the build is loaded. */
export function setEdgeLogger(appLogger) {
  logger = appLogger ?? jsonWarning;
}

/**
 * One line in the log for a refused request: what, where, why, and the request's id (named here:
 * a refusal may come from a timer or a stream's event, outside the request's scope). The target is
 * cut short and quoted.
 */
export function logRefusal(req, status, reason) {
  const target = JSON.stringify(String(req.originalUrl ?? req.url ?? "").slice(0, 200));
  logger.warn({ req_id: requestIdOf(req) }, `refused ${String(req.method).slice(0, 20)} ${target}: ${status} ${reason}`);
}
