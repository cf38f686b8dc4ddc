import { jsonAnswer } from "~/http/answers.server";
import { apiRoute } from "~/http/api-route.server";
import { listKiosks } from "~/models/kiosk/kiosks.server";

/** GET → `{ items: [{ id, office, paired_at, last_seen_at, revoked_at, office_exists }] }` (ADR 050). */
export const { loader, action } = apiRoute({ GET: () => jsonAnswer(listKiosks()) }, { auth: "admin" });
