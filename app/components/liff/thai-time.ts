import { clockTimeOf } from "~/lib/thai-date";

/** `08:31 น.` in the app's zone, or a dash. */
export function thaiTime(iso: string | null) {
  return iso ? `${clockTimeOf(iso)} น.` : "—";
}
