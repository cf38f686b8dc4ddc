import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { CorrectionListQuery, listCorrections } from "~/models/attendance/correction.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  { GET: ({ request }) => jsonAnswer(listCorrections(parseQuery(CorrectionListQuery, request))) },
  { auth: "admin" },
);
