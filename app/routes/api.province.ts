import { json } from "~/lib/answer-bytes.server";
import { listProvinces } from "~/models/address.server";
import { apiRoute } from "~/server/api-route.server";

// Reference data changes only with a package upgrade; per-user cache since the route is admin-only.
const CACHE = { "Cache-Control": "private, max-age=3600" };

export const { loader, action } = apiRoute(
  { GET: () => json({ items: listProvinces() }, { headers: CACHE }) },
  { auth: "admin" },
);
