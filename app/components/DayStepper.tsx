import { ActionIcon, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { dayjs, formatThaiDateLong } from "~/lib/thai-date";
import { useLabelWithValue } from "./value-label";

const shift = (date: string, days: number) => dayjs(date).add(days, "day").format("YYYY-MM-DD");

/**
 * A toolbar's day picker: the day before, a date field, the day after, then the day in words.
 * `onDate` gets the chosen YYYY-MM-DD. The caller's Group lays the pieces out beside its own.
 */
export function DayStepper({ date, onDate }: { date: string; onDate: (date: string) => void }) {
  const name = useLabelWithValue("วันที่");
  return (
    <>
      <ActionIcon variant="default" size="lg" aria-label="วันก่อนหน้า" onClick={() => onDate(shift(date, -1))}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      {name.label}
      <ThaiDateInput {...name.props} value={date} clearable={false} onChange={(value) => value && onDate(dayjs(value).format("YYYY-MM-DD"))} w={180} />
      <ActionIcon variant="default" size="lg" aria-label="วันถัดไป" onClick={() => onDate(shift(date, 1))}>
        <IconChevronRight size={18} />
      </ActionIcon>
      <Text fw={600}>{formatThaiDateLong(date)}</Text>
    </>
  );
}
