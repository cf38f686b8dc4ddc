import type { MatchMode } from "./message-schema";

// The LINE domain's Thai wording (client-safe: the auto-reply form and table).

export const MATCH_LABELS: Record<MatchMode, string> = { exact: "แบบตรงทั้งหมด", contains: "มีคำนี้" };
