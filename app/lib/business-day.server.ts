import { env } from "./env.server";
import { businessDate } from "./thai-date";

/**
 * The server's "today": the work date (YYYY-MM-DD) of an instant in APP_TIMEZONE, whatever the
 * process's TZ is. Every server rule that needs a date (resignations, attendance, file names)
 * asks this, never `new Date()` on its own.
 */
export function workDate(now: Date = new Date()): string {
  return businessDate(now, env().APP_TIMEZONE);
}

/** The app's zone, as the browser must use it to render what the server rendered. */
export function appTimeZoneFromEnv(): string {
  return env().APP_TIMEZONE;
}
