// The authorisation matrix: every /api route (each method it serves) and every page or resource
// route's loader and action, asked by five callers: nobody, employee A (who owns the data), another
// employee B, an employee who has resigned, and the admin. The expected answers are one table
// below; a route file or method without a row fails the suite, and so does a row for a route that
// is gone. Employee-side ids always point at A's records, so B and the resigned employee show
// they cannot reach them, and no answer to them may carry any of A's data.
import fs from "node:fs";
import path from "node:path";
import { API_ROUTE, type ApiRouteFunction } from "~/http/api-route.server";
import { linkedEmployee } from "../fixtures/employees";
import { makeJpeg } from "../fixtures/images";
import { assignMachine, insertMachine, SITE, withServerDb } from "../fixtures/machines";
import { adminCookie, startServer, type RunningServer } from "../fixtures/server";

const ROUTES_DIR = path.resolve("app/routes");
const ADMIN = { username: "authz-admin", password: "authz-admin-password-1" };

// A's own call in a row (cancelling the petition B tried) comes after the others have answered.
const ROLES = ["anonymous", "resigned", "B", "admin", "A"] as const;
type Role = (typeof ROLES)[number];

/**
 * What a caller gets: a status, `→/path` for a redirect (a 3xx, or Remix's X-Remix-Redirect on a
 * `_data` request), or `null` for a 200 whose body is JSON null (a LIFF page's loader before a
 * linked, working employee is signed in).
 */
type Outcome = number | `→${string}` | "null";
type Row = Record<Role, Outcome>;

/** A's records (or, for the admin's destructive calls, ids that exist nowhere). */
type Ids = {
  employee: number;
  record: number;
  petition: number;
  correction: number;
  overtime: number;
  machine: number;
  visit: number;
  adminUser: number;
  selfie: string;
};
const NOWHERE: Ids = {
  employee: 999_999,
  record: 999_999,
  petition: 999_999,
  correction: 999_999,
  overtime: 999_999,
  machine: 999_999,
  visit: 999_999,
  adminUser: 999_999,
  selfie: "/uploads/checkinouts/00000000-0000-4000-8000-000000000000.jpg",
};

type Body = { json: unknown } | { form: Record<string, string> } | { multipart: Record<string, string | number>; photo: string };
type Cell = {
  url: (ids: Ids) => string;
  expect: Row;
  body?: Body | ((ids: Ids) => Body);
  headers?: Record<string, string>;
  /** The admin's call would change A's records for good (resign, unlink…): it goes to NOWHERE. */
  adminNowhere?: boolean;
  /** The call ends the admin's session: the admin's cell uses a session signed in just for it. */
  spareAdmin?: boolean;
  /** Callers whose answer must carry A's data (so the leak check on the others has teeth). */
  showsA?: Role[];
};

// The guard's answers, by kind of route (DESIGN.md §6–§7). A resigned employee's LINE session
// no longer counts as a user on admin routes (401, as for nobody), and is refused by name (403) on
// the employee API; the admin's cookie is not an employee session (401 there).
const adminApi = (admin: Outcome): Row => ({ anonymous: 401, A: 403, B: 403, resigned: 401, admin });
const employeeApi = (A: Outcome, B: Outcome = A): Row => ({ anonymous: 401, A, B, resigned: 403, admin: 401 });
const everyone = (outcome: Outcome): Row => ({ anonymous: outcome, A: outcome, B: outcome, resigned: outcome, admin: outcome });
const adminPage = (admin: Outcome = 200): Row => ({ anonymous: "→/auth", A: "→/login", B: "→/login", resigned: "→/auth", admin });
// The LIFF pages answer null until a linked, working employee is signed in (the layout shows
// the sign-in, or why a resigned employee cannot use it).
const employeePage: Row = { anonymous: "null", A: 200, B: 200, resigned: "null", admin: "null" };

const EMPTY_JSON: Body = { json: {} };
const PROBE_FORM: Body = { form: { intent: "authz-probe" } };

