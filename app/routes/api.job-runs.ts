import { json } from "~/lib/answer-bytes.server";
import { parseQuery } from "~/lib/validation";
import { JobRunsQuery, listJobRuns } from "~/models/job-runs.server";
import { apiRoute } from "~/server/api-route.server";

/** GET ?job=&page=&page_size= → {items, total, page, page_size}: the scheduler's runs, newest business day first. */
export const { loader, action } = apiRoute({ GET: ({ request }) => json(listJobRuns(parseQuery(JobRunsQuery, request))) }, { auth: "admin" });
