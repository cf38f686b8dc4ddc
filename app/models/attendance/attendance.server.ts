import { and, between, desc, eq, sql } from "drizzle-orm";
import { attendance, attendanceDays, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { columnPlaceholders, db, encodeColumns, preparedQuery } from "~/lib/db.server";
import { groupedImmediate } from "~/lib/group-commit.server";
import { DomainError } from "~/lib/errors";
import { classifyGeofence, haversineMeters, metresText, nearestOffice, type Geofence } from "~/lib/geo";
import { reverseGeocode } from "~/lib/geocoder.server";
import { encodeImage, type EncodedImage } from "~/lib/image.server";
import { saveUpload } from "~/lib/uploads.server";
import { addDays } from "~/lib/iso-day";
import { dayjs, zonedTime } from "~/lib/thai-date";
import { sideColumnKeys, sideColumns, toAttendanceDto, type AttendanceRow, type Side } from "./dto.server";
import { ensureLedger, recomputeDay } from "./ledger.server";
import { reviewSummary, sideReview } from "./review-state";
import { checkFlags, needsReview, type CheckInOutInput, type FaceOutcome } from "./rules";
import { punchLocationCheck } from "./location-evidence.server";
import { withSideEvidence } from "./location-evidence";
import { matchFace } from "~/models/employees/face.server";
import { OFFICE_QR_MESSAGES, verifyOfficeQr } from "~/models/kiosk/office-qr.server";
import { useOfficeQr } from "~/models/kiosk/qr-uses.server";
import { KIOSK_MESSAGES } from "~/models/kiosk/labels";
import { getSettings } from "~/models/core/settings.server";
import { crossesMidnight } from "~/models/schedules/schedule-day";
import { employeeRulesOn } from "~/models/schedules/schedule-rules.server";
import { NIGHT_CHECKOUT_GRACE_MINUTES } from "./ledger-day";
import { isoWeekday } from "./status";
import { logger } from "~/lib/log.server";

export const ATTENDANCE_MESSAGES = {
  alreadyIn: "วันนี้ลงเวลาเข้างานแล้ว",
  notIn: "วันนี้ยังไม่ได้ลงเวลาเข้างาน กรุณาลงเวลาเข้างานก่อน",
  alreadyOut: "วันนี้ลงเวลาออกงานแล้ว",
  noOffices: "ยังไม่ได้ตั้งค่าสถานที่ทำงาน กรุณาติดต่อผู้ดูแลระบบ",
  noAllowedOffices: "ไม่มีสำนักงานที่กำหนดให้คุณลงเวลาได้ กรุณาติดต่อผู้ดูแลระบบ",
  concurrent: "มีการลงเวลาของคุณอีกรายการเกิดขึ้นพร้อมกัน กรุณาลองใหม่",
  selfieRequired: "กรุณาถ่ายรูปใบหน้าเพื่อลงเวลา",
  poorAccuracy: (accuracy: number, max: number) =>
    `ตำแหน่งไม่แม่นยำพอ (คลาดเคลื่อนประมาณ ${metresText(accuracy)} เมตร ต้องไม่เกิน ${metresText(max)} เมตร) กรุณาลองใหม่ในที่โล่ง`,
  outside: (distance: number, office: string, radius: number) =>
    `คุณอยู่นอกพื้นที่ลงเวลา ห่างจาก${office}ประมาณ ${metresText(distance)} เมตร (รัศมีที่กำหนด ${metresText(radius)} เมตร)`,
} as const;

const PAGE_KEYS = ["offices", "require_selfie", "max_accuracy_m", "outside_radius", "work_start", "work_end"] as const;
const CHECK_KEYS = [...PAGE_KEYS, "liveness_threshold"] as const;

const officeNamesOf = preparedQuery((d) =>
  d
    .select({ names: employees.officeNames })
    .from(employees)
    .where(eq(employees.id, sql.placeholder("id")))
    .prepare(),
);

/** The offices the employee may check in at (every office unless an admin limited them). */
function allowedOffices<T extends { name: string }>(employeeId: number, offices: readonly T[]): T[] {
  const names = officeNamesOf().get({ id: employeeId })?.names;
  return names ? offices.filter((o) => names.includes(o.name)) : [...offices];
}

export type Next = "in" | "out" | "done";
const nextStep = (row: AttendanceRow | undefined): Next => (!row?.checkinAt ? "in" : !row.checkoutAt ? "out" : "done");

const dayRow = preparedQuery((d) =>
  d
    .select()
    .from(attendance)
    .where(and(eq(attendance.employeeId, sql.placeholder("employeeId")), eq(attendance.workDate, sql.placeholder("date"))))
    .prepare(),
);

const rowFor = (employeeId: number, date: string) => dayRow().get({ employeeId, date });

/**
 * The work date a check-in or check-out at `now` belongs to: today's, unless yesterday's shift runs
 * past midnight and is still the one being worked — its check-out the next morning (up to the
 * grace after its end), or a late check-in before its end.
 */
export function shiftDate(employeeId: number, now: Date): string {
  const today = workDate(now);
  const yesterday = addDays(today, -1);
  const { rules } = employeeRulesOn(employeeId, yesterday);
  if (!crossesMidnight(rules)) return today;
  const endMs = zonedTime(today, rules.work_end).getTime();
  const row = rowFor(employeeId, yesterday);
  if (row?.checkinAt && !row.checkoutAt) return now.getTime() < endMs + NIGHT_CHECKOUT_GRACE_MINUTES * 60_000 ? yesterday : today;
  if (!row && rules.work_days.includes(isoWeekday(yesterday)) && now.getTime() < endMs) return yesterday;
  return today;
}

const rowById = preparedQuery((d) =>
  d
    .select()
    .from(attendance)
    .where(eq(attendance.id, sql.placeholder("id")))
    .prepare(),
);

const CHECK_IN_KEYS = [
  ...sideColumnKeys("checkin"),
  ...(["employeeId", "workDate", "flags", "flagEvidence", "reviewStatus", "checkinReview", "createdAt", "updatedAt"] as const),
];
const CHECK_OUT_KEYS = [...sideColumnKeys("checkout"), ...(["flags", "flagEvidence", "reviewStatus", "checkoutReview", "updatedAt"] as const)];

const insertCheckIn = preparedQuery((d) => d.insert(attendance).values(columnPlaceholders(CHECK_IN_KEYS)).returning().prepare());
const updateCheckOut = preparedQuery((d) =>
  d
    .update(attendance)
    .set(columnPlaceholders(CHECK_OUT_KEYS))
    .where(eq(attendance.id, sql.placeholder("recordId")))
    .returning()
    .prepare(),
);

/** The check-in page's data: today's record, what comes next, the offices and the rules it shows. */
export function todayFor(employeeId: number, now: Date = new Date()) {
  const date = shiftDate(employeeId, now);
  const row = rowFor(employeeId, date);
  const { offices, ...settings } = getSettings(PAGE_KEYS);
  const { rules } = employeeRulesOn(employeeId, date);
  return {
    work_date: date,
    record: row ? toAttendanceDto(row) : null,
    next: nextStep(row),
    offices: allowedOffices(employeeId, offices),
    settings: { ...settings, work_start: rules.work_start, work_end: rules.work_end },
  };
}

/** 409 unless `type` is what the day's record allows next. */
function requireNext(row: AttendanceRow | undefined, type: "in" | "out") {
  const next = nextStep(row);
  if (type === "in" && next !== "in") throw new DomainError(409, ATTENDANCE_MESSAGES.alreadyIn);
  if (type === "out" && next === "in") throw new DomainError(409, ATTENDANCE_MESSAGES.notIn);
  if (type === "out" && next === "done") throw new DomainError(409, ATTENDANCE_MESSAGES.alreadyOut);
}

/**
 * The face decision for a selfie: the server's own match, never the browser's. No face, several
 * faces, no registered face or an engine failure all mean review (null), never a match.
 */
async function decideFace(employeeId: number, photo: Uint8Array | null): Promise<FaceOutcome> {
  const none = { match: null, distance: null, confirmed: false, liveness: null };
  if (!photo) return { ...none, selfie: false };
  try {
    const result = await matchFace(employeeId, photo);
    if (!result.registered) return { ...none, selfie: true };
    return { match: result.match, distance: result.distance, selfie: true, confirmed: result.confirmed, liveness: result.liveness };
  } catch (error) {
    if (!(error instanceof DomainError)) logger.warn(`Face match failed; the check-in goes to review: ${String(error)}`);
    return { ...none, selfie: true };
  }
}

type Office = { name: string; lat: number; lng: number; radius_m: number };
type Place = { office: string; geofence: Geofence; distance: number | null; proof: "gps" | "qr" | "pin"; qrStep: number | null };

/** Where the position places the employee: refused when too imprecise, or outside when the office refuses that. */
function placeByPosition(input: CheckInOutInput, offices: Office[], s: { max_accuracy_m: number; outside_radius: string }): Place {
  const { lat, lng, accuracy } = input as CheckInOutInput & { lat: number; lng: number; accuracy: number };
  if (accuracy > s.max_accuracy_m) {
    throw new DomainError(422, ATTENDANCE_MESSAGES.poorAccuracy(accuracy, s.max_accuracy_m), {
      accuracy: `ต้องไม่เกิน ${s.max_accuracy_m} เมตร`,
    });
  }
  const nearest = nearestOffice(offices, { lat, lng });
  if (!nearest) throw new DomainError(409, ATTENDANCE_MESSAGES.noAllowedOffices);
  const geofence = classifyGeofence(nearest.distance, accuracy, nearest.office.radius_m);
  if (geofence === "outside" && s.outside_radius === "reject") {
    throw new DomainError(422, ATTENDANCE_MESSAGES.outside(nearest.distance, nearest.office.name, nearest.office.radius_m));
  }
  return { office: nearest.office.name, geofence, distance: nearest.distance, proof: "gps", qrStep: null };
}

/**
 * Where the office QR places the employee: inside the office it was shown at, whatever the GPS
 * says (indoors it often cannot). A position given too is kept as evidence, with its distance.
 */
function placeByQr(qr: string, input: CheckInOutInput, offices: Office[], all: readonly Office[], now: Date): Place {
  const { office, step } = verifyOfficeQr(qr, now);
  const at = offices.find((o) => o.name === office);
  if (!at) {
    const message = all.some((o) => o.name === office) ? OFFICE_QR_MESSAGES.otherOffice(office) : OFFICE_QR_MESSAGES.unknownOffice;
    throw new DomainError(400, message, { qr: message });
  }
  const distance = input.lat !== undefined && input.lng !== undefined ? haversineMeters(at, { lat: input.lat, lng: input.lng }) : null;
  return { office, geofence: "inside", distance, proof: "qr", qrStep: step };
}

/** A PIN check-in at a paired kiosk (ADR 050): inside the kiosk's office, which the employee must be allowed to use. */
function placeByKiosk(office: string, offices: Office[], all: readonly Office[]): Place {
  if (!offices.some((o) => o.name === office)) {
    throw new DomainError(400, all.some((o) => o.name === office) ? KIOSK_MESSAGES.otherOffice(office) : KIOSK_MESSAGES.officeGone(office));
  }
  return { office, geofence: "inside", distance: null, proof: "pin", qrStep: null };
}

/** checkInOut at a paired kiosk of `office`, by the employee's PIN (proof "pin"); no position. */
export function checkInOutAtKiosk(employeeId: number, office: string, input: CheckInOutInput, photo: Uint8Array, now: Date = new Date()) {
  return checkInOut(employeeId, input, photo, now, office);
}

/**
 * Records a check-in or check-out decided entirely on the server: its clock and work date, the
 * place (the geofence with the position's accuracy, or the office QR), and its own face match.
 * The slow parts (decoding the selfie, the face engine, the address) run first; the state check,
 * the QR's one use, the selfie and the row are written in one transaction, so a refused or
 * concurrent duplicate leaves nothing behind, with the day's ledger row (its late/early minutes
 * copied onto the record: ADR 043). Check-ins that arrive together share its commit
 * (groupedImmediate, ADR 031).
 */
export async function checkInOut(employeeId: number, input: CheckInOutInput, photo: Uint8Array | null, now: Date = new Date(), kioskOffice?: string) {
  const s = getSettings(CHECK_KEYS);
  const date = shiftDate(employeeId, now);
  requireNext(rowFor(employeeId, date), input.type);

  if (s.offices.length === 0) throw new DomainError(409, ATTENDANCE_MESSAGES.noOffices);
  const offices = allowedOffices(employeeId, s.offices);
  if (offices.length === 0) throw new DomainError(409, ATTENDANCE_MESSAGES.noAllowedOffices);
  const place =
    kioskOffice !== undefined
      ? placeByKiosk(kioskOffice, offices, s.offices)
      : input.qr
        ? placeByQr(input.qr, input, offices, s.offices, now)
        : placeByPosition(input, offices, s);
  if (!photo && s.require_selfie)
    throw new DomainError(400, ATTENDANCE_MESSAGES.selfieRequired, {
      photo: ATTENDANCE_MESSAGES.selfieRequired,
    });

  const encoded: EncodedImage | null = photo ? await encodeImage(photo) : null;
  const hasPosition = input.lat !== undefined && input.lng !== undefined;
  const [face, address] = await Promise.all([
    decideFace(employeeId, photo),
    hasPosition ? reverseGeocode(input.lat!, input.lng!) : Promise.resolve(null),
  ]);
  const sideName = input.type === "in" ? "checkin" : "checkout";
  const located = hasPosition
    ? punchLocationCheck(employeeId, { lat: input.lat!, lng: input.lng!, accuracy: input.accuracy ?? null, at: now, side: sideName, workDate: date })
    : null;
  const flags = [
    ...checkFlags({
      geofence: place.geofence,
      now,
      clientTime: input.client_time,
      positionAt: input.position_at ?? null,
      face,
      livenessThreshold: s.liveness_threshold,
    }),
    ...(located?.flags ?? []),
  ];
  const side = (photoUploadId: string | null): Side => ({
    at: now,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
    accuracy: input.accuracy ?? null,
    distanceM: place.distance === null ? null : Math.round(place.distance * 10) / 10,
    office: place.office,
    geofence: place.geofence,
    address,
    photoUploadId,
    match: face.match,
    faceDistance: face.distance,
    clientTime: input.client_time,
    positionAt: input.position_at ?? null,
    proof: place.proof,
    liveness: face.liveness,
  });

  const row = await groupedImmediate((tx) => {
    // Another write may have opened or closed yesterday's night shift since: decide the date again.
    if (shiftDate(employeeId, now) !== date) throw new DomainError(409, ATTENDANCE_MESSAGES.concurrent);
    const before = rowFor(employeeId, date);
    requireNext(before, input.type);
    if (place.qrStep !== null) useOfficeQr(tx, { employeeId, workDate: date, type: input.type, office: place.office, step: place.qrStep, now });
    const stored = encoded ? saveUpload(tx, encoded, "checkinouts", employeeId) : null;
    const values = sideColumns(input.type === "in" ? "checkin" : "checkout", side(stored?.id ?? null));
    // Each side is reviewed on its own flags: a check-out's evidence asks for its own decision,
    // whatever was decided on the check-in.
    const review = sideReview(needsReview(flags));
    let id: number;
    if (input.type === "in") {
      const inserted = insertCheckIn().get(
        encodeColumns(attendance, {
          ...values,
          employeeId,
          workDate: date,
          flags,
          flagEvidence: located ? withSideEvidence({}, "checkin", located.evidence) : {},
          checkinReview: review,
          reviewStatus: reviewSummary(review, "none"),
          createdAt: now,
          updatedAt: now,
        }),
      );
      if (!inserted) throw new Error(`the check-in of employee ${employeeId} on ${date} was not written`);
      id = inserted.id;
    } else {
      const current = before as AttendanceRow;
      const added = flags.filter((f) => !current.flags.includes(f));
      const updated = updateCheckOut().get({
        ...encodeColumns(attendance, {
          ...values,
          flags: [...current.flags, ...added],
          flagEvidence: located ? withSideEvidence(current.flagEvidence, "checkout", located.evidence) : current.flagEvidence,
          checkoutReview: review,
          reviewStatus: reviewSummary(current.checkinReview, review),
          updatedAt: now,
        }),
        recordId: current.id,
      });
      if (!updated) throw new Error(`attendance ${current.id} vanished inside its transaction`);
      id = updated.id;
    }
    recomputeDay(tx, employeeId, date, now);
    const written = rowById().get({ id });
    if (!written) throw new Error(`attendance ${id} vanished inside its transaction`);
    return written;
  });
  return toAttendanceDto(row);
}

export const MAX_HISTORY_DAYS = 62;
export const DEFAULT_HISTORY_DAYS = 30;

/**
 * The employee's own records from `from` to `to` (work dates, inclusive, newest first; default the
 * last 30 days), each with its day's status and reason from the ledger (null before the office
 * started counting), filled first.
 */
export function listOwn(employeeId: number, range: { from?: string; to?: string } = {}, now: Date = new Date()) {
  const to = range.to ?? workDate(now);
  const from =
    range.from ??
    dayjs(to)
      .subtract(DEFAULT_HISTORY_DAYS - 1, "day")
      .format("YYYY-MM-DD");
  if (from > to)
    throw new DomainError(400, "วันที่เริ่มต้องไม่หลังวันที่สิ้นสุด", {
      from: "วันที่เริ่มต้องไม่หลังวันที่สิ้นสุด",
    });
  if (dayjs(to).diff(dayjs(from), "day") + 1 > MAX_HISTORY_DAYS) {
    throw new DomainError(400, `ดูย้อนหลังได้ครั้งละไม่เกิน ${MAX_HISTORY_DAYS} วัน`, {
      to: `ช่วงวันที่ต้องไม่เกิน ${MAX_HISTORY_DAYS} วัน`,
    });
  }
  ensureLedger(from, to, now);
  const rows = db()
    .select({ a: attendance, status: attendanceDays.status, reason: attendanceDays.reason })
    .from(attendance)
    .leftJoin(attendanceDays, and(eq(attendanceDays.workDate, attendance.workDate), eq(attendanceDays.employeeId, attendance.employeeId)))
    .where(and(eq(attendance.employeeId, employeeId), between(attendance.workDate, from, to)))
    .orderBy(desc(attendance.workDate))
    .all();
  return { from, to, items: rows.map(({ a, status, reason }) => ({ ...toAttendanceDto(a), status, reason })) };
}
