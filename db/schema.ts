import { sql } from "drizzle-orm";
import {
  blob,
  index,
  type AnySQLiteColumn,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { ATTENDANCE_STATUSES, MACHINE_VISIT_STATUSES, UPLOAD_FOLDERS } from "../app/lib/enums";

/**
 * An index on a column that points at an upload, for the rows that have one. Deleting an upload
 * (a replaced photo, a new face, expired selfies) makes SQLite look for rows still pointing at it
 * in every such table; without this index each delete read all of `attendance`.
 */
const uploadRefIndex = (name: string, column: AnySQLiteColumn) =>
  index(name).on(column).where(sql`${column} IS NOT NULL`);

const timestampNow = (name: string) =>
  integer(name, { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull().default(""),
    permission: text("permission", { enum: ["admin"] }).notNull().default("admin"),
    createdAt: timestampNow("created_at"),
    passwordChangedAt: integer("password_changed_at", { mode: "timestamp_ms" }),
    /** The admin's own LINE user (verified by the server), so they can approve from LINE. */
    lineUserId: text("line_user_id"),
    lineLinkedAt: integer("line_linked_at", { mode: "timestamp_ms" }),
    /** A disabled admin cannot sign in and has no sessions; the last active admin stays enabled. */
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("admins_username_unique").on(sql`lower(${t.username})`), uniqueIndex("admins_line_user_unique").on(t.lineUserId)],
);

/** One-time codes an admin sends to the bot from their LINE account to link it. */
export const adminLineCodes = sqliteTable(
  "admin_line_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: timestampNow("created_at"),
  },
  (t) => [uniqueIndex("admin_line_codes_open_unique").on(t.code).where(sql`used_at IS NULL`), index("admin_line_codes_admin_idx").on(t.adminId)],
);

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestampNow("created_at"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestampNow("created_at"),
  },
  (t) => [
    index("login_attempts_username_idx").on(t.username, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Every uploaded image lives here, re-encoded, so the SQLite file is the whole backup. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    folder: text("folder", { enum: UPLOAD_FOLDERS }).notNull(),
    mime: text("mime").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    /** A small JPEG for avatars and lists, made at encode time; null on rows stored before it existed. */
    thumb: blob("thumb", { mode: "buffer" }),
    /** The employee who may see this upload besides admins (null: admins only). */
    ownerEmployeeId: integer("owner_employee_id").references((): AnySQLiteColumn => employees.id),
    createdAt: timestampNow("created_at"),
  },
  (t) => [index("uploads_folder_idx").on(t.folder), index("uploads_owner_idx").on(t.ownerEmployeeId)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorType: text("actor_type", { enum: ["admin", "employee", "system"] }).notNull(),
    actorId: integer("actor_id"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    changes: text("changes", { mode: "json" }),
    createdAt: timestampNow("created_at"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorType, t.actorId),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: timestampNow("updated_at"),
});

// Thai address reference data, keyed by our own ids (the source's codes have quirks).
export const provinces = sqliteTable("provinces", {
  id: integer("id").primaryKey(),
  code: text("code").notNull(),
  nameTh: text("name_th").notNull(),
  nameEn: text("name_en").notNull(),
});

export const amphurs = sqliteTable(
  "amphurs",
  {
    id: integer("id").primaryKey(),
    provinceId: integer("province_id")
      .notNull()
      .references(() => provinces.id),
    code: text("code").notNull(),
    nameTh: text("name_th").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (t) => [index("amphurs_province_idx").on(t.provinceId)],
);

export const districts = sqliteTable(
  "districts",
  {
    id: integer("id").primaryKey(),
    amphurId: integer("amphur_id")
      .notNull()
      .references(() => amphurs.id),
    code: text("code").notNull(),
    nameTh: text("name_th").notNull(),
    nameEn: text("name_en").notNull(),
    zipcode: text("zipcode").notNull(),
  },
  (t) => [index("districts_amphur_idx").on(t.amphurId)],
);

export const PAY_BASES = ["monthly", "daily"] as const;

export const employees = sqliteTable(
  "employees",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    title: integer("title").notNull(),
    /** A free prefix (ดร., ว่าที่ ร.ต.) shown before the name instead of the title's word; '' = none (ADR 037). */
    namePrefix: text("name_prefix").notNull().default(""),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    nickname: text("nickname").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    position: text("position").notNull().default(""),
    department: text("department").notNull().default(""),
    startDate: text("start_date"),
    resignDate: text("resign_date"),
    address: text("address").notNull().default(""),
    provinceId: integer("province_id").references(() => provinces.id),
    amphurId: integer("amphur_id").references(() => amphurs.id),
    districtId: integer("district_id").references(() => districts.id),
    zipcode: text("zipcode").notNull().default(""),
    photoUploadId: text("photo_upload_id").references(() => uploads.id),
    lineUserId: text("line_user_id"),
    faceDescriptor: text("face_descriptor", { mode: "json" }).$type<number[]>(),
    faceUploadId: text("face_upload_id").references(() => uploads.id),
    /** Lower-cased code, name prefix, names, nickname and phone digits: one LIKE serves the search. Computed by SQLite on every write. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower("code") || ' ' || case when "name_prefix" = '' then '' else lower("name_prefix") || ' ' end || "first_name" || ' ' || "last_name" || ' ' || lower("nickname") || ' ' || replace(replace(replace(replace(replace("phone", '-', ''), ' ', ''), '(', ''), ')', ''), '+', '')`,
        { mode: "stored" },
      ),
    faceRegisteredAt: integer("face_registered_at", { mode: "timestamp_ms" }),
    /** Set when an admin clears the face, cleared when the employee registers again. */
    faceResetAt: integer("face_reset_at", { mode: "timestamp_ms" }),
    /** When the employee agreed to the biometric consent text (PDPA) before registering a face. */
    faceConsentAt: integer("face_consent_at", { mode: "timestamp_ms" }),
    /** Set when an admin confirms the registered face is the employee's; cleared by a new registration. */
    faceConfirmedAt: integer("face_confirmed_at", { mode: "timestamp_ms" }),
    faceConfirmedBy: integer("face_confirmed_by").references(() => admins.id),
    /** How overtime and holiday work are paid (Labour Protection Act s.62–63): monthly or daily. */
    payBasis: text("pay_basis", { enum: PAY_BASES }).notNull().default("monthly"),
    /** The offices (by name) the employee may check in at; null: every office. */
    officeNames: text("office_names", { mode: "json" }).$type<string[]>(),
    createdAt: timestampNow("created_at"),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [
    uniqueIndex("employees_code_unique").on(sql`lower(${t.code})`),
    uniqueIndex("employees_line_user_unique").on(t.lineUserId),
    index("employees_resign_idx").on(t.resignDate),
    uploadRefIndex("employees_photo_upload_idx", t.photoUploadId),
    uploadRefIndex("employees_face_upload_idx", t.faceUploadId),
  ],
);

/** One-time 6-digit codes an admin issues so an employee can link their LINE account. */
export const verifyCodes = sqliteTable(
  "verify_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    failedTries: integer("failed_tries").notNull().default(0),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => admins.id),
    createdAt: timestampNow("created_at"),
  },
  (t) => [index("verify_codes_employee_idx").on(t.employeeId)],
);

/** Auto-reply messages: a keyword and 1–5 LINE message objects. */
export const replyMessages = sqliteTable("reply_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  keyword: text("keyword").notNull(),
  match: text("match", { enum: ["exact", "contains"] }).notNull().default("exact"),
  messages: text("messages", { mode: "json" }).notNull().$type<Record<string, unknown>[]>(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  syncError: text("sync_error"),
  syncedAt: integer("synced_at", { mode: "timestamp_ms" }),
  createdAt: timestampNow("created_at"),
  updatedAt: timestampNow("updated_at"),
});

export const lineGroups = sqliteTable(
  "line_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    groupId: text("group_id").notNull(),
    name: text("name").notNull().default(""),
    pictureUploadId: text("picture_upload_id").references(() => uploads.id),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }),
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
    notifyLeave: integer("notify_leave", { mode: "boolean" }).notNull().default(false),
    notifyMachine: integer("notify_machine", { mode: "boolean" }).notNull().default(false),
    notifySummary: integer("notify_summary", { mode: "boolean" }).notNull().default(false),
    createdAt: timestampNow("created_at"),
  },
  (t) => [uniqueIndex("line_groups_group_id_unique").on(t.groupId), uploadRefIndex("line_groups_picture_upload_idx", t.pictureUploadId)],
);

