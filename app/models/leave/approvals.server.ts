import { count, eq } from "drizzle-orm";
import { leavePetitions } from "../../../db/schema";
import { db, keptUntilWrite } from "~/lib/db.server";
import { rowFullName, LeaveStatus } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import type { Page } from "~/lib/validation";
import type { LeaveBalance } from "./rules";
import { activePetitionsBetween, leaveBalances, listPetitions, type PetitionListItem } from "./leave.server";
import { REJECT_NOTE_REQUIRED, rejectNoteMissing } from "~/models/core/decision-note";

/**
 * A rejection without a note (blank counts as none) is refused, 400 with the field `note`, before
 * the petition is looked at: the API, the page and LINE all decide through decideLeave, which asks
 * this first.
 */
export function requireRejectionNote(input: { action: "accept" | "reject"; note: string }) {
  if (rejectNoteMissing(input.action === "reject", input.note)) throw new DomainError(400, "ข้อมูลการพิจารณาไม่ถูกต้อง", { note: REJECT_NOTE_REQUIRED });
}

export type AwayColleague = {
  employee_id: number;
  full_name: string;
  code: string;
  start_date: string;
  end_date: string;
  half: "full" | "morning" | "afternoon";
  status: number;
};

/**
 * A pending petition as the approver needs it: the type's balance if it is approved (`after`:
 * quota − approved − this petition; negative is over quota), what else of that type waits, and who
 * else is away (pending or approved) on any of its dates.
 */
export type PendingPetition = PetitionListItem & {
  balance: { quota: number | null; used: number; after: number | null; other_pending: number };
  /** The first colleagues away (at most AWAY_SHOWN); `away_total` counts them all. */
  away: AwayColleague[];
  away_total: number;
};

/** Colleagues listed per card: in a big office dozens are away any day, and the count says the rest. */
export const AWAY_SHOWN = 10;

/** How many petitions wait for a decision (the tab's badge); kept until a write. */
export const pendingPetitionCount = () =>
  keptUntilWrite("pending petitions", "", () => db().select({ n: count() }).from(leavePetitions).where(eq(leavePetitions.status, LeaveStatus.request)).get()?.n ?? 0);

/** The approval queue, oldest first, every year; one query finds who else is away for the whole page. Kept until a write. */
export function pendingPetitions(query: { page: number; page_size: number }): Page<PendingPetition> {
  return keptUntilWrite("approval queue", `${query.page}|${query.page_size}`, () => readPendingPetitions(query));
}

function readPendingPetitions(query: { page: number; page_size: number }): Page<PendingPetition> {
  const page = listPetitions({ status: LeaveStatus.request, ...query });
  if (page.items.length === 0) return { ...page, items: [] };

  const from = page.items.reduce((m, p) => (p.start_date < m ? p.start_date : m), page.items[0].start_date);
  const to = page.items.reduce((m, p) => (p.end_date > m ? p.end_date : m), page.items[0].end_date);
  const active = activePetitionsBetween(from, to);

  const balances = new Map<string, LeaveBalance[]>();
  const balancesOf = (employeeId: number, year: number) => {
    const key = `${employeeId}:${year}`;
    let found = balances.get(key);
    if (!found) balances.set(key, (found = leaveBalances(employeeId, year)));
    return found;
  };

  const items = page.items.map((p): PendingPetition => {
    const own = p.days - p.next_year_days;
    const b = balancesOf(p.employee_id, p.year).find((x) => x.type === p.type) ?? { quota: 0, used: 0, pending: own };
    const away = new Map<number, AwayColleague>();
    for (const { p: other, e } of active) {
      if (other.employeeId === p.employee_id || other.startDate > p.end_date || other.endDate < p.start_date) continue;
      if (away.has(other.employeeId)) continue;
      away.set(other.employeeId, {
        employee_id: other.employeeId,
        full_name: rowFullName(e),
        code: e.code,
        start_date: other.startDate,
        end_date: other.endDate,
        half: other.half ?? "full",
        status: other.status,
      });
    }
    return {
      ...p,
      balance: {
        quota: b.quota,
        used: b.used,
        after: b.quota === null ? null : b.quota - b.used - own,
        other_pending: Math.max(0, b.pending - own),
      },
      away: [...away.values()].slice(0, AWAY_SHOWN),
      away_total: away.size,
    };
  });
  return { ...page, items };
}
