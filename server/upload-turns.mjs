// How many uploads arrive at once (docs/decisions/039-slow-bodies-and-bad-requests.md): while its
// body arrives, each request whose body the edge does not read at once (server/body-limit.mjs)
// holds a turn.

/**
 * Uploads sent at once: by one client (its session, or its address without one), from one address
 * (an office's phones share one), and in all.
 */
export const UPLOADS_PER_CLIENT = 4;
export const UPLOADS_PER_ADDRESS = 12;
export const UPLOADS_AT_ONCE = 16;
/** The session cookies (app/lib/session.server.ts, employee-session.server.ts) that tell clients behind one address apart. */
export const SESSION_COOKIES = ["tn_admin", "tn_emp"];
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export const BUSY_MESSAGES = {
  client: "มีการส่งไฟล์จากเครื่องนี้พร้อมกันหลายรายการเกินไป กรุณารอให้รายการก่อนหน้าเสร็จแล้วลองใหม่",
  address: "มีการส่งไฟล์จากเครือข่ายนี้พร้อมกันหลายรายการเกินไป กรุณารอสักครู่แล้วลองใหม่",
  server: "ขณะนี้มีการส่งไฟล์เข้ามาพร้อมกันจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่",
};

/**
 * The upload turns: at most `perClient` for one client, `perAddress` from one address and
 * `atOnce` in all. `take` answers which limit refuses the upload, or null and counts it until
 * `give`. A client is its session cookie when it sends one, else its address: a forged cookie
 * changes only which client a turn is counted for, never the address's or the total.
 */
export function uploadTurns({ perClient = UPLOADS_PER_CLIENT, perAddress = UPLOADS_PER_ADDRESS, atOnce = UPLOADS_AT_ONCE } = {}) {
  const byClient = new Map();
  const byAddress = new Map();
  let total = 0;
  const add = (map, key, n) => {
    const count = (map.get(key) ?? 0) + n;
    if (count > 0) map.set(key, count);
    else map.delete(key);
  };
  return {
    /** @param {{ client: string, address: string }} who */
    take({ client, address }) {
      if ((byClient.get(client) ?? 0) >= perClient) return "client";
      if ((byAddress.get(address) ?? 0) >= perAddress) return "address";
      if (total >= atOnce) return "server";
      add(byClient, client, 1);
      add(byAddress, address, 1);
      total++;
      return null;
    },
    give({ client, address }) {
      add(byClient, client, -1);
      add(byAddress, address, -1);
      total = Math.max(0, total - 1);
    },
    stats: () => ({ total, clients: byClient.size, addresses: byAddress.size }),
  };
}

/** Who sends a request, for the upload turns: its session cookie, else its address. */
export function uploader(req) {
  const address = String(req.headers["x-tn-client-ip"] ?? req.socket?.remoteAddress ?? "unknown");
  const sessions = [];
  for (const pair of String(req.headers.cookie ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && SESSION_COOKIES.includes(pair.slice(0, at).trim())) sessions.push(pair.trim().slice(0, 300));
  }
  return { client: sessions.length ? sessions.sort().join(";") : `address ${address}`, address };
}
