import { DatesProvider } from "@mantine/dates";
import type { ReactNode } from "react";
import { FIRST_DAY_OF_WEEK } from "~/lib/thai-date";

/**
 * Date pickers in Thai with weeks from Monday. Given by the admin layout and by ThaiDateInput
 * rather than the root, so a page without a date picker (the employee home) loads no
 * @mantine/dates.
 */
export function ThaiDatesProvider({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: "th", firstDayOfWeek: FIRST_DAY_OF_WEEK }}>{children}</DatesProvider>;
}
