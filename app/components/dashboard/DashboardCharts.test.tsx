import { LeaveType } from "~/lib/enums";
import { ABSENT_COLOR } from "~/components/leave/leave-colors";
import { leaveBars } from "./DashboardCharts";

test("the leave chart colours each type as the leave pages do, none of them the absence red", () => {
  const bars = leaveBars([
    { type: LeaveType.business, label: "ลากิจ", days: 2 },
    { type: LeaveType.sick, label: "ลาป่วย", days: 3 },
    { type: LeaveType.maternity, label: "ลาคลอด", days: 98 },
  ]);
  expect(bars).toEqual([
    { label: "ลากิจ", days: 2, color: "blue.6" },
    { label: "ลาป่วย", days: 3, color: "violet.6" },
    { label: "ลาคลอด", days: 98, color: "pink.6" },
  ]);
  expect(bars.map((b) => b.color)).not.toContain(ABSENT_COLOR);
});
