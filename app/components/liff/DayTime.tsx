import { Text } from "~mantine-core/components/Text/Text";
import { thaiTime } from "./thai-time";

/** One side of the day: its label and the time in large type (a dash before it happens). */
export function DayTime({ label, at, testId }: { label: string; at: string | null; testId: string }) {
  return (
    <>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {thaiTime(at)}
      </Text>
    </>
  );
}
