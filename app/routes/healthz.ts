import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: () => {
      db().get(sql`select 1`);
      return json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
    },
  },
  { auth: "none" },
);
