import { json } from "~/lib/answer-bytes.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ admin }) => json({ user: { username: admin.username, permission: admin.permission } }) },
  { auth: "admin" },
);
