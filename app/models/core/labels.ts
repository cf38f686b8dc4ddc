import type { JobRunStatus } from "./job-runs.server";

// The core domain's Thai wording (client-safe: the jobs page renders it in the browser, where a
// value imported from a .server module is undefined).

export const JOB_RUN_STATUS_LABELS: Record<JobRunStatus, string> = {
  running: "กำลังทำงาน",
  ok: "สำเร็จ",
  failed: "ล้มเหลว",
  skipped: "ข้าม",
};