/** Webhook events already handled (LINE may redeliver): de-duplication by webhookEventId. */
export const lineWebhookEvents = sqliteTable("line_webhook_events", {
  webhookEventId: text("webhook_event_id").primaryKey(),
  type: text("type").notNull(),
  sourceType: text("source_type"),
  sourceId: text("source_id"),
  receivedAt: timestampNow("received_at"),
});

/** LINE users who follow (added) or unfollowed (blocked) the bot. */
export const lineFollowers = sqliteTable("line_followers", {
  lineUserId: text("line_user_id").primaryKey(),
  following: integer("following", { mode: "boolean" }).notNull(),
  changedAt: timestampNow("changed_at"),
});

/** Every push the app sends, with the retry key LINE uses to drop duplicates. */
export const linePushes = sqliteTable(
  "line_pushes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    retryKey: text("retry_key").notNull(),
    to: text("to").notNull(),
    employeeId: integer("employee_id").references(() => employees.id),
    groupId: integer("group_id").references(() => lineGroups.id),
    kind: text("kind").notNull(),
    messages: text("messages", { mode: "json" }).notNull().$type<Record<string, unknown>[]>(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdBy: integer("created_by").references(() => admins.id),
    createdAt: timestampNow("created_at"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("line_pushes_retry_key_unique").on(t.retryKey), index("line_pushes_employee_idx").on(t.employeeId)],
);

export const GEOFENCE_OUTCOMES = ["inside", "outside", "uncertain"] as const;
export const PRESENCE_PROOFS = ["gps", "qr", "pin"] as const;
export const REVIEW_STATUSES = ["none", "pending", "accepted", "rejected"] as const;

/** One side of a day's record (check-in or check-out): what the server decided and its evidence. */
const attendanceSide = (p: "checkin" | "checkout") => ({
  at: integer(`${p}_at`, { mode: "timestamp_ms" }),
  lat: real(`${p}_lat`),
  lng: real(`${p}_lng`),
  accuracy: real(`${p}_accuracy`),
  distanceM: real(`${p}_distance_m`),
  office: text(`${p}_office`),
  geofence: text(`${p}_geofence`, { enum: GEOFENCE_OUTCOMES }),
  address: text(`${p}_address`),
  photoUploadId: text(`${p}_photo_upload_id`).references(() => uploads.id, { onDelete: "set null" }),
  /** 1 matched, 0 not matched, null: needs review (no face, engine error, no selfie). */
  match: integer(`${p}_match`),
  faceDistance: real(`${p}_face_distance`),
  clientTime: integer(`${p}_client_time`, { mode: "timestamp_ms" }),
  positionAt: integer(`${p}_position_at`, { mode: "timestamp_ms" }),
  /** What placed the employee at the office: the position ("gps"), the office's QR ("qr"), the kiosk's PIN ("pin"). */
  proof: text(`${p}_proof`, { enum: PRESENCE_PROOFS }),
  /** The selfie's liveness score (0 a likely spoof … 1 live), null without a selfie or a score. */
  liveness: real(`${p}_liveness`),
});

const checkin = attendanceSide("checkin");
const checkout = attendanceSide("checkout");

/** One row per employee per work date (APP_TIMEZONE); check-out fills the checkout_ columns. */
export const attendance = sqliteTable(
  "attendance",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    workDate: text("work_date").notNull(),
    checkinAt: checkin.at,
    checkinLat: checkin.lat,
    checkinLng: checkin.lng,
    checkinAccuracy: checkin.accuracy,
    checkinDistanceM: checkin.distanceM,
    checkinOffice: checkin.office,
    checkinGeofence: checkin.geofence,
    checkinAddress: checkin.address,
    checkinPhotoUploadId: checkin.photoUploadId,
    checkinMatch: checkin.match,
    checkinFaceDistance: checkin.faceDistance,
    checkinClientTime: checkin.clientTime,
    checkinPositionAt: checkin.positionAt,
    checkinProof: checkin.proof,
    checkinLiveness: checkin.liveness,
    checkoutAt: checkout.at,
    checkoutLat: checkout.lat,
    checkoutLng: checkout.lng,
    checkoutAccuracy: checkout.accuracy,
    checkoutDistanceM: checkout.distanceM,
    checkoutOffice: checkout.office,
    checkoutGeofence: checkout.geofence,
    checkoutAddress: checkout.address,
    checkoutPhotoUploadId: checkout.photoUploadId,
    checkoutMatch: checkout.match,
    checkoutFaceDistance: checkout.faceDistance,
    checkoutClientTime: checkout.clientTime,
    checkoutPositionAt: checkout.positionAt,
    checkoutProof: checkout.proof,
    checkoutLiveness: checkout.liveness,
    lateMinutes: integer("late_minutes").notNull().default(0),
    earlyMinutes: integer("early_minutes").notNull().default(0),
    /** Codes of what needs an admin's eye (outside, uncertain, stale_position, clock_drift, face_not_matched, face_review, no_selfie). */
    flags: text("flags", { mode: "json" }).notNull().$type<string[]>().default(sql`'[]'`),
    /** What a location flag saw, by flag code (the two points, the distance and minutes between them). */
    flagEvidence: text("flag_evidence", { mode: "json" }).notNull().$type<Record<string, unknown>>().default(sql`'{}'`),
    reviewStatus: text("review_status", { enum: REVIEW_STATUSES }).notNull().default("none"),
    /** Each side's own review (ADR 043): a rejected check-out leaves the check-in standing. review_status sums them up. */
    checkinReview: text("checkin_review", { enum: REVIEW_STATUSES }).notNull().default("none"),
    checkoutReview: text("checkout_review", { enum: REVIEW_STATUSES }).notNull().default("none"),
    reviewNote: text("review_note"),
    reviewedBy: integer("reviewed_by").references(() => admins.id),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
    /** The spec's checked flag (0/1), ticked by an admin in the daily view. */
    checked: integer("checked").notNull().default(0),
    /** Last time an approved correction changed the times (the originals stay in attendance_corrections). */
    correctedAt: integer("corrected_at", { mode: "timestamp_ms" }),
    createdAt: timestampNow("created_at"),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [
    uniqueIndex("attendance_employee_date_unique").on(t.employeeId, t.workDate),
    index("attendance_work_date_idx").on(t.workDate),
    index("attendance_review_idx").on(t.reviewStatus, t.workDate),
    uploadRefIndex("attendance_checkin_photo_idx", t.checkinPhotoUploadId),
    uploadRefIndex("attendance_checkout_photo_idx", t.checkoutPhotoUploadId),
  ],
);

export const CORRECTION_STATUSES = ["pending", "approved", "rejected"] as const;
export const CORRECTION_SOURCES = ["employee", "admin"] as const;

/**
 * A change to a day's check-in/out times: requested by the employee in LINE (pending until an
 * admin decides) or made by an admin (approved at once). The times before the change are kept.
 */
/**
 * An office QR code an employee checked in or out with: one per employee, work date and side, so a
 * code seen once cannot place the same side again.
 */
export const officeQrUses = sqliteTable(
  "office_qr_uses",
  {
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    workDate: text("work_date").notNull(),
    type: text("type", { enum: ["in", "out"] }).notNull(),
    office: text("office").notNull(),
    step: integer("step").notNull(),
    usedAt: timestampNow("used_at"),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.workDate, t.type] })],
);

