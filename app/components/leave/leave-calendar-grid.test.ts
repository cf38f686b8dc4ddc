import { describe, expect, it } from "vitest";
import { monthGrid, type CalendarPetition } from "./leave-calendar-grid";

const p = (id: number, start: string, end: string, status = 2): CalendarPetition => ({
  id,
  employee: { id, code: `E${id}`, full_name: `คน ${id}` },
  type: 1,
  start_date: start,
  end_date: end,
  half: "full",
  days: 1,
  status,
});

describe("monthGrid", () => {
  it("covers the month in Monday-first weeks and counts who is away on working days only", () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    const weeks = monthGrid("2026-03-01", "2026-03-31", [p(1, "2026-02-27", "2026-03-03"), p(2, "2026-03-03", "2026-03-03", 1)], [{ date: "2026-03-03", name: "มาฆบูชา" }], [1, 2, 3, 4, 5]);
    expect(weeks).toHaveLength(6);
    expect(weeks[0][0].date).toBe("2026-02-23");
    expect(weeks[0][6]).toMatchObject({ date: "2026-03-01", inMonth: true, dayOff: true, away: [] });
    expect(weeks.at(-1)?.at(-1)?.date).toBe("2026-04-05");
    const byDate = new Map(weeks.flat().map((d) => [d.date, d]));
    expect(byDate.get("2026-03-02")?.away.map((x) => x.id)).toEqual([1]);
    // A holiday: marked, nobody counted away.
    expect(byDate.get("2026-03-03")).toMatchObject({ holiday: "มาฆบูชา", away: [] });
    // Outside the month: nobody counted even inside a petition.
    expect(byDate.get("2026-02-27")?.away).toEqual([]);
  });

  it("a six-day week counts Saturday", () => {
    const weeks = monthGrid("2026-03-01", "2026-03-31", [p(1, "2026-03-07", "2026-03-08")], [], [1, 2, 3, 4, 5, 6]);
    const byDate = new Map(weeks.flat().map((d) => [d.date, d]));
    expect(byDate.get("2026-03-07")?.away).toHaveLength(1);
    expect(byDate.get("2026-03-08")?.away).toHaveLength(0);
  });
});
