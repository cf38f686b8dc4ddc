// The data of /admin/vending-machine's report tab (tab key `visits`). Its query-string keys carry a
// `visit_` prefix so they never collide with the registry tab's filters on the same page.
import { z } from "zod";
import { workDate } from "~/lib/business-day.server";
import { DomainError } from "~/lib/errors";
import { idField, isoDate, queryInt } from "~/lib/validation";
import { dailyVisits, visitHistory, openProblems } from "./visit.server";

const REPORT_PAGE_SIZE = 20;

const Params = z.object({
  visit_date: isoDate("วันที่").optional().catch(undefined),
  visit_page: queryInt("เลขหน้า", { fallback: 1 }).catch(1),
  visit_machine: idField("รหัสตู้").optional().catch(undefined),
  visit_machine_page: queryInt("เลขหน้า", { fallback: 1 }).catch(1),
});

/**
 * A day's visits (`visit_date`, default today; `visit_page`), the open problems, and one
 * machine's history when `visit_machine` is set (`visit_machine_page`). A value that does not
 * parse falls back to its default: a page never fails on a hand-edited address.
 */
export function loadMachineReports(params: URLSearchParams, now: Date = new Date()) {
  const p = Params.parse(Object.fromEntries(params));
  const today = workDate(now);
  const date = p.visit_date ?? today;
  let history: ReturnType<typeof visitHistory> | null = null;
  if (p.visit_machine) {
    try {
      history = visitHistory(p.visit_machine, { page: p.visit_machine_page, page_size: REPORT_PAGE_SIZE });
    } catch (error) {
      // An unknown machine id in the address: no drawer, the rest of the tab still shows.
      if (!(error instanceof DomainError && error.status === 404)) throw error;
    }
  }
  return {
    today,
    daily: dailyVisits(date, { page: p.visit_page, page_size: REPORT_PAGE_SIZE }),
    problems: openProblems(),
    history,
  };
}
export type MachineReportsData = ReturnType<typeof loadMachineReports>;