/**
 * A paired kiosk (ADR 050): a tablet or screen at an office's entrance showing the office QR. Its
 * browser keeps a random token in the tn_kiosk cookie; only the token's SHA-256 is stored.
 */
export const kiosks = sqliteTable(
  "kiosks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    office: text("office").notNull(),
    tokenHash: text("token_hash").notNull(),
    pairedAt: integer("paired_at", { mode: "timestamp_ms" }).notNull(),
    /** The admin who issued the pairing code. */
    pairedBy: integer("paired_by").references(() => admins.id),
    /** Written at most once a minute, by the kiosk's own requests. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokedBy: integer("revoked_by").references(() => admins.id),
  },
  (t) => [uniqueIndex("kiosks_token_unique").on(t.tokenHash)],
);

/** A one-time code that pairs a kiosk with an office: 10 minutes, one use, stored as an HMAC. */
export const kioskPairings = sqliteTable(
  "kiosk_pairings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    codeHash: text("code_hash").notNull(),
    office: text("office").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdBy: integer("created_by").references(() => admins.id),
    createdAt: timestampNow("created_at"),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    kioskId: integer("kiosk_id").references(() => kiosks.id),
  },
  (t) => [uniqueIndex("kiosk_pairings_code_unique").on(t.codeHash)],
);

