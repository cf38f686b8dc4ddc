// The employee machine API's answers as the LIFF page reads them (GET/POST /api/emp/machine).
export type { EmployeeMachine, VisitDto } from "~/models/machines/visit.server";
