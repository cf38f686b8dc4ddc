import { DatePickerInput, type DatePickerInputProps } from "@mantine/dates";
import { businessDate, formatThaiDateLong } from "~/lib/thai-date";
import { ThaiDatesProvider } from "./ThaiDatesProvider";

/**
 * A date field in Thai: Buddhist Era years, weeks from Monday (ThaiDatesProvider), a 'วันนี้'
 * shortcut and a 'ล้าง' clear button. Posts YYYY-MM-DD under `name`.
 */
export function ThaiDateInput(props: DatePickerInputProps<"default">) {
  return (
    <ThaiDatesProvider>
      <DatePickerInput
        valueFormat="D MMM BBBB"
        monthLabelFormat="MMMM BBBB"
        yearLabelFormat="BBBB"
        decadeLabelFormat="BBBB"
        yearsListFormat="BBBB"
        placeholder="เลือกวันที่"
        clearable
        clearButtonProps={{ "aria-label": "ล้าง" }}
        presets={[{ value: businessDate(), label: "วันนี้" }]}
        popoverProps={{ zIndex: 1200 }}
        // Screen readers hear the same Buddhist Era year the eye sees.
        getDayProps={(date) => ({ "aria-label": formatThaiDateLong(date) })}
        {...props}
      />
    </ThaiDatesProvider>
  );
}
