// How a visit status looks, on the LIFF screen and in the admins' reports alike.
import type { MachineVisitStatus } from "~/models/machines/rules";
import { thaiNumber, thaiDecimal } from "~/lib/thai-number";

export const STATUS_COLORS: Record<MachineVisitStatus, string> = {
  normal: "green",
  refilled: "blue",
  out_of_stock: "orange",
  broken: "red",
};

/** `12 ม.` / `1.2 กม.` */
export function distanceText(metres: number) {
  return metres < 1000
    ? `${thaiNumber(Math.round(metres))} ม.`
    : `${thaiDecimal(metres / 1000)} กม.`;
}
