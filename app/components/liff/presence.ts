import type { Geofence } from "~/lib/geo";

// What the phone's position means for a send before it is made (a check-in, a cabinet visit).
// Only a hint: the server classifies the position again and decides.

export const REVIEW_NOTE = "จะส่งให้ผู้ดูแลตรวจสอบ";

export type PresenceHint = { color: "green" | "yellow" | "orange" | "red"; title: string };

type Rule = {
  /** The title inside the fence, e.g. "อยู่ที่ตู้". */
  inside: string;
  /** What the server does with a position wholly outside the fence. */
  outside: "review" | "reject";
  /** The title outside when the server refuses it. */
  refused: string;
};

/** An uncertain position (its accuracy circle straddles the edge) always goes to review. */
export function presenceHint(geofence: Geofence, rule: Rule): PresenceHint {
  if (geofence === "inside") return { color: "green", title: rule.inside };
  if (geofence === "uncertain") return { color: "yellow", title: `ตำแหน่งไม่แน่ชัด — ${REVIEW_NOTE}` };
  if (rule.outside === "review") return { color: "orange", title: `อยู่นอกพื้นที่ — ${REVIEW_NOTE}` };
  return { color: "red", title: rule.refused };
}