/** An employee's PIN for checking in at a kiosk without LINE (argon2id, like admin passwords). */
export const employeePins = sqliteTable("employee_pins", {
  employeeId: integer("employee_id")
    .primaryKey()
    .references(() => employees.id),
  pinHash: text("pin_hash").notNull(),
  issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
  issuedBy: integer("issued_by").references(() => admins.id),
});

export const attendanceCorrections = sqliteTable(
  "attendance_corrections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    attendanceId: integer("attendance_id")
      .notNull()
      .references(() => attendance.id),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    workDate: text("work_date").notNull(),
    source: text("source", { enum: CORRECTION_SOURCES }).notNull(),
    checkinAt: integer("checkin_at", { mode: "timestamp_ms" }),
    checkoutAt: integer("checkout_at", { mode: "timestamp_ms" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: CORRECTION_STATUSES }).notNull().default("pending"),
    originalCheckinAt: integer("original_checkin_at", { mode: "timestamp_ms" }),
    originalCheckoutAt: integer("original_checkout_at", { mode: "timestamp_ms" }),
    createdBy: integer("created_by").references(() => admins.id),
    decidedBy: integer("decided_by").references(() => admins.id),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decisionNote: text("decision_note"),
    createdAt: timestampNow("created_at"),
  },
  (t) => [
    uniqueIndex("attendance_corrections_one_pending").on(t.attendanceId).where(sql`status = 'pending'`),
    index("attendance_corrections_status_idx").on(t.status, t.createdAt),
    index("attendance_corrections_attendance_idx").on(t.attendanceId),
  ],
);

