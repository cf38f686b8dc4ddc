import { z } from "zod";
import type { Geofence } from "~/lib/geo";

// The check-in's pure rules (client-safe): the input's shape and the flags that send a side to
// the admins' review queue. Late and early minutes are the day ledger's (ledger-day.ts).

export const FLAG_CODES = [
  "outside",
  "uncertain",
  "stale_position",
  "clock_drift",
  "face_not_matched",
  "face_review",
  "no_selfie",
  "face_unconfirmed",
  "liveness_low",
  "impossible_travel",
  "repeated_position",
  "position_accuracy_suspect",
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

/** Flags that only inform (the office chose not to require a selfie); every other one asks for review. */
const INFORMATIONAL: readonly FlagCode[] = ["no_selfie"];
export const needsReview = (flags: readonly string[]) => flags.some((f) => !INFORMATIONAL.includes(f as FlagCode));

export const MAX_CLOCK_DRIFT_MS = 2 * 60_000;
export const MAX_POSITION_AGE_MS = 60_000;

const DECIMAL = /^-?\d{1,4}(?:\.\d{1,15})?$/;
const number = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && DECIMAL.test(v.trim()) ? Number(v.trim()) : v), z.number({ error: message }));

const EPOCH_MS = /^\d{12,14}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const instant = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === "number" && Number.isInteger(v)) return new Date(v);
      if (typeof v !== "string") return v;
      if (EPOCH_MS.test(v)) return new Date(Number(v));
      if (ISO_INSTANT.test(v)) return new Date(v);
      return v;
    },
    z
      .date({
        error: `${label}ต้องเป็นเวลาแบบ ISO 8601 หรือมิลลิวินาทีนับจาก epoch`,
      })
      .refine((d) => !Number.isNaN(d.getTime()), `${label}ไม่ถูกต้อง`)
  );

const position = {
  lat: number("กรุณาส่งละติจูดเป็นตัวเลข").pipe(
    z.number().min(-90, "ละติจูดต้องอยู่ระหว่าง -90 ถึง 90").max(90, "ละติจูดต้องอยู่ระหว่าง -90 ถึง 90")
  ),
  lng: number("กรุณาส่งลองจิจูดเป็นตัวเลข").pipe(
    z.number().min(-180, "ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180").max(180, "ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180")
  ),
  accuracy: number("กรุณาส่งความแม่นยำของตำแหน่งเป็นตัวเลข (เมตร)").pipe(
    z.number().gt(0, "ความแม่นยำของตำแหน่งต้องมากกว่า 0 เมตร").max(100_000, "ความแม่นยำของตำแหน่งไม่ถูกต้อง")
  ),
  position_at: instant("เวลาของตำแหน่ง (position_at) "),
};
const blank = (v: unknown) => (v === "" ? undefined : v);
const POSITION_NEEDED = "กรุณาเปิดตำแหน่ง (GPS) หรือสแกน QR ที่สำนักงาน";

/**
 * The fields of `POST /api/emp/checkin-out` besides the photo. With `qr` (the office QR's scanned
 * value) the position is evidence and may be left out; without it the position is required.
 */
export const CheckInOutSchema = z
  .object({
    type: z.enum(["in", "out"], {
      error: "ประเภทต้องเป็น in (เข้างาน) หรือ out (ออกงาน)",
    }),
    lat: z.preprocess(blank, position.lat.optional()),
    lng: z.preprocess(blank, position.lng.optional()),
    accuracy: z.preprocess(blank, position.accuracy.optional()),
    position_at: z.preprocess(blank, position.position_at.optional()),
    client_time: instant("เวลาของเครื่อง (client_time) "),
    qr: z.preprocess(blank, z.string({ error: "รหัส QR ไม่ถูกต้อง" }).max(2000, "รหัส QR ไม่ถูกต้อง").optional()),
  })
  .superRefine((v, ctx) => {
    const given = [v.lat, v.lng, v.accuracy, v.position_at].filter((x) => x !== undefined).length;
    if (given === 4 || (given === 0 && v.qr)) return;
    for (const field of ["lat", "lng", "accuracy", "position_at"] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: POSITION_NEEDED });
    }
  });
export type CheckInOutInput = z.infer<typeof CheckInOutSchema>;

/**
 * The face decision: 1 matched, 0 not, null review (no selfie, no face, no registered face, engine
 * failure); `confirmed` whether an admin confirmed the registered face; `liveness` the selfie's
 * anti-spoof score (0–1), null when not scored.
 */
export type FaceOutcome = {
  match: 0 | 1 | null;
  distance: number | null;
  selfie: boolean;
  confirmed: boolean;
  liveness: number | null;
};

/** What an admin should look at for one check-in or check-out. */
export function checkFlags(input: {
  geofence: Geofence;
  now: Date;
  clientTime: Date;
  positionAt: Date | null;
  face: FaceOutcome;
  livenessThreshold: number;
}): FlagCode[] {
  const flags: FlagCode[] = [];
  if (input.geofence === "outside") flags.push("outside");
  if (input.geofence === "uncertain") flags.push("uncertain");
  // The position's age on the phone's own clock, so a drifting clock is not also a stale position.
  if (input.positionAt && input.clientTime.getTime() - input.positionAt.getTime() > MAX_POSITION_AGE_MS) flags.push("stale_position");
  if (Math.abs(input.clientTime.getTime() - input.now.getTime()) > MAX_CLOCK_DRIFT_MS) flags.push("clock_drift");
  if (!input.face.selfie) flags.push("no_selfie");
  else if (input.face.match === 0) flags.push("face_not_matched");
  else if (input.face.match === null) flags.push("face_review");
  // A face registered on someone else's phone matches its registrant until an admin has looked.
  else if (!input.face.confirmed) flags.push("face_unconfirmed");
  if (input.face.liveness !== null && input.face.liveness < input.livenessThreshold) flags.push("liveness_low");
  return flags;
}
