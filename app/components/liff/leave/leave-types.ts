import type { PetitionDto } from "~/models/leave/leave.server";
import type { LeaveBalance } from "~/models/leave/rules";
import type { LeaveTypeRules } from "~/models/leave/catalogue";

// What the petition page gets from its loader and from /api/emp/leave/* (docs/api.md "Leave").

export type Petition = PetitionDto;
export type { LeaveBalance, LeaveTypeRules };

/** `GET /api/emp/leave/history?year=`: `types` are the leave types the employee may ask for now. */
export type LeaveYear = { year: number; items: Petition[]; balances: LeaveBalance[]; types: LeaveTypeRules[] };

export type HolidayDay = { date: string; name: string };

/** The office calendar the preview counts with (the same data the server counts with). */
export type LeaveCalendar = {
  work_days: number[];
  holidays: HolidayDay[];
  /** The dates the pickers offer: where the holidays above are known, not before the start date. */
  min_date: string;
  max_date: string;
};
