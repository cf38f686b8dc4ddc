import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ admin }) => jsonAnswer({ user: { username: admin.username, permission: admin.permission } }) },
  { auth: "admin" },
);