// The employee API's GETs are asked with `?employee_id=` naming A: the signed-in employee is the
// only one they answer about, whatever the query says.
// `file METHOD` for /api routes (from the apiRoute meta), `file loader|action` for the others.
const TABLE: Record<string, Cell> = {
  "api.$.ts loader": { url: () => "/api/no-such-route", expect: everyone(404) },
  "api.$.ts action": { url: () => "/api/no-such-route", body: EMPTY_JSON, expect: everyone(404) },

  "api.admin-user.$id.ts GET": { url: (i) => `/api/admin-user/${i.adminUser}`, expect: adminApi(200) },
  "api.admin-user.$id.ts PATCH": { url: (i) => `/api/admin-user/${i.adminUser}`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.admin-user.ts GET": { url: () => "/api/admin-user", expect: adminApi(200) },
  "api.admin-user.ts POST": { url: () => "/api/admin-user", body: EMPTY_JSON, expect: adminApi(400) },
  "api.admin.line-code.ts POST": { url: () => "/api/admin/line-code", expect: adminApi(200) },
  "api.admin.line-link.ts GET": { url: () => "/api/admin/line-link", expect: adminApi(200) },
  "api.admin.line-link.ts DELETE": { url: () => "/api/admin/line-link", expect: adminApi(409) },
  "api.admin.session.$key.ts DELETE": { url: () => "/api/admin/session/no-such-session", expect: adminApi(404) },
  "api.admin.session.ts GET": { url: () => "/api/admin/session", expect: adminApi(200) },
  "api.admin.session.ts DELETE": { url: () => "/api/admin/session", expect: adminApi(200) },
  "api.amphur.ts GET": { url: () => "/api/amphur?province_id=1", expect: adminApi(200) },
  "api.audit.ts GET": { url: (i) => `/api/audit?entity=employee&entity_id=${i.employee}`, expect: adminApi(200) },
  "api.auth.login.ts POST": { url: () => "/api/auth/login", body: EMPTY_JSON, expect: everyone(400) },
  "api.auth.logout.ts GET": {
    url: () => "/api/auth/logout",
    headers: { "sec-fetch-site": "same-origin" },
    spareAdmin: true,
    expect: everyone(200),
  },
  "api.auth.logout.ts POST": { url: () => "/api/auth/logout", spareAdmin: true, expect: everyone(200) },
  "api.checkin-out.$id.checked.ts POST": { url: (i) => `/api/checkin-out/${i.record}/checked`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.checkin-out.$id.review.ts POST": { url: (i) => `/api/checkin-out/${i.record}/review`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.checkin-out.correct.ts POST": { url: () => "/api/checkin-out/correct", body: EMPTY_JSON, expect: adminApi(400) },
  "api.checkin-out.corrections.$id.decision.ts POST": {
    url: (i) => `/api/checkin-out/corrections/${i.correction}/decision`,
    body: EMPTY_JSON,
    expect: adminApi(400),
  },
  "api.checkin-out.corrections.ts GET": { url: () => "/api/checkin-out/corrections", showsA: ["admin"], expect: adminApi(200) },
  "api.checkin-out.daily.ts GET": { url: () => "/api/checkin-out/daily", expect: adminApi(200) },
  "api.checkin-out.monthly.ts GET": { url: () => "/api/checkin-out/monthly", expect: adminApi(200) },
  "api.checkin-out.review.ts GET": { url: () => "/api/checkin-out/review", expect: adminApi(200) },
  "api.checkin-out.ts GET": { url: (i) => `/api/checkin-out?employee_id=${i.employee}`, showsA: ["admin"], expect: adminApi(200) },
  "api.district.ts GET": { url: () => "/api/district?amphur_id=1", expect: adminApi(200) },

  "api.emp.authen.ts POST": { url: () => "/api/emp/authen", body: EMPTY_JSON, expect: everyone(400) },
  "api.emp.checkin-out.correction.ts GET": { url: (i) => `/api/emp/checkin-out/correction?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  "api.emp.checkin-out.correction.ts POST": { url: () => "/api/emp/checkin-out/correction", body: EMPTY_JSON, expect: employeeApi(400) },
  "api.emp.checkin-out.today.ts GET": { url: (i) => `/api/emp/checkin-out/today?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  "api.emp.checkin-out.ts GET": { url: (i) => `/api/emp/checkin-out?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  "api.emp.checkin-out.ts POST": { url: () => "/api/emp/checkin-out", body: EMPTY_JSON, expect: employeeApi(400) },
  "api.emp.face.ts POST": { url: () => "/api/emp/face", body: EMPTY_JSON, expect: employeeApi(400) },
  "api.emp.face.precheck.ts POST": { url: () => "/api/emp/face/precheck", body: EMPTY_JSON, expect: employeeApi(400) },
  "api.emp.leave.history.ts GET": { url: (i) => `/api/emp/leave/history?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  // B names A's petition: answered as a petition that does not exist. A's own cancel goes last.
  "api.emp.leave.petition.$id.cancel.ts POST": { url: (i) => `/api/emp/leave/petition/${i.petition}/cancel`, expect: employeeApi(200, 404) },
  "api.emp.leave.petition.ts POST": { url: () => "/api/emp/leave/petition", body: EMPTY_JSON, expect: employeeApi(400) },
  "api.emp.machine.ts GET": { url: (i) => `/api/emp/machine?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  // A complete report on A's machine: A may send it, B (not assigned to it) may not.
  "api.emp.machine.ts POST": {
    url: () => "/api/emp/machine",
    body: (i) => ({ multipart: { machine_id: i.machine, status: "normal", lat: SITE.lat, lng: SITE.lng, accuracy: 10 }, photo: "photo" }),
    expect: employeeApi(201, 403),
  },
  "api.emp.overtime.ts GET": { url: (i) => `/api/emp/overtime?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  "api.emp.overtime.ts POST": { url: () => "/api/emp/overtime", body: EMPTY_JSON, expect: employeeApi(400) },
  // B names A's request: answered as one that does not exist. A's own cancel goes last.
  "api.emp.overtime.$id.cancel.ts POST": { url: (i) => `/api/emp/overtime/${i.overtime}/cancel`, expect: employeeApi(200, 404) },
  "api.emp.me.ts GET": { url: (i) => `/api/emp/me?employee_id=${i.employee}`, showsA: ["A"], expect: employeeApi(200) },
  // Any verified LINE user may try to link (a resigned one too); the admin's cookie is not one.
  "api.emp.verify.ts POST": {
    url: () => "/api/emp/verify",
    body: EMPTY_JSON,
    expect: { anonymous: 401, A: 400, B: 400, resigned: 400, admin: 401 },
  },

  "api.employee.$id.face.review.ts POST": { url: (i) => `/api/employee/${i.employee}/face/review`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.employee.$id.face.ts DELETE": { url: (i) => `/api/employee/${i.employee}/face`, adminNowhere: true, expect: adminApi(404) },
  "api.employee.$id.pin.ts POST": { url: (i) => `/api/employee/${i.employee}/pin`, body: EMPTY_JSON, adminNowhere: true, expect: adminApi(404) },
  "api.employee.$id.pin.ts DELETE": { url: (i) => `/api/employee/${i.employee}/pin`, adminNowhere: true, expect: adminApi(404) },
  "api.employee.$id.photo.ts POST": { url: (i) => `/api/employee/${i.employee}/photo`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.employee.$id.reinstate.ts POST": { url: (i) => `/api/employee/${i.employee}/reinstate`, expect: adminApi(409) },
  "api.employee.$id.schedule.ts GET": { url: (i) => `/api/employee/${i.employee}/schedule`, expect: adminApi(200) },
  "api.employee.$id.schedule.ts PUT": { url: (i) => `/api/employee/${i.employee}/schedule`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.employee.$id.resign.ts POST": { url: (i) => `/api/employee/${i.employee}/resign`, body: EMPTY_JSON, adminNowhere: true, expect: adminApi(400) },
  "api.employee.$id.ts GET": { url: (i) => `/api/employee/${i.employee}`, showsA: ["admin"], expect: adminApi(200) },
  "api.employee.$id.ts PATCH": { url: (i) => `/api/employee/${i.employee}`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.employee.$id.unlink.ts POST": { url: (i) => `/api/employee/${i.employee}/unlink`, adminNowhere: true, expect: adminApi(404) },
  "api.employee.$id.verify-code.ts POST": { url: (i) => `/api/employee/${i.employee}/verify-code`, adminNowhere: true, expect: adminApi(404) },
  "api.employee.import.ts POST": { url: () => "/api/employee/import", body: EMPTY_JSON, expect: adminApi(400) },
  "api.employee.resigned.ts GET": { url: () => "/api/employee/resigned", expect: adminApi(200) },
  "api.employee.ts GET": { url: () => "/api/employee", expect: adminApi(200) },
  "api.employee.ts POST": { url: () => "/api/employee", body: EMPTY_JSON, expect: adminApi(400) },
  "api.face-review.ts GET": { url: () => "/api/face-review", expect: adminApi(200) },

  "api.holiday.$date.ts PATCH": { url: () => "/api/holiday/2099-01-02", body: EMPTY_JSON, expect: adminApi(400) },
  "api.holiday.$date.ts DELETE": { url: () => "/api/holiday/2099-01-02", expect: adminApi(404) },
  "api.holiday.seed.ts POST": { url: () => "/api/holiday/seed", body: EMPTY_JSON, expect: adminApi(400) },
  "api.holiday.ts GET": { url: () => "/api/holiday", expect: adminApi(200) },
  "api.holiday.ts POST": { url: () => "/api/holiday", body: EMPTY_JSON, expect: adminApi(400) },
  "api.holiday.ts DELETE": { url: () => "/api/holiday", body: EMPTY_JSON, expect: adminApi(400) },
  "api.job-runs.ts GET": { url: () => "/api/job-runs", expect: adminApi(200) },

  // The kiosk's routes answer to its device cookie, which no caller here has; pairing needs only a code.
  "api.kiosk.checkin.ts POST": { url: () => "/api/kiosk/checkin", body: EMPTY_JSON, expect: everyone(401) },
  "api.kiosk.pair.ts POST": { url: () => "/api/kiosk/pair", body: EMPTY_JSON, expect: everyone(400) },
  "api.kiosk.qr.ts GET": { url: () => "/api/kiosk/qr", expect: everyone(401) },

  "api.leave.approve-result.ts POST": { url: () => "/api/leave/approve-result", body: EMPTY_JSON, expect: adminApi(400) },
  "api.leave.calendar.ts GET": { url: () => "/api/leave/calendar", expect: adminApi(200) },
  "api.leave.petition.$id.cancel.ts POST": {
    url: (i) => `/api/leave/petition/${i.petition}/cancel`,
    body: EMPTY_JSON,
    adminNowhere: true,
    expect: adminApi(404),
  },
  "api.leave.petition.ts GET": { url: () => "/api/leave/petition", showsA: ["admin"], expect: adminApi(200) },
  "api.leave.quota.ts GET": { url: (i) => `/api/leave/quota?employee_id=${i.employee}&year=${bangkokDate().slice(0, 4)}`, expect: adminApi(200) },
  "api.leave.quota.ts PUT": { url: () => "/api/leave/quota", body: EMPTY_JSON, expect: adminApi(400) },
  "api.leave.types.ts GET": { url: () => "/api/leave/types", expect: adminApi(200) },
  "api.leave.types.$id.ts PATCH": { url: () => "/api/leave/types/10", body: EMPTY_JSON, expect: adminApi(400) },
  "api.leave.statistic.ts GET": { url: () => "/api/leave/statistic", expect: adminApi(200) },

  "api.line-group.$id.refresh.ts POST": { url: () => "/api/line-group/999999/refresh", expect: adminApi(404) },
  "api.line-group.$id.test-message.ts POST": { url: () => "/api/line-group/999999/test-message", expect: adminApi(404) },
  "api.line-group.$id.ts GET": { url: () => "/api/line-group/999999", expect: adminApi(404) },
  "api.line-group.$id.ts PATCH": { url: () => "/api/line-group/999999", body: EMPTY_JSON, expect: adminApi(404) },
  "api.line-group.ts GET": { url: () => "/api/line-group", expect: adminApi(200) },
  "api.line.push-one.ts POST": { url: () => "/api/line/push-one", body: EMPTY_JSON, expect: adminApi(400) },
  "api.line.push.ts GET": { url: () => "/api/line/push", expect: adminApi(200) },
  "api.line.rich-menu.ts POST": { url: () => "/api/line/rich-menu", expect: adminApi(409) },
  // LINE's webhook answers to its signature, not to a cookie: unsigned is 401 for everyone.
  "api.line.webhook.ts POST": { url: () => "/api/line/webhook", body: { json: { events: [] } }, expect: everyone(401) },

  "api.machine.$id.ts GET": { url: (i) => `/api/machine/${i.machine}`, showsA: ["admin"], expect: adminApi(200) },
  "api.machine.$id.ts PATCH": { url: (i) => `/api/machine/${i.machine}`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.machine.map.ts POST": { url: () => "/api/machine/map", body: EMPTY_JSON, expect: adminApi(400) },
  "api.machine.ts GET": { url: (i) => `/api/machine?employee_id=${i.employee}`, expect: adminApi(200) },
  "api.machine.ts POST": { url: () => "/api/machine", body: EMPTY_JSON, expect: adminApi(400) },
  "api.machine.unmap.ts POST": { url: () => "/api/machine/unmap", body: EMPTY_JSON, expect: adminApi(400) },
  "api.machine.visits.ts GET": { url: (i) => `/api/machine/visits?machine_id=${i.machine}`, showsA: ["admin"], expect: adminApi(200) },

  "api.message.$id.ts GET": { url: () => "/api/message/999999", expect: adminApi(404) },
  "api.message.$id.ts PATCH": { url: () => "/api/message/999999", body: EMPTY_JSON, expect: adminApi(404) },
  "api.message.$id.ts DELETE": { url: () => "/api/message/999999", expect: adminApi(404) },
  "api.message.sync.ts POST": { url: () => "/api/message/sync", expect: adminApi(200) },
  "api.message.ts GET": { url: () => "/api/message", expect: adminApi(200) },
  "api.message.ts POST": { url: () => "/api/message", body: EMPTY_JSON, expect: adminApi(400) },
  "api.payroll.close.ts POST": { url: () => "/api/payroll/close", body: EMPTY_JSON, expect: adminApi(400) },
  "api.payroll.closes.ts GET": { url: () => "/api/payroll/closes", expect: adminApi(200) },
  "api.payroll.reopen.ts POST": { url: () => "/api/payroll/reopen", body: EMPTY_JSON, expect: adminApi(400) },
  "api.payroll.ts GET": { url: () => "/api/payroll?format=csv", expect: adminApi(200) },
  "api.office.kiosk-pairing.ts POST": { url: () => "/api/office/kiosk-pairing", body: EMPTY_JSON, expect: adminApi(400) },
  "api.office.kiosks.ts GET": { url: () => "/api/office/kiosks", expect: adminApi(200) },
  "api.office.kiosks.$id.revoke.ts POST": { url: () => "/api/office/kiosks/999999/revoke", expect: adminApi(404) },
  "api.overtime.$id.decision.ts POST": { url: (i) => `/api/overtime/${i.overtime}/decision`, body: EMPTY_JSON, expect: adminApi(400) },
  "api.overtime.ts GET": { url: () => `/api/overtime?month=${bangkokDate(3).slice(0, 7)}`, showsA: ["admin"], expect: adminApi(200) },
  "api.overtime.ts POST": { url: () => "/api/overtime", body: EMPTY_JSON, expect: adminApi(400) },
  "api.province.ts GET": { url: () => "/api/province", expect: adminApi(200) },
  "api.schedule.$id.employees.ts PUT": { url: () => "/api/schedule/1/employees", body: EMPTY_JSON, expect: adminApi(400) },
  "api.schedule.$id.ts GET": { url: () => "/api/schedule/1", expect: adminApi(200) },
  "api.schedule.$id.ts PATCH": { url: () => "/api/schedule/1", body: EMPTY_JSON, expect: adminApi(400) },
  "api.schedule.ts GET": { url: () => "/api/schedule", expect: adminApi(200) },
  "api.schedule.ts POST": { url: () => "/api/schedule", body: EMPTY_JSON, expect: adminApi(400) },
  "api.settings.ts GET": { url: () => "/api/settings", expect: adminApi(200) },
  "api.settings.ts PUT": { url: () => "/api/settings", body: EMPTY_JSON, expect: adminApi(400) },
  "api.user-auth.ts GET": { url: () => "/api/user-auth", expect: adminApi(200) },
  "healthz.ts GET": { url: () => "/healthz", expect: everyone(200) },

  // Pages: each loader and action asked alone (`?_data=`), so a child route cannot lean on its
  // layout's guard. Unknown intents show the guard let the admin through (400 from pageAction).
  "$.tsx loader": { url: () => "/no-such-page", expect: everyone(404) },
  "_index.tsx loader": { url: () => "/", expect: everyone("→/admin") },
  "admin._index.tsx loader": { url: () => "/admin", expect: adminPage() },
  "admin.account.tsx loader": { url: () => "/admin/account", expect: adminPage() },
  "admin.account.tsx action": { url: () => "/admin/account", body: PROBE_FORM, expect: adminPage(400) },
  "admin.audit.tsx loader": { url: () => "/admin/audit", expect: adminPage() },
  // The downloads answer only the system's own pages (ADR 042).
  "admin.backup.ts loader": { url: () => "/admin/backup", headers: { "sec-fetch-site": "same-origin" }, expect: adminPage() },
  "admin.backups.$file.ts loader": {
    url: () => "/admin/backups/no-such-backup.sqlite",
    headers: { "sec-fetch-site": "same-origin" },
    expect: adminPage(404),
  },
  "admin.checkin-out.tsx loader": { url: () => "/admin/checkin-out", expect: adminPage() },
  "admin.checkin-out.tsx action": { url: () => "/admin/checkin-out", body: PROBE_FORM, expect: adminPage(400) },
  "admin.dashboard.tsx loader": { url: () => "/admin/dashboard", expect: adminPage() },
  "admin.employee.tsx loader": { url: () => "/admin/employee", showsA: ["admin"], expect: adminPage() },
  "admin.employee.tsx action": { url: () => "/admin/employee", body: PROBE_FORM, expect: adminPage(400) },
  "admin.employee_.$id.tsx loader": { url: (i) => `/admin/employee/${i.employee}`, showsA: ["admin"], expect: adminPage() },
  "admin.employee_.$id_.timesheet.tsx loader": { url: (i) => `/admin/employee/${i.employee}/timesheet`, showsA: ["admin"], expect: adminPage() },
  "admin.jobs.tsx loader": { url: () => "/admin/jobs", expect: adminPage() },
  "admin.jobs.tsx action": { url: () => "/admin/jobs", body: PROBE_FORM, expect: adminPage(400) },
  "admin.leave-work.tsx loader": { url: () => "/admin/leave-work", expect: adminPage() },
  "admin.leave-work.tsx action": { url: () => "/admin/leave-work", body: PROBE_FORM, expect: adminPage(400) },
  "admin.line-group.tsx loader": { url: () => "/admin/line-group", expect: adminPage() },
  "admin.line-group.tsx action": { url: () => "/admin/line-group", body: PROBE_FORM, expect: adminPage(400) },
  "admin.line-reply.tsx loader": { url: () => "/admin/line-reply", expect: adminPage() },
  "admin.line-reply.tsx action": { url: () => "/admin/line-reply", body: PROBE_FORM, expect: adminPage(400) },
  "admin.payroll.tsx loader": { url: () => "/admin/payroll", expect: adminPage() },
  "admin.payroll.tsx action": { url: () => "/admin/payroll", body: PROBE_FORM, expect: adminPage(400) },
  "admin.overtime.tsx loader": { url: () => `/admin/overtime?month=${bangkokDate(3).slice(0, 7)}`, showsA: ["admin"], expect: adminPage() },
  "admin.overtime.tsx action": { url: () => "/admin/overtime", body: PROBE_FORM, expect: adminPage(400) },
  "admin.schedule.tsx loader": { url: () => "/admin/schedule", expect: adminPage() },
  "admin.schedule.tsx action": { url: () => "/admin/schedule", body: PROBE_FORM, expect: adminPage(400) },
  "admin.settings.tsx loader": { url: () => "/admin/settings", expect: adminPage() },
  "admin.settings.tsx action": { url: () => "/admin/settings", body: PROBE_FORM, expect: adminPage(400) },
  "admin.tsx loader": { url: () => "/admin", expect: adminPage() },
  "admin.users.tsx loader": { url: () => "/admin/users", expect: adminPage() },
  "admin.users.tsx action": { url: () => "/admin/users", body: PROBE_FORM, expect: adminPage(400) },
  "admin.vending-machine.tsx loader": { url: () => "/admin/vending-machine", expect: adminPage() },
  "admin.vending-machine.tsx action": { url: () => "/admin/vending-machine", body: PROBE_FORM, expect: adminPage(400) },

  "employee.$.tsx loader": { url: () => "/employee/no-such-page", expect: everyone(404) },
  "employee._index.tsx loader": { url: () => "/employee", showsA: ["A"], expect: employeePage },
  "employee.checkin-out.tsx loader": { url: () => "/employee/checkin-out", expect: employeePage },
  "employee.face.tsx loader": { url: () => "/employee/face", expect: employeePage },
  "employee.overtime.tsx loader": { url: () => "/employee/overtime", showsA: ["A"], expect: employeePage },
  "employee.petition.tsx loader": { url: () => "/employee/petition", showsA: ["A"], expect: employeePage },
  "employee.tsx loader": { url: () => "/employee", expect: everyone(200) },
  "employee.vending-machine.tsx loader": { url: () => "/employee/vending-machine", showsA: ["A"], expect: employeePage },
  "employee.verify.tsx loader": {
    url: () => "/employee/verify",
    expect: { anonymous: 200, A: "→/employee", B: "→/employee", resigned: 200, admin: 200 },
  },
  "employee.verify.tsx action": {
    url: () => "/employee/verify",
    body: { form: {} },
    expect: { anonymous: 401, A: 400, B: 400, resigned: 400, admin: 401 },
  },

  "kiosk.tsx loader": { url: () => "/kiosk", expect: everyone(200) },

  "login.tsx loader": { url: () => "/login", expect: { anonymous: "null", A: "null", B: "null", resigned: "null", admin: "→/admin" } },
  "login.tsx action": { url: () => "/login", body: { form: {} }, expect: everyone(400) },
  "logout.tsx loader": { url: () => "/logout", expect: everyone("→/admin") },
  "logout.tsx action": { url: () => "/logout", body: { form: {} }, spareAdmin: true, expect: everyone("→/login") },

  // Stored images: A's selfie. Someone else's file answers like a missing one.
  "uploads.$.ts loader": { url: (i) => i.selfie, expect: { anonymous: 401, A: 200, B: 404, resigned: 401, admin: 200 } },
  "uploads.$.ts action": { url: (i) => i.selfie, body: { form: {} }, expect: everyone(405) },
};

let scanned: Promise<string[]> | undefined;
const routeKeys = () => (scanned ??= scanRoutes());

/** Every row the route files call for: `file METHOD` of apiRoute(), `file loader|action` otherwise. */
async function scanRoutes(): Promise<string[]> {
  const keys: string[] = [];
  const files = fs.readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  for (const file of files) {
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
    if (/^api\..+\.ts$/.test(file) || file === "healthz.ts") {
      const mod = (await import(path.join(ROUTES_DIR, file))) as { loader?: ApiRouteFunction };
      const meta = mod.loader?.[API_ROUTE];
      if (meta) {
        keys.push(...meta.methods.map((m) => `${file} ${m}`));
        continue;
      }
    }
    for (const name of ["loader", "action"]) {
      const declared = new RegExp(`^export\\s+(?:const|let|(?:async\\s+)?function)\\s+${name}\\b`, "m");
      const listed = new RegExp(`^export\\s*(?:const\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}`, "m");
      if (declared.test(source) || listed.test(source)) keys.push(`${file} ${name}`);
    }
  }
  return keys.sort();
}

let server: RunningServer;
let cookies: Record<Exclude<Role, "anonymous">, string>;
let own: Ids;
let jpeg: Buffer;
let uploads: { selfie: string; attachment: string; visit: string; photo: string };
/** Strings that identify A's data: none may appear in an answer to anybody but A and the admin. */
let markers: string[];

const A_CODE = "AZ-OWNER-A";
const A_LAST = "เจ้าของข้อมูลเอ";
const A_MACHINE = "AZM-OWNER-A";
const A_REASON = "ลากิจของพนักงานเอ";
const A_CORRECTION = "ลืมลงเวลาของพนักงานเอ";
const A_NOTE = "บันทึกตู้ของพนักงานเอ";
const A_OVERTIME = "โอทีของพนักงานเอ";

const JSON_TYPE = { "content-type": "application/json" };
const call = (p: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${p}`, { redirect: "manual", ...init });

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

function bangkokDate(offsetDays = 0) {
  return new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

function photoForm(fields: Record<string, string | number>, field: string, jpeg: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  form.set(field, new File([new Uint8Array(jpeg)], "photo.jpg", { type: "image/jpeg" }));
  return form;
}

const uploadId = (url: string) => url.replace(/^\/uploads\/[a-z]+\//, "").replace(/\.jpg$/, "");

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  const admin = await adminCookie(server, ADMIN);
  const asAdmin = { Cookie: admin };
  await expectStatus(
    await call("/api/settings", {
      method: "PUT",
      headers: { ...JSON_TYPE, ...asAdmin },
      body: JSON.stringify({ offices: [{ name: "สำนักงาน", ...SITE, radius_m: 200 }] }),
    }),
    200,
    "settings",
  );
  const a = await linkedEmployee(server, admin, { code: A_CODE, demoUser: "Udemo0001", fields: { last_name: A_LAST } });
  const b = await linkedEmployee(server, admin, { code: "AZ-OTHER-B", demoUser: "Udemo0002" });
  const gone = await linkedEmployee(server, admin, { code: "AZ-GONE-R", demoUser: "Udemo0003" });
  await expectStatus(
    await call(`/api/employee/${gone.id}/resign`, {
      method: "POST",
      headers: { ...JSON_TYPE, ...asAdmin },
      body: JSON.stringify({ resign_date: bangkokDate(-1) }),
    }),
    200,
    "resign",
  );
  cookies = { admin, A: a.cookie, B: b.cookie, resigned: gone.cookie };
  jpeg = await makeJpeg();

  const checkIn = await expectStatus(
    await call("/api/emp/checkin-out", {
      method: "POST",
      headers: { Cookie: a.cookie },
      body: photoForm({ type: "in", lat: SITE.lat, lng: SITE.lng, accuracy: 10, position_at: Date.now(), client_time: new Date().toISOString() }, "photo", jpeg),
    }),
    201,
    "check-in",
  );
  const record = checkIn.record as { id: number; work_date: string; checkin_photo_url: string };

  // The pages list this year's leave: the petition's three days stay in this year (before them
  // when two weeks ahead is next year), and a span with no working day (a long holiday) is skipped.
  const fileIn = (from: number) =>
    call("/api/emp/leave/petition", {
      method: "POST",
      headers: { Cookie: a.cookie },
      body: photoForm({ type: 1, start_date: bangkokDate(from), end_date: bangkokDate(from + 2), half: "full", reason: A_REASON }, "attachment", jpeg),
    });
  const thisYear = bangkokDate().slice(0, 4);
  const starts = [14, 17, 20, -16, -19, -22].filter((d) => bangkokDate(d).startsWith(thisYear) && bangkokDate(d + 2).startsWith(thisYear));
  let response = await fileIn(starts[0]);
  for (const from of starts.slice(1)) {
    if (response.status !== 400) break;
    response = await fileIn(from);
  }
  const filed = await expectStatus(response, 201, "petition");
  const petition = filed.petition as { id: number; attachment_url: string };

  const corrected = await expectStatus(
    await call("/api/emp/checkin-out/correction", {
      method: "POST",
      headers: { ...JSON_TYPE, Cookie: a.cookie },
      body: JSON.stringify({ work_date: record.work_date, checkin_at: "00:01", reason: A_CORRECTION }),
    }),
    201,
    "correction",
  );

  const overtime = await expectStatus(
    await call("/api/emp/overtime", {
      method: "POST",
      headers: { ...JSON_TYPE, Cookie: a.cookie },
      body: JSON.stringify({ date: bangkokDate(3), start: "17:30", end: "20:00", reason: A_OVERTIME }),
    }),
    201,
    "overtime",
  );

  const machine = withServerDb(server.dataDir, (d) => {
    const m = insertMachine(d, { code: A_MACHINE });
    assignMachine(d, m.id, a.id);
    return m;
  });
  const reported = await expectStatus(
    await call("/api/emp/machine", {
      method: "POST",
      headers: { Cookie: a.cookie },
      body: photoForm({ machine_id: machine.id, status: "refilled", note: A_NOTE, lat: SITE.lat, lng: SITE.lng, accuracy: 10 }, "photo", jpeg),
    }),
    201,
    "visit",
  );
  const visit = reported.visit as { id: number; photo_url: string };

  const photo = await expectStatus(
    await call(`/api/employee/${a.id}/photo`, { method: "POST", headers: asAdmin, body: photoForm({}, "photo", jpeg) }),
    200,
    "employee photo",
  );
  const admins = await expectStatus(await call("/api/admin-user", { headers: asAdmin }), 200, "admin users");

  own = {
    employee: a.id,
    record: record.id,
    petition: petition.id,
    correction: (corrected.correction as { id: number }).id,
    overtime: (overtime.overtime as { id: number }).id,
    machine: machine.id,
    visit: visit.id,
    adminUser: (admins.admins as { id: number }[])[0].id,
    selfie: record.checkin_photo_url,
  };
  uploads = {
    selfie: record.checkin_photo_url,
    attachment: petition.attachment_url,
    visit: visit.photo_url,
    photo: (photo as { photo_url: string }).photo_url,
  };
  for (const [name, url] of Object.entries(uploads)) {
    if (!/^\/uploads\/[a-z]+\/[0-9a-f-]{36}\.jpg$/.test(url ?? "")) throw new Error(`A's ${name} has no upload: ${url}`);
  }
  markers = [A_CODE, A_LAST, A_MACHINE, A_REASON, A_CORRECTION, A_NOTE, A_OVERTIME, ...Object.values(uploads).map(uploadId)];
}, 120_000);
afterAll(() => server?.stop());

/** The route id Remix answers a `_data` request for: the file name without its extension. */
const routeId = (key: string) => `routes/${key.split(" ")[0].replace(/\.tsx?$/, "")}`;
const isResourceRoute = (file: string) =>
  file.endsWith(".ts") || !/^export default\b/m.test(fs.readFileSync(path.join(ROUTES_DIR, file), "utf8"));

function observe(response: Response, text: string): Outcome {
  const location = response.headers.get("x-remix-redirect") ?? (response.status >= 300 && response.status < 400 ? response.headers.get("location") : null);
  if (location) return `→${new URL(location, server.baseUrl).pathname}`;
  if (response.status === 200 && text.trim() === "null") return "null";
  return response.status;
}


async function cookieOf(role: Role, cell: Cell): Promise<string | null> {
  if (role === "anonymous") return null;
  if (role === "admin" && cell.spareAdmin) return adminCookie(server, ADMIN);
  return cookies[role];
}

async function ask(key: string, cell: Cell, role: Role) {
  const [file, kind] = key.split(" ");
  const ids = role === "admin" && cell.adminNowhere ? NOWHERE : own;
  let url = cell.url(ids);
  if ((kind === "loader" || kind === "action") && !isResourceRoute(file)) {
    url += `${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId(key))}`;
  }
  const method = kind === "loader" ? "GET" : kind === "action" ? "POST" : kind;
  const headers = new Headers(cell.headers);
  const cookie = await cookieOf(role, cell);
  if (cookie) headers.set("Cookie", cookie);
  const spec = typeof cell.body === "function" ? cell.body(ids) : cell.body;
  let body: BodyInit | undefined;
  if (spec && "json" in spec) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(spec.json);
  } else if (spec && "form" in spec) {
    body = new URLSearchParams(spec.form);
  } else if (spec) {
    body = photoForm(spec.multipart, spec.photo, jpeg);
  }
  const response = await call(url, { method, headers, body });
  const type = response.headers.get("content-type") ?? "";
  const text = type.startsWith("image/") ? `<${type}>` : await response.text();
  return { url, method, seen: observe(response, text), text };
}

describe("the table covers every route", () => {
  test("every route file's methods, loaders and actions have a row", async () => {
    const keys = await routeKeys();
    expect(keys.length).toBeGreaterThan(130);
    const missing = keys.filter((k) => !Object.hasOwn(TABLE, k));
    expect(missing, `routes without a row in the authorisation table (add the expected answers): ${missing.join(", ")}`).toEqual([]);
  });

  test("every row names a route that still exists", async () => {
    const keys = new Set(await routeKeys());
    const stale = Object.keys(TABLE).filter((k) => !keys.has(k));
    expect(stale, `rows for routes that no longer exist (remove them): ${stale.join(", ")}`).toEqual([]);
  });
});

describe("each route answers each caller as the table says", () => {
  test.each(Object.keys(TABLE))("%s", async (key) => {
    const cell = TABLE[key];
    const wrong: string[] = [];
    const others = await Promise.all(ROLES.filter((r) => r !== "A").map(async (role) => ({ role, ...(await ask(key, cell, role)) })));
    const answers = [...others, { role: "A" as const, ...(await ask(key, cell, "A")) }];
    for (const { role, url, method, seen, text } of answers) {
      if (seen !== cell.expect[role]) {
        wrong.push(`${role}: ${method} ${url} → ${seen}, expected ${String(cell.expect[role])} (${text.slice(0, 200)})`);
      }
      if (cell.showsA?.includes(role) && !markers.some((m) => text.includes(m))) {
        wrong.push(`${role}: ${method} ${url} answered none of A's data`);
      }
      if (role !== "A" && role !== "admin") {
        const leaked = markers.filter((m) => text.includes(m));
        if (leaked.length) wrong.push(`${role}: ${method} ${url} answered A's data (${leaked.join(", ")})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("A's stored images cannot be reached by anyone else, nor found by guessing", () => {
  const EXPECTED: Record<Role, number> = { anonymous: 401, resigned: 401, B: 404, A: 200, admin: 200 };
  test.each(["selfie", "attachment", "visit", "photo"] as const)("A's %s, whole and thumbnail", async (name) => {
    for (const role of ROLES) {
      for (const suffix of ["", "?size=thumb"]) {
        const cookie = role === "anonymous" ? null : cookies[role];
        const response = await call(`${uploads[name]}${suffix}`, { headers: cookie ? { Cookie: cookie } : {} });
        expect(response.status, `${role} ${uploads[name]}${suffix}`).toBe(EXPECTED[role]);
        if (EXPECTED[role] === 200) expect(response.headers.get("content-type")).toBe("image/jpeg");
      }
    }
  });

  test("A's file under another folder, and ids nobody was given, answer 404 to A and the admin too", async () => {
    const id = uploadId(uploads.selfie);
    const guesses = [
      `/uploads/employees/${id}.jpg`,
      `/uploads/leaves/${id}.jpg`,
      `/uploads/machines/${id}.jpg`,
      `/uploads/checkinouts/${id}.gif`,
      `/uploads/checkinouts/${id}`,
      `/uploads/checkinouts/${crypto.randomUUID()}.jpg`,
      `/uploads/machines/${crypto.randomUUID()}.jpg`,
      "/uploads/checkinouts/1.jpg",
      "/uploads/checkinouts/00000000-0000-0000-0000-000000000000.jpg",
    ];
    for (const role of ["A", "B", "admin"] as const) {
      for (const guess of guesses) {
        const response = await call(guess, { headers: { Cookie: cookies[role] } });
        expect(response.status, `${role} ${guess}`).toBe(404);
        expect(response.headers.get("content-type"), `${role} ${guess}`).not.toMatch(/^image\//);
      }
    }
  });
});
