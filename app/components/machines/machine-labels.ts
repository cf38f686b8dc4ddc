import type { MachineVisitStatus } from "~/models/machines/rules";
import { MACHINE_VISIT_STATUS_LABELS } from "~/models/machines/labels";

export const VISIT_STATUS_COLORS: Record<MachineVisitStatus, string> = {
  normal: "green",
  refilled: "blue",
  out_of_stock: "orange",
  broken: "red",
};

export const visitStatusLabel = (status: MachineVisitStatus) => MACHINE_VISIT_STATUS_LABELS[status] ?? status;

export const TYPE_COLORS: Record<number, string> = { 1: "gray", 2: "grape" };
