import { ActionIcon } from "@mantine/core";
import { MonthPickerInput } from "@mantine/dates";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { shiftMonth } from "~/lib/iso-day";
import { dayjs } from "~/lib/thai-date";
import { useLabelWithValue } from "./value-label";

/**
 * A toolbar's month picker (DayStepper's month): the month before, the month in BE, the month
 * after. `onMonth` gets the chosen YYYY-MM; the caller's Group lays the pieces out.
 */
export function MonthStepper({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const name = useLabelWithValue("เดือน");
  return (
    <>
      <ActionIcon variant="default" size="lg" aria-label="เดือนก่อนหน้า" onClick={() => onMonth(shiftMonth(month, -1))}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      {name.label}
      <MonthPickerInput
        {...name.props}
        value={`${month}-01`}
        onChange={(value) => value && onMonth(dayjs(value).format("YYYY-MM"))}
        valueFormat="MMMM BBBB"
        yearLabelFormat="BBBB"
        decadeLabelFormat="BBBB"
        yearsListFormat="BBBB"
        monthsListFormat="MMM"
        popoverProps={{ zIndex: 1200 }}
        w={170}
      />
      <ActionIcon variant="default" size="lg" aria-label="เดือนถัดไป" onClick={() => onMonth(shiftMonth(month, 1))}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </>
  );
}
