import type { MachineVisitStatus } from "./rules";

// The machine domain's Thai wording (client-safe: the admin pages, the LIFF form and the LINE card).

export const MACHINE_VISIT_STATUS_LABELS: Record<MachineVisitStatus, string> = {
  normal: "ปกติ",
  refilled: "เติมสินค้าแล้ว",
  out_of_stock: "สินค้าหมด",
  broken: "ชำรุด",
};

/** What a visit's flags say (the report was accepted; the admins may want to look). */
export const VISIT_FLAG_LABELS = {
  uncertain: "ตำแหน่งไม่แน่ชัด",
  no_position: "ไม่มีตำแหน่ง",
  impossible_travel: "เดินทางเร็วเกินจริงจากตำแหน่งครั้งก่อน",
} as const;
export type VisitFlag = keyof typeof VISIT_FLAG_LABELS;
