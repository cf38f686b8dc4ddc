import type { OvertimeSource, OvertimeStatus } from "~/models/overtime/labels";

// The overtime DTO as the pages get it (docs/api.md "Overtime"; the server's OvertimeDto).

export type OvertimeView = {
  id: number;
  employee_id: number;
  date: string;
  start: string;
  end: string;
  minutes: number;
  reason: string;
  status: OvertimeStatus;
  source: OvertimeSource;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
  created_at: string;
  week_hours: number;
  over_weekly_limit: boolean;
};

export type OvertimeListView = OvertimeView & { employee: { id: number; code: string; full_name: string } };
