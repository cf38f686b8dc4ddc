import { jsonAnswer } from "~/http/answers.server";
import { parseQuery } from "~/lib/validation";
import { JobRunsQuery, listJobRuns } from "~/models/core/job-runs.server";
import { apiRoute } from "~/http/api-route.server";

/** GET ?job=&page=&page_size= → {items, total, page, page_size}: the scheduler's runs, newest business day first. */
export const { loader, action } = apiRoute({ GET: ({ request }) => jsonAnswer(listJobRuns(parseQuery(JobRunsQuery, request))) }, { auth: "admin" });
