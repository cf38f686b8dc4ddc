import { jsonAnswer } from "~/http/answers.server";
import { csvResponse } from "~/lib/csv.server";
import { parseQuery } from "~/lib/validation";
import { AuditQuery, auditCsv, listAuditEntries } from "~/models/audit/audit.server";
import { apiRoute } from "~/http/api-route.server";

/** GET `?entity=&entity_id=&actor=&actor_id=&from=&to=&page=&page_size=`: the audit log, newest first; `format=csv` streams all of it. */
export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => {
      const query = parseQuery(AuditQuery, request);
      if (query.format !== "csv") return jsonAnswer(listAuditEntries(query));
      const range = [query.from, query.to].filter(Boolean).join("-");
      return csvResponse(auditCsv(query), `audit${range ? `-${range}` : ""}.csv`);
    },
  },
  { auth: "admin" },
);
