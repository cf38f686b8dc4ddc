// A cabinet visit report's input and its Thai messages (client-safe: the LIFF form checks with them).
import { z } from "zod";
import { metresText } from "~/lib/geo";
import { cleanText, idField } from "~/lib/validation";
import { MACHINE_VISIT_STATUSES } from "./rules";

export const MAX_VISIT_NOTE = 500;

export const MACHINE_VISIT_MESSAGES = {
  notFound: "ไม่พบตู้นี้ หรือตู้ถูกปิดใช้งานแล้ว",
  notAssigned: "ตู้นี้ไม่ได้อยู่ในความรับผิดชอบของคุณ",
  positionRequired: "ตู้นี้ต้องส่งรายงานที่ตู้ กรุณาเปิดตำแหน่ง (GPS) แล้วลองใหม่",
  photoRequired: "กรุณาแนบรูปถ่ายตู้",
  outside: (distance: number, radius: number) =>
    `คุณอยู่นอกพื้นที่ของตู้ ห่างจากตู้ประมาณ ${metresText(distance)} เมตร (รัศมีที่กำหนด ${metresText(radius)} เมตร) กรุณาส่งรายงานเมื่ออยู่ที่ตู้`,
  noLocation: "ตู้นี้ยังไม่ได้กำหนดตำแหน่ง กรุณาติดต่อผู้ดูแลระบบ",
} as const;

const DECIMAL = /^-?\d{1,6}(?:\.\d{1,15})?$/;
/** A number from JSON or a form field; empty or absent is not given. */
const optionalNumber = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && DECIMAL.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).optional(),
  );

const lat = optionalNumber("ละติจูดต้องเป็นตัวเลข").pipe(
  z.number().min(-90, "ละติจูดต้องอยู่ระหว่าง -90 ถึง 90").max(90, "ละติจูดต้องอยู่ระหว่าง -90 ถึง 90").optional(),
);
const lng = optionalNumber("ลองจิจูดต้องเป็นตัวเลข").pipe(
  z.number().min(-180, "ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180").max(180, "ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180").optional(),
);
const POSITION_PAIR = "ต้องส่งละติจูดและลองจิจูดคู่กัน";

/** The fields of `POST /api/emp/machine` besides the photo. A position is lat + lng + accuracy, or nothing. */
export const VisitSchema = z
  .object({
    machine_id: idField("รหัสตู้ (machine_id) "),
    status: z.enum(MACHINE_VISIT_STATUSES, { error: "สถานะต้องเป็น normal, refilled, out_of_stock หรือ broken" }),
    note: z.preprocess((v) => v ?? "", cleanText({ label: "หมายเหตุ", max: MAX_VISIT_NOTE, multiline: true })),
    lat,
    lng,
    accuracy: optionalNumber("ความแม่นยำของตำแหน่งต้องเป็นตัวเลข (เมตร)").pipe(
      z.number().gt(0, "ความแม่นยำของตำแหน่งต้องมากกว่า 0 เมตร").max(100_000, "ความแม่นยำของตำแหน่งไม่ถูกต้อง").optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: [v.lat === undefined ? "lat" : "lng"], message: POSITION_PAIR });
    }
    if (v.lat !== undefined && v.accuracy === undefined) {
      ctx.addIssue({ code: "custom", path: ["accuracy"], message: "กรุณาส่งความแม่นยำของตำแหน่ง (accuracy) พร้อมตำแหน่ง" });
    }
  });
export type VisitInput = z.infer<typeof VisitSchema>;

/** `GET /api/emp/machine?lat=&lng=`: both or neither. */
export const EmployeeMachinesQuery = z
  .object({ lat, lng })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: [v.lat === undefined ? "lat" : "lng"], message: POSITION_PAIR });
    }
  });
