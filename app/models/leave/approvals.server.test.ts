import { beforeEach, describe, expect, it } from "vitest";
import { leavePetitions } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { DomainError } from "~/lib/errors";
import { listAudit } from "~/models/audit/audit.server";
import { settleNotices } from "~/models/line/notifier.server";
import { AWAY_SHOWN, pendingPetitionCount, pendingPetitions } from "./approvals.server";
import { REJECT_NOTE_REQUIRED } from "~/models/core/decision-note";
import { decideLeave } from "./notices.server";
import { setLeaveQuota } from "./quota.server";
import { PetitionSchema } from "./schema";
import { createPetition, decidePetition, transitionPetition } from "./leave.server";

const admin = { type: "admin" as const, id: null };
const file = (employeeId: number, over: Record<string, unknown>) =>
  createPetition(
    employeeId,
    PetitionSchema.parse({ type: 1, reason: "ธุระ", ...over }),
    null,
    { type: "employee", id: employeeId },
  );
const page = { page: 1, page_size: 20 };

beforeEach(() => {
  db().delete(leavePetitions).run();
});

describe("pendingPetitions", () => {
  it("lists every year's pending petitions, oldest filed first, and counts them", async () => {
    const a = newEmployee();
    const first = await file(a.id, { start_date: "2026-03-02", end_date: "2026-03-02" });
    const second = await file(a.id, { start_date: "2025-12-22", end_date: "2025-12-22" });
    const decided = await file(a.id, { start_date: "2026-04-07", end_date: "2026-04-07" });
    decidePetition({ id: decided.id, action: "accept", note: "" }, admin);
    const result = pendingPetitions(page);
    expect(result.items.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(result.total).toBe(2);
    expect(pendingPetitionCount()).toBe(2);
    expect(pendingPetitions({ page: 2, page_size: 1 }).items.map((p) => p.id)).toEqual([second.id]);
  });

  it("gives the type's balance after approval, negative over quota, and what else of it waits", async () => {
    const a = newEmployee();
    setLeaveQuota({ employee_id: a.id, year: 2026, type: 1, quota: 4 }, admin);
    const approved = await file(a.id, { start_date: "2026-03-04", end_date: "2026-03-05" });
    decidePetition({ id: approved.id, action: "accept", note: "" }, admin);
    const p1 = await file(a.id, { start_date: "2026-03-09", end_date: "2026-03-11" });
    const p2 = await file(a.id, { start_date: "2026-03-16", end_date: "2026-03-16", half: "morning" });
    const sick = await file(a.id, { type: 2, start_date: "2026-03-18", end_date: "2026-03-18" });
    const byId = new Map(pendingPetitions(page).items.map((p) => [p.id, p]));
    expect(byId.get(p1.id)?.balance).toEqual({ quota: 4, used: 2, after: -1, other_pending: 0.5 });
    expect(byId.get(p2.id)?.balance).toEqual({ quota: 4, used: 2, after: 1.5, other_pending: 3 });
    expect(byId.get(sick.id)?.balance).toEqual({ quota: 30, used: 0, after: 29, other_pending: 0 });
  });

  it("names who else is away, pending or approved, on any of the dates; not the employee, not refused or cancelled leave", async () => {
    const [a, b, c, d, e] = [newEmployee(), newEmployee(), newEmployee(), newEmployee(), newEmployee()];
    const mine = await file(a.id, { start_date: "2026-03-09", end_date: "2026-03-11" });
    await file(a.id, { start_date: "2026-03-12", end_date: "2026-03-12" });
    const bApproved = await file(b.id, { start_date: "2026-03-11", end_date: "2026-03-13" });
    decidePetition({ id: bApproved.id, action: "accept", note: "" }, admin);
    await file(c.id, { start_date: "2026-03-05", end_date: "2026-03-09", half: undefined });
    const dRejected = await file(d.id, { start_date: "2026-03-10", end_date: "2026-03-10" });
    decidePetition({ id: dRejected.id, action: "reject", note: "" }, admin);
    const eCancelled = await file(e.id, { start_date: "2026-03-10", end_date: "2026-03-10" });
    transitionPetition(eCancelled.id, LeaveStatus.cancel, admin);
    await file(e.id, { start_date: "2026-03-16", end_date: "2026-03-16" });

    const items = pendingPetitions(page).items;
    const away = items.find((p) => p.id === mine.id)?.away ?? [];
    expect(away.map((x) => [x.employee_id, x.status]).sort()).toEqual(
      [
        [b.id, LeaveStatus.approve],
        [c.id, LeaveStatus.request],
      ].sort(),
    );
    expect(away.find((x) => x.employee_id === b.id)).toMatchObject({ code: b.code, full_name: b.full_name, start_date: "2026-03-11" });
    // C's own pending petition sees A (9 March) but not B, whose leave starts on the 11th.
    const cItem = items.find((p) => p.employee_id === c.id);
    expect(cItem?.away.map((x) => x.employee_id)).toEqual([a.id]);
    expect(cItem?.away_total).toBe(1);
  });

  it("lists at most AWAY_SHOWN colleagues and counts them all", async () => {
    const mine = await file(newEmployee().id, { start_date: "2026-04-20", end_date: "2026-04-20" });
    for (let i = 0; i < AWAY_SHOWN + 3; i++) await file(newEmployee().id, { start_date: "2026-04-20", end_date: "2026-04-20" });
    const item = pendingPetitions({ page: 1, page_size: 200 }).items.find((p) => p.id === mine.id);
    expect(item?.away).toHaveLength(AWAY_SHOWN);
    expect(item?.away_total).toBe(AWAY_SHOWN + 3);
  });

  it("the queue and its badge's count follow filing and deciding (kept until a write)", async () => {
    const all = { page: 1, page_size: 500 };
    const waiting = pendingPetitionCount();
    const before = pendingPetitions(all);
    expect(pendingPetitions(all)).toBe(before);
    const p = await file(newEmployee().id, { start_date: "2026-05-11", end_date: "2026-05-11" });
    expect(pendingPetitionCount()).toBe(waiting + 1);
    expect(pendingPetitions(all).items.map((i) => i.id)).toContain(p.id);
    decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    expect(pendingPetitionCount()).toBe(waiting);
    expect(pendingPetitions(all).items.map((i) => i.id)).not.toContain(p.id);
  });

  it("an empty queue", () => {
    expect(pendingPetitions(page)).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
    expect(pendingPetitionCount()).toBe(0);
  });
});

describe("a rejection needs a note", () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error;
    }
    return null;
  };

  it("decideLeave refuses a reject without a note, or a blank one (400 on note) and changes nothing; with one it rejects", async () => {
    const a = newEmployee();
    const p = await file(a.id, { start_date: "2026-05-05", end_date: "2026-05-05" });
    for (const note of ["", "  \n\t "]) {
      const error = refusal(() => decideLeave({ id: p.id, action: "reject", note }, admin));
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ status: 400, fields: { note: REJECT_NOTE_REQUIRED } });
    }
    // Refused before the petition is looked at: an unknown one is the same 400.
    expect(refusal(() => decideLeave({ id: 999_999, action: "reject", note: "" }, admin))).toMatchObject({ status: 400 });
    expect(pendingPetitions(page).items.map((x) => x.id)).toEqual([p.id]);
    expect(listAudit({ entity: "leave_petition", entityId: p.id }).map((r) => r.action)).toEqual(["create"]);

    const { petition } = decideLeave({ id: p.id, action: "reject", note: "มีผู้ลาในช่วงเดียวกันมากเกินไป" }, admin);
    expect(petition).toMatchObject({ status: LeaveStatus.reject, decision_note: "มีผู้ลาในช่วงเดียวกันมากเกินไป" });
    await settleNotices();
  });

  it("approving needs no note", async () => {
    const a = newEmployee();
    const p = await file(a.id, { start_date: "2026-05-05", end_date: "2026-05-05" });
    expect(decideLeave({ id: p.id, action: "accept", note: "" }, admin).petition.status).toBe(LeaveStatus.approve);
    await settleNotices();
  });
});
