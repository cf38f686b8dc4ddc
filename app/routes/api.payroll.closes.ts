import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { listCloses } from "~/models/payroll/close.server";

/** GET → `{ closes: [{ month, closed_at, closed_by, closed_by_name }] }`, newest month first. */
export const { loader, action } = apiRoute({ GET: () => jsonAnswer({ closes: listCloses() }) }, { auth: "admin" });
