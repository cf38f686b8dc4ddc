import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

export function loader() {
  db().get(sql`select 1`);
  return json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