export const HOLIDAY_KINDS = ["public", "substitution", "company"] as const;

/** The office's own holiday list: seeded per year, then edited by admins (a removed day stays removed). */
export const holidays = sqliteTable("holidays", {
  date: text("date").primaryKey(),
  name: text("name").notNull(),
  kind: text("kind", { enum: HOLIDAY_KINDS }).notNull(),
  /** Who put it there: the yearly seed, or an admin. */
  source: text("source", { enum: ["seed", "admin"] }).notNull(),
  createdAt: timestampNow("created_at"),
  updatedAt: timestampNow("updated_at"),
});

/** Years whose holidays were seeded (so a restart neither re-adds removed days nor seeds twice). */
export const holidayYears = sqliteTable("holiday_years", {
  year: integer("year").primaryKey(),
  seededAt: timestampNow("seeded_at"),
});

export const LEAVE_HALVES = ["morning", "afternoon"] as const;

/**
 * Each leave type's rules (models/leave/catalogue.ts seeds them; ids are LeaveType's). Types 1–3
 * take their yearly quota from the settings leave_quota_business/sick/vacation.
 */
export const leaveTypes = sqliteTable("leave_types", {
  id: integer("id").primaryKey(),
  nameTh: text("name_th").notNull(),
  sectionTh: text("section_th").notNull(),
  whoTh: text("who_th").notNull(),
  quotaDays: real("quota_days"),
  per: text("per", { enum: ["year", "event"] }).notNull(),
  unit: text("unit", { enum: ["working_day", "calendar_day"] }).notNull(),
  paidDays: real("paid_days"),
  payPercent: integer("pay_percent").notNull().default(100),
  halfDay: integer("half_day", { mode: "boolean" }).notNull(),
  certificateFromDays: integer("certificate_from_days"),
  eventWindowDays: integer("event_window_days"),
  active: integer("active", { mode: "boolean" }).notNull(),
  updatedBy: integer("updated_by").references(() => admins.id),
  updatedAt: timestampNow("updated_at"),
});

