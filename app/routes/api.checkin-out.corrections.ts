import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { CorrectionListQuery, listCorrections } from "~/models/attendance-correction.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => json(listCorrections(parseQuery(CorrectionListQuery, request))) },
  { auth: "admin" },
);
