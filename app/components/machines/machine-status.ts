// How a visit status looks, on the LIFF screen and in the admins' reports alike.
import type { MachineVisitStatus } from "~/models/machine-rules";

export const STATUS_COLORS: Record<MachineVisitStatus, string> = {
  normal: "green",
  refilled: "blue",
  out_of_stock: "orange",
  broken: "red",
};

/** `12 ม.` / `1.2 กม.` */
export function distanceText(metres: number) {
  return metres < 1000
    ? `${Math.round(metres).toLocaleString("th-TH")} ม.`
    : `${(metres / 1000).toLocaleString("th-TH", { maximumFractionDigits: 1 })} กม.`;
}