/** A leave petition. type and status are the spec's integers (LeaveType, LeaveStatus in app/lib/enums). */
export const leavePetitions = sqliteTable(
  "leave_petitions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    type: integer("type").notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    /** null: full days; a half day has start_date = end_date. */
    half: text("half", { enum: LEAVE_HALVES }),
    /** Working days counted when filed (weekly days off and holidays excluded; a half day is 0.5). */
    days: real("days").notNull(),
    /** The leave year of start_date: its balance takes days − next_year_days. */
    year: integer("year").notNull(),
    /** The days that fall in the year after `year` (a petition across 31 December), charged to that year's balance. */
    nextYearDays: real("next_year_days").notNull().default(0),
    /** The event a per-event leave is for (a birth, an operation): its quota and its time limit count from it. */
    eventDate: text("event_date"),
    reason: text("reason").notNull(),
    attachmentUploadId: text("attachment_upload_id").references(() => uploads.id),
    /** The employee's explanation when a sick leave of 3+ working days has no certificate. */
    certificateNote: text("certificate_note"),
    status: integer("status").notNull().default(1),
    decidedBy: integer("decided_by").references(() => admins.id),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decisionNote: text("decision_note"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    cancelledBy: text("cancelled_by", { enum: ["employee", "admin"] }),
    createdAt: timestampNow("created_at"),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [
    index("leave_petitions_employee_idx").on(t.employeeId, t.startDate),
    index("leave_petitions_status_idx").on(t.status, t.createdAt),
    // Covers the statistics sums (year, status → employee, type, days) without touching the rows.
    index("leave_petitions_year_idx").on(t.year, t.status, t.employeeId, t.type, t.days),
    index("leave_petitions_dates_idx").on(t.startDate, t.endDate),
    // The all-petitions list: a year's page in start-date order without sorting the whole year.
    index("leave_petitions_year_start_idx").on(t.year, t.startDate, t.id),
    // The few petitions that reach into the next year, for that year's sums.
    index("leave_petitions_crossing_idx")
      .on(t.year, t.status, t.employeeId, t.type, t.nextYearDays)
      .where(sql`${t.nextYearDays} > 0`),
    uploadRefIndex("leave_petitions_attachment_idx", t.attachmentUploadId),
  ],
);

/** A yearly quota set by an admin for one employee and type (absent: the labour-law default). */
export const leaveQuotas = sqliteTable(
  "leave_quotas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    year: integer("year").notNull(),
    type: integer("type").notNull(),
    quota: real("quota").notNull(),
    updatedBy: integer("updated_by").references(() => admins.id),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [uniqueIndex("leave_quotas_unique").on(t.employeeId, t.year, t.type)],
);


/** A cabinet (vending machine). type is the spec's MachineType (1 general, 2 tied to the cabinet). */
export const machines = sqliteTable(
  "machines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    type: integer("type").notNull(),
    lat: real("lat"),
    lng: real("lng"),
    radiusM: integer("radius_m").notNull().default(100),
    address: text("address").notNull().default(""),
    photoUploadId: text("photo_upload_id").references(() => uploads.id),
    /** How often it must be visited (days); null: no schedule, never overdue. */
    visitEveryDays: integer("visit_every_days"),
    note: text("note").notNull().default(""),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** The newest visit report (kept by the report's own transaction): due dates and open problems read it. */
    lastVisitId: integer("last_visit_id").references((): AnySQLiteColumn => machineVisits.id),
    createdAt: timestampNow("created_at"),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [
    uniqueIndex("machines_code_unique").on(sql`lower(${t.code})`),
    index("machines_active_idx").on(t.active, t.type),
    uploadRefIndex("machines_photo_upload_idx", t.photoUploadId),
  ],
);

/** Who looks after a machine. Ending an assignment keeps the row (history); one open row per pair. */
export const machineAssignments = sqliteTable(
  "machine_assignments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    machineId: integer("machine_id")
      .notNull()
      .references(() => machines.id),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    assignedAt: timestampNow("assigned_at"),
    assignedBy: integer("assigned_by").references(() => admins.id),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    endedBy: integer("ended_by").references(() => admins.id),
    /** Why it ended: an admin unmapped it, or the employee resigned. */
    endReason: text("end_reason", { enum: ["unmapped", "resigned"] }),
  },
  (t) => [
    uniqueIndex("machine_assignments_open_unique").on(t.machineId, t.employeeId).where(sql`ended_at IS NULL`),
    index("machine_assignments_employee_idx").on(t.employeeId, t.endedAt),
  ],
);

/** A visit report sent from LINE at the machine. */
export const machineVisits = sqliteTable(
  "machine_visits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    machineId: integer("machine_id")
      .notNull()
      .references(() => machines.id),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    /** Server clock. */
    visitedAt: integer("visited_at", { mode: "timestamp_ms" }).notNull(),
    /** Business date of visited_at (APP_TIMEZONE). */
    visitDate: text("visit_date").notNull(),
    status: text("status", { enum: MACHINE_VISIT_STATUSES }).notNull(),
    note: text("note").notNull().default(""),
    lat: real("lat"),
    lng: real("lng"),
    accuracy: real("accuracy"),
    /** Distance to the machine's location when both are known. */
    distanceM: real("distance_m"),
    /** Geofence outcome for machines with a location (enforced for type 2 only). */
    geofence: text("geofence", { enum: GEOFENCE_OUTCOMES }),
    flags: text("flags", { mode: "json" }).notNull().$type<string[]>().default(sql`'[]'`),
    /** What a location flag saw, by flag code (the two points, the distance and minutes between them). */
    flagEvidence: text("flag_evidence", { mode: "json" }).notNull().$type<Record<string, unknown>>().default(sql`'{}'`),
    photoUploadId: text("photo_upload_id").references(() => uploads.id),
    createdAt: timestampNow("created_at"),
  },
  (t) => [
    index("machine_visits_machine_idx").on(t.machineId, t.visitedAt),
    index("machine_visits_date_idx").on(t.visitDate),
    index("machine_visits_employee_idx").on(t.employeeId, t.visitedAt),
    uploadRefIndex("machine_visits_photo_upload_idx", t.photoUploadId),
  ],
);

