import { LeaveType } from "~/lib/enums";

// One colour per leave type for every chart and calendar, none of them the absence colour (a
// sick day must not look like a day absent).

export const ABSENT_COLOR = "red.6";

export const LEAVE_TYPE_COLORS: Record<number, string> = {
  [LeaveType.business]: "blue.6",
  [LeaveType.sick]: "violet.6",
  [LeaveType.vacation]: "teal.6",
  [LeaveType.maternity]: "pink.6",
  [LeaveType.spouseBirth]: "cyan.7",
  [LeaveType.childCare]: "grape.6",
  [LeaveType.military]: "lime.8",
  [LeaveType.sterilisation]: "indigo.6",
  [LeaveType.training]: "yellow.8",
  [LeaveType.ordination]: "gray.7",
};

export const leaveColor = (type: number) => LEAVE_TYPE_COLORS[type] ?? "gray.5";
