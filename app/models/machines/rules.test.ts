import { describe, expect, it } from "vitest";
import { isOverdue, isProblemStatus, machineDueDate, requiresPresence } from "./rules";

describe("machine due dates", () => {
  it("counts from the last visit across month and year ends", () => {
    expect(machineDueDate({ visitEveryDays: 7, lastVisitDate: "2026-01-28", sinceDate: "2025-06-01" })).toBe("2026-02-04");
    expect(machineDueDate({ visitEveryDays: 3, lastVisitDate: "2026-12-30", sinceDate: "2026-01-01" })).toBe("2027-01-02");
    expect(machineDueDate({ visitEveryDays: 1, lastVisitDate: "2028-02-28", sinceDate: "2028-01-01" })).toBe("2028-02-29");
  });

  it("counts from registration when never visited, and has no due date without a schedule", () => {
    expect(machineDueDate({ visitEveryDays: 30, lastVisitDate: null, sinceDate: "2026-03-15" })).toBe("2026-04-14");
    expect(machineDueDate({ visitEveryDays: null, lastVisitDate: "2026-03-15", sinceDate: "2026-03-01" })).toBeNull();
  });

  it("is overdue only after the due date", () => {
    expect(isOverdue("2026-02-04", "2026-02-04")).toBe(false);
    expect(isOverdue("2026-02-04", "2026-02-05")).toBe(true);
    expect(isOverdue("2026-01-31", "2026-02-01")).toBe(true);
    expect(isOverdue(null, "2099-01-01")).toBe(false);
  });
});

describe("machine statuses and types", () => {
  it("treats out of stock and broken as open problems", () => {
    expect(["normal", "refilled", "out_of_stock", "broken", null].map(isProblemStatus)).toEqual([false, false, true, true, false]);
  });

  it("requires presence for type 2 only", () => {
    expect([1, 2].map(requiresPresence)).toEqual([false, true]);
  });
});