export const JOB_RUN_STATUSES = ["running", "ok", "failed", "skipped"] as const;

/** One row per scheduled job per business day: a restart neither repeats a job nor skips it. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    /** The business day (APP_TIMEZONE) the run belongs to. */
    runDate: text("run_date").notNull(),
    status: text("status", { enum: JOB_RUN_STATUSES }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    /** What the run did (counts, or the error), for the admin page. */
    result: text("result"),
  },
  (t) => [uniqueIndex("job_runs_job_date_unique").on(t.job, t.runDate), index("job_runs_started_idx").on(t.startedAt)],
);

/**
 * The day ledger (ADR 043): one computed row per employee per date, from the later of their start
 * date and the office's attendance_start up to today. Written only by the ledger module, in the
 * same transaction as the input that changed it; every attendance number is read from here.
 */
export const attendanceDays = sqliteTable(
  "attendance_days",
  {
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    workDate: text("work_date").notNull(),
    status: text("status", { enum: ATTENDANCE_STATUSES }).notNull(),
    reason: text("reason").notNull(),
    scheduledMinutes: integer("scheduled_minutes").notNull(),
    workedMinutes: integer("worked_minutes").notNull(),
    lateMinutes: integer("late_minutes").notNull(),
    earlyMinutes: integer("early_minutes").notNull(),
    leaveType: integer("leave_type"),
    leaveFraction: real("leave_fraction").notNull(),
    leaveHalf: text("leave_half", { enum: LEAVE_HALVES }),
    /** The holiday's id (the holidays table is keyed by its date). */
    holidayDate: text("holiday_date"),
    absentFraction: real("absent_fraction").notNull(),
    checkinReview: text("checkin_review", { enum: REVIEW_STATUSES }).notNull(),
    checkoutReview: text("checkout_review", { enum: REVIEW_STATUSES }).notNull(),
    attendanceId: integer("attendance_id"),
    /** The schedule the date was worked under (schedules.id). */
    scheduleId: integer("schedule_id").notNull().default(1),
    /** Approved overtime worked on a working day (1.5×). */
    overtimeMinutes: integer("overtime_minutes").notNull().default(0),
    /** Work on a holiday or day off within the schedule's hours (1× extra monthly-paid, 2× daily-paid). */
    holidayWorkMinutes: integer("holiday_work_minutes").notNull().default(0),
    /** Approved overtime worked on a holiday or day off (3×). */
    holidayOvertimeMinutes: integer("holiday_overtime_minutes").notNull().default(0),
    computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workDate, t.employeeId] }),
    index("attendance_days_employee_idx").on(t.employeeId, t.workDate),
    index("attendance_days_status_idx").on(t.workDate, t.status),
  ],
);

