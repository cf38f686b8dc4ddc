// What the edge answers itself, before or instead of Remix (docs/decisions/039-slow-bodies-and-bad-requests.md):
// Thai JSON `{error}` for the API and Remix data requests, a small Thai page otherwise. It works
// on a plain Node response as well as on express's, because some requests are refused before
// express has looked at them.

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

/** One line in the log for a refused request: what, where, why. The target is cut short and quoted. */
export function logRefusal(req, status, reason) {
  const target = JSON.stringify(String(req.originalUrl ?? req.url ?? "").slice(0, 200));
  console.warn(`refused ${String(req.method).slice(0, 20)} ${target}: ${status} ${reason}`);
}
