import { json } from "@remix-run/node";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ admin }) => json({ user: { username: admin.username, permission: admin.permission } }) },
  { auth: "admin" },
);