/** Dates the ledger holds for everyone, and until when their rows hold without the clock moving them (null: settled). */
export const ledgerDates = sqliteTable("ledger_dates", {
  workDate: text("work_date").primaryKey(),
  freshUntil: integer("fresh_until"),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});

/** The work hours and days in force from a date on: a change applies from its date, past days keep theirs. */
export const workRules = sqliteTable("work_rules", {
  effectiveFrom: text("effective_from").primaryKey(),
  rules: text("rules", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
  createdAt: timestampNow("created_at"),
});

/**
 * A work schedule. The default one ("เวลาทำงานปกติ", is_default) has its hours in the settings
 * (work_start … work_days, with their history in work_rules); the others in schedule_versions.
 */
export const schedules = sqliteTable(
  "schedules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    isDefault: integer("is_default").notNull().default(0),
    createdAt: timestampNow("created_at"),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [uniqueIndex("schedules_name_unique").on(t.name)],
);

/** One weekday of a schedule (1 Monday … 7 Sunday); weekdays not listed are days off. */
export type ScheduleDay = { weekday: number; start: string; end: string; break_start?: string; break_end?: string };

/** A schedule's hours from a date on: an edit applies from its date, past days keep theirs. */
export const scheduleVersions = sqliteTable(
  "schedule_versions",
  {
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => schedules.id),
    effectiveFrom: text("effective_from").notNull(),
    days: text("days", { mode: "json" }).notNull().$type<ScheduleDay[]>(),
    lateGraceMinutes: integer("late_grace_minutes").notNull().default(0),
    earlyGraceMinutes: integer("early_grace_minutes").notNull().default(0),
    createdAt: timestampNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.effectiveFrom] })],
);

/** Which schedule an employee works under from a date on; without a row, the default one. */
export const employeeSchedules = sqliteTable(
  "employee_schedules",
  {
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    effectiveFrom: text("effective_from").notNull(),
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => schedules.id),
    createdBy: integer("created_by").references(() => admins.id),
    createdAt: timestampNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.effectiveFrom] }), index("employee_schedules_schedule_idx").on(t.scheduleId)],
);

export const OVERTIME_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export const OVERTIME_SOURCES = ["employee", "admin"] as const;

/** Overtime asked by an employee in LINE or recorded by an admin; only approved windows count in the ledger. */
export const overtimeRequests = sqliteTable(
  "overtime_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    workDate: text("work_date").notNull(),
    /** "HH:mm"; an end at or before the start is the next morning. */
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: OVERTIME_STATUSES }).notNull().default("pending"),
    source: text("source", { enum: OVERTIME_SOURCES }).notNull(),
    createdBy: integer("created_by").references(() => admins.id),
    decidedBy: integer("decided_by").references(() => admins.id),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decisionNote: text("decision_note"),
    createdAt: timestampNow("created_at"),
    updatedAt: timestampNow("updated_at"),
  },
  (t) => [
    index("overtime_employee_date_idx").on(t.employeeId, t.workDate),
    index("overtime_date_idx").on(t.workDate),
    index("overtime_status_idx").on(t.status, t.workDate),
  ],
);

/** A month closed for payroll: the days in it do not change until an admin reopens it. */
export const payrollCloses = sqliteTable("payroll_closes", {
  month: text("month").primaryKey(),
  closedBy: integer("closed_by").references(() => admins.id),
  closedAt: timestampNow("closed_at"),
});
