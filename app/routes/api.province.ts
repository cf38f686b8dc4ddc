import { jsonAnswer } from "~/http/answers.server";
import { listProvinces } from "~/models/core/address.server";
import { apiRoute } from "~/http/api-route.server";

// Reference data changes only with a package upgrade; per-user cache since the route is admin-only.
const CACHE = { "Cache-Control": "private, max-age=3600" };

export const { loader, action } = apiRoute(
  { GET: () => jsonAnswer({ items: listProvinces() }, { headers: CACHE }) },
  { auth: "admin" },
);
