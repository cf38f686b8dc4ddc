import { LeaveType } from "~/lib/enums";
import { ABSENT_COLOR, LEAVE_TYPE_COLORS, leaveColor } from "./leave-colors";

test("every leave type has its own colour, none of them the absence colour", () => {
  const colors = Object.values(LeaveType).map(leaveColor);
  expect(new Set(colors).size).toBe(colors.length);
  expect(colors).not.toContain(ABSENT_COLOR);
  expect(Object.keys(LEAVE_TYPE_COLORS).map(Number).sort((a, b) => a - b)).toEqual(Object.values(LeaveType));
});
