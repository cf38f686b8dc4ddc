import { and, eq, inArray } from "drizzle-orm";
import { makeJpeg } from "../../../tests/fixtures/images";
import { admins, machineAssignments, machines, machineVisits, uploads } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addDays } from "~/lib/iso-day";
import { getUpload, uploadIdFromUrl } from "~/lib/uploads.server";
import { fieldErrors } from "~/lib/validation";
import { listAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, reinstateEmployee, resignEmployee } from "~/models/employees/employee.server";
import { isOverdue, machineDueDate } from "./rules";
import { mapMachine, unmapMachine } from "./assignment.server";
import { MachineCreateSchema, MachineListQuery, MachineUpdateSchema } from "./schema";
import { createMachine, getMachine, listMachines, overdueCondition, registeredDate, updateMachine } from "./machine.server";

const admin: { type: "admin"; id: number } = { type: "admin", id: 0 };

beforeAll(() => {
  admin.id = db().insert(admins).values({ username: "machine-admin", passwordHash: "x" }).returning().get().id;
});
const query = (q: Record<string, unknown> = {}) => MachineListQuery.parse(q);

let serial = 0;
function make(overrides: Record<string, unknown> = {}, photo: Uint8Array | null = null) {
  serial += 1;
  const input = MachineCreateSchema.parse({ code: `M${String(serial).padStart(4, "0")}`, name: "ตู้กาแฟ", type: 1, ...overrides });
  return createMachine(input, photo, admin);
}

function person(code: string) {
  return createEmployee(EmployeeCreateSchema.parse({ code, title: 1, first_name: "สมชาย", last_name: code }), admin);
}

async function rejects(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a DomainError");
}

function throws(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a DomainError");
}

const machineCount = () => db().select().from(machines).all().length;
const uploadCount = () => db().select().from(uploads).all().length;

/** A visit row as the visit report's transaction writes it (the newest one becomes last_visit_id). */
function visit(machineId: number, employeeId: number, visitDate: string, status: "normal" | "broken" = "normal") {
  immediate((tx) => {
    const row = tx
      .insert(machineVisits)
      .values({ machineId, employeeId, visitedAt: new Date(`${visitDate}T03:00:00Z`), visitDate, status })
      .returning({ id: machineVisits.id })
      .get();
    tx.update(machines).set({ lastVisitId: row.id }).where(eq(machines.id, machineId)).run();
  });
}

describe("validation", () => {
  test("type, coordinates, radius and schedule have Thai messages", () => {
    const result = MachineCreateSchema.safeParse({ code: "", name: "", type: 3, lat: 91, lng: -181, radius_m: 0, visit_every_days: 366 });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      code: "กรุณากรอกรหัสตู้",
      name: "กรุณากรอกชื่อตู้",
      type: "ประเภทตู้ต้องเป็น 1 (ทั่วไป) หรือ 2 (ผูกกับตู้)",
      lat: "ละติจูดต้องเป็นตัวเลขระหว่าง -90 ถึง 90",
      lng: "ลองจิจูดต้องเป็นตัวเลขระหว่าง -180 ถึง 180",
      radius_m: expect.stringContaining("มากกว่า 0"),
      visit_every_days: expect.stringContaining("1–365"),
    });
    for (const radius of [-5, 1.5, "abc", "1e2"]) {
      expect(MachineCreateSchema.safeParse({ code: "A", name: "x", type: 1, radius_m: radius }).success, String(radius)).toBe(false);
    }
  });

  test("form strings are read as numbers; blanks mean default / no schedule", () => {
    expect(MachineCreateSchema.parse({ code: "A", name: "x", type: "2", lat: "13.7563", lng: "100.5018", radius_m: "", visit_every_days: "" })).toMatchObject({
      type: 2,
      lat: 13.7563,
      lng: 100.5018,
      radius_m: undefined,
      visit_every_days: null,
    });
    expect(MachineUpdateSchema.parse({ lat: "", lng: null, active: "0" })).toEqual({ lat: null, lng: null, active: false });
  });
});

describe("create and update", () => {
  test("a machine gets the defaults and the DTO's fields; a map link when located", async () => {
    const m = await make({ name: "ตู้หน้าโรงงาน", lat: 13.75, lng: 100.5, address: "ถนนพระราม 9" });
    expect(m).toMatchObject({
      name: "ตู้หน้าโรงงาน",
      type: 1,
      type_label: "ทั่วไป",
      radius_m: 100,
      active: true,
      assigned: [],
      last_visit: null,
      visit_every_days: null,
      due_date: null,
      overdue: false,
      open_problem: false,
      photo_url: null,
      note: "",
      map_url: "https://www.google.com/maps/search/?api=1&query=13.75,100.5",
    });
    expect((await make()).map_url).toBeNull();
  });

  test("a duplicate code is 409 whatever its case; nothing written", async () => {
    const first = await make();
    const before = machineCount();
    const error = await rejects(make({ code: first.code.toLowerCase() }));
    expect(error.status).toBe(409);
    expect(error.message).toBe("รหัสตู้นี้มีอยู่แล้ว");
    expect(machineCount()).toBe(before);
    const other = await make();
    expect((await rejects(updateMachine(other.id, { code: first.code }, null, admin))).status).toBe(409);
  });

  test("type 2 needs a location, also when an edit makes it type 2 or clears the location; lat and lng go together", async () => {
    expect((await rejects(make({ type: 2 }))).status).toBe(400);
    const half = await rejects(make({ lat: 13 }));
    expect(half.status).toBe(400);
    expect(half.fields).toHaveProperty("lng");
    const general = await make();
    expect((await rejects(updateMachine(general.id, { type: 2 }, null, admin))).status).toBe(400);
    const tied = await make({ type: 2, lat: 13.7, lng: 100.5 });
    expect((await rejects(updateMachine(tied.id, { lat: null, lng: null }, null, admin))).status).toBe(400);
    expect((await updateMachine(tied.id, { type: 1, lat: null, lng: null }, null, admin)).map_url).toBeNull();
  });

  test("PATCH changes only what it is given; deactivate and reactivate are audit-logged", async () => {
    const m = await make({ note: "ชั้นสอง", visit_every_days: 7 });
    const renamed = await updateMachine(m.id, { name: "ตู้ใหม่" }, null, admin);
    expect(renamed).toMatchObject({ name: "ตู้ใหม่", note: "ชั้นสอง", visit_every_days: 7, code: m.code });
    expect((await updateMachine(m.id, { active: false }, null, admin)).active).toBe(false);
    expect((await updateMachine(m.id, { active: true }, null, admin)).active).toBe(true);
    const actions = listAudit({ entity: "machine", entityId: m.id }).map((a) => a.action);
    expect(actions).toEqual(["reactivate", "deactivate", "update", "create"]);
    expect((await rejects(updateMachine(999_999, { name: "x" }, null, admin))).status).toBe(404);
  });

  test("a photo is stored in folder machines with no owner; a replaced one is deleted; a non-image writes nothing", async () => {
    const m = await make({}, await makeJpeg());
    const first = uploadIdFromUrl(m.photo_url)!;
    expect(first.folder).toBe("machines");
    expect(getUpload(first.id)?.ownerEmployeeId).toBeNull();
    const replaced = await updateMachine(m.id, {}, await makeJpeg({ width: 200, height: 100 }), admin);
    expect(replaced.photo_url).not.toBe(m.photo_url);
    expect(getUpload(first.id)).toBeNull();

    const machinesBefore = machineCount();
    const uploadsBefore = uploadCount();
    const notImage = new TextEncoder().encode("<html>not a picture</html>");
    expect((await rejects(make({}, notImage))).status).toBe(400);
    expect((await rejects(updateMachine(m.id, { name: "ไม่ควรเปลี่ยน" }, notImage, admin))).status).toBe(400);
    expect(machineCount()).toBe(machinesBefore);
    expect(uploadCount()).toBe(uploadsBefore);
    expect(getMachine(m.id)?.name).toBe(m.name);
  });

  test("a duplicate code with a photo leaves no picture behind", async () => {
    const first = await make();
    const before = uploadCount();
    expect((await rejects(make({ code: first.code }, await makeJpeg()))).status).toBe(409);
    expect(uploadCount()).toBe(before);
  });
});

describe("assignment", () => {
  test("many-to-many; twice is 409; unmapping keeps history; not mapped is 404", async () => {
    const a = await make();
    const b = await make();
    const somchai = person("ASG-1");
    const somying = person("ASG-2");
    mapMachine({ machine_id: a.id, employee_id: somchai.id }, admin);
    mapMachine({ machine_id: a.id, employee_id: somying.id }, admin);
    const both = mapMachine({ machine_id: b.id, employee_id: somchai.id }, admin);
    expect(both.assigned.map((x) => x.employee_id)).toEqual([somchai.id]);
    expect(getMachine(a.id)!.assigned.map((x) => x.code)).toEqual(["ASG-1", "ASG-2"]);
    expect(throws(() => mapMachine({ machine_id: a.id, employee_id: somchai.id }, admin)).status).toBe(409);

    const after = unmapMachine({ machine_id: a.id, employee_id: somchai.id }, admin);
    expect(after.assigned.map((x) => x.code)).toEqual(["ASG-2"]);
    expect(throws(() => unmapMachine({ machine_id: a.id, employee_id: somchai.id }, admin)).status).toBe(404);
    const history = db().select().from(machineAssignments).where(eq(machineAssignments.machineId, a.id)).all();
    expect(history.find((h) => h.employeeId === somchai.id)).toMatchObject({ endReason: "unmapped", endedBy: admin.id });
    // mapped again after an unmap: a new open row beside the ended one
    mapMachine({ machine_id: a.id, employee_id: somchai.id }, admin);
    expect(db().select().from(machineAssignments).where(eq(machineAssignments.machineId, a.id)).all()).toHaveLength(3);
    expect(listAudit({ entity: "machine", entityId: a.id }).map((x) => x.action).slice(0, 2)).toEqual(["map", "unmap"]);
  });

  test("unknown machine or employee is 404; an inactive machine or a resigned employee is 409", async () => {
    const m = await make();
    const e = person("ASG-3");
    expect(throws(() => mapMachine({ machine_id: 999_999, employee_id: e.id }, admin)).status).toBe(404);
    expect(throws(() => mapMachine({ machine_id: m.id, employee_id: 999_999 }, admin)).status).toBe(404);
    expect(throws(() => unmapMachine({ machine_id: 999_999, employee_id: e.id }, admin)).status).toBe(404);
    const off = await make({ active: false });
    expect(throws(() => mapMachine({ machine_id: off.id, employee_id: e.id }, admin)).message).toMatch(/ปิดใช้งาน/);
    resignEmployee(e.id, "2020-01-01", admin);
    const resigned = throws(() => mapMachine({ machine_id: m.id, employee_id: e.id }, admin));
    expect(resigned.status).toBe(409);
    expect(resigned.message).toMatch(/ลาออก/);
  });

  test("resigning ends the employee's assignments (reason resigned) in the same transaction; reinstating does not restore them", async () => {
    const a = await make();
    const b = await make();
    const e = person("ASG-4");
    const stays = person("ASG-5");
    mapMachine({ machine_id: a.id, employee_id: e.id }, admin);
    mapMachine({ machine_id: b.id, employee_id: e.id }, admin);
    mapMachine({ machine_id: a.id, employee_id: stays.id }, admin);
    resignEmployee(e.id, "2021-06-30", admin);
    expect(getMachine(a.id)!.assigned.map((x) => x.employee_id)).toEqual([stays.id]);
    expect(getMachine(b.id)!.assigned).toEqual([]);
    const rows = db().select().from(machineAssignments).where(eq(machineAssignments.employeeId, e.id)).all();
    expect(rows.map((r) => r.endReason)).toEqual(["resigned", "resigned"]);
    reinstateEmployee(e.id, admin);
    expect(getMachine(b.id)!.assigned).toEqual([]);
  });

  test("a resignation refused inside its transaction keeps the assignments", async () => {
    const m = await make();
    const e = createEmployee(EmployeeCreateSchema.parse({ code: "ASG-6", title: 1, first_name: "ก", last_name: "ข", start_date: "2024-01-01" }), admin);
    mapMachine({ machine_id: m.id, employee_id: e.id }, admin);
    expect(throws(() => resignEmployee(e.id, "2023-01-01", admin)).status).toBe(400);
    expect(getMachine(m.id)!.assigned.map((x) => x.employee_id)).toEqual([e.id]);
  });
});

describe("list", () => {
  test("search on code, name and address; filters by type, employee, unassigned and active", async () => {
    const tag = `L${Date.now().toString(36)}`;
    const a = await make({ code: `${tag}-A`, name: "ตู้น้ำ", type: 2, lat: 13, lng: 100, address: "ลาดพร้าว" });
    const b = await make({ code: `${tag}-B`, name: "ตู้ขนม" });
    const c = await make({ code: `${tag}-C`, name: "ตู้ไอศกรีม", active: false });
    const e = person(`${tag}-E`);
    mapMachine({ machine_id: a.id, employee_id: e.id }, admin);
    const ids = (q: Record<string, unknown>) => listMachines(query({ q: tag, ...q })).items.map((m) => m.id);
    expect(ids({})).toEqual([a.id, b.id]);
    expect(ids({ active: "all" })).toEqual([a.id, b.id, c.id]);
    expect(ids({ active: "0" })).toEqual([c.id]);
    expect(ids({ type: "2" })).toEqual([a.id]);
    expect(ids({ employee_id: String(e.id) })).toEqual([a.id]);
    expect(ids({ unassigned: "1" })).toEqual([b.id]);
    expect(listMachines(query({ q: "ลาดพร้าว" })).items.map((m) => m.id)).toContain(a.id);
    expect(listMachines(query({ q: "ขนม" })).items.map((m) => m.id)).toContain(b.id);
    expect(listMachines(query({ q: "100%_" })).total).toBe(0);
    const page = listMachines(query({ q: tag, active: "all", page: "2", page_size: "2" }));
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.items.map((m) => m.id)).toEqual([c.id]);
  });

  test("last visit, open problem and due date come from the newest report", async () => {
    const m = await make({ visit_every_days: 10 });
    const e = person("VIS-1");
    visit(m.id, e.id, "2026-01-20", "broken");
    const seen = getMachine(m.id)!;
    expect(seen.last_visit).toMatchObject({ visit_date: "2026-01-20", status: "broken", employee_name: "นายสมชาย VIS-1" });
    expect(seen.open_problem).toBe(true);
    expect(seen.due_date).toBe("2026-01-30");
    visit(m.id, e.id, "2026-01-25", "normal");
    expect(getMachine(m.id)).toMatchObject({ open_problem: false, due_date: "2026-02-04" });
  });
});

describe("overdue: the SQL filter agrees with machine-rules", () => {
  afterEach(() => vi.useRealTimers());

  /** Machines registered at given instants (created_at set directly), some visited. */
  async function fixtures() {
    const e = person(`OVD-${serial}`);
    const cases: { id: number; createdAt: string; every: number | null; visitDate?: string; active?: boolean }[] = [
      // 30 Jan 23:30 in Bangkok vs 31 Jan 00:30 in Bangkok: a different registration date
      { id: 0, createdAt: "2026-01-30T16:30:00Z", every: 1 },
      { id: 0, createdAt: "2026-01-30T17:30:00Z", every: 1 },
      { id: 0, createdAt: "2026-01-30T17:30:00Z", every: 2 },
      { id: 0, createdAt: "2026-01-15T05:00:00Z", every: 14 },
      { id: 0, createdAt: "2026-01-15T05:00:00Z", every: 14, visitDate: "2026-01-31" },
      { id: 0, createdAt: "2026-01-15T05:00:00Z", every: 28, visitDate: "2026-01-31" },
      { id: 0, createdAt: "2026-01-01T05:00:00Z", every: 30, visitDate: "2026-01-30" },
      { id: 0, createdAt: "2026-02-27T20:00:00Z", every: 1 },
      { id: 0, createdAt: "2025-12-31T18:00:00Z", every: 31 },
      { id: 0, createdAt: "2026-01-01T05:00:00Z", every: null },
      { id: 0, createdAt: "2026-01-01T05:00:00Z", every: 1, active: false },
    ];
    for (const c of cases) {
      const m = await make({ visit_every_days: c.every, active: c.active ?? true });
      db().update(machines).set({ createdAt: new Date(c.createdAt) }).where(eq(machines.id, m.id)).run();
      if (c.visitDate) visit(m.id, e.id, c.visitDate);
      c.id = m.id;
    }
    return cases.map((c) => c.id);
  }

  test("across month ends (Jan → Feb, Feb → Mar) and the Bangkok midnight", async () => {
    const ids = await fixtures();
    expect(registeredDate(new Date("2026-01-30T16:30:00Z"))).toBe("2026-01-30");
    expect(registeredDate(new Date("2026-01-30T17:30:00Z"))).toBe("2026-01-31");
    let overdueSeen = 0;
    for (let today = "2026-01-29"; today <= "2026-03-05"; today = addDays(today, 1)) {
      const bySql = new Set(
        db()
          .select({ id: machines.id })
          .from(machines)
          .leftJoin(machineVisits, eq(machineVisits.id, machines.lastVisitId))
          .where(and(inArray(machines.id, ids), overdueCondition(today)))
          .all()
          .map((r) => r.id),
      );
      for (const id of ids) {
        const row = db().select().from(machines).where(eq(machines.id, id)).get()!;
        const last = row.lastVisitId ? db().select().from(machineVisits).where(eq(machineVisits.id, row.lastVisitId)).get()! : null;
        const due = machineDueDate({ visitEveryDays: row.visitEveryDays, lastVisitDate: last?.visitDate ?? null, sinceDate: registeredDate(row.createdAt) });
        const expected = row.active && isOverdue(due, today);
        expect(bySql.has(id), `machine ${id} on ${today} (due ${due})`).toBe(expected);
        if (expected) overdueSeen += 1;
      }
    }
    expect(overdueSeen).toBeGreaterThan(50);
  });

  test("the list's overdue=1 pages in SQL and the DTO's overdue says the same", async () => {
    const ids = await fixtures();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-02-01T10:00:00+07:00"));
    const all = listMachines(query({ active: "all", page_size: "200" })).items.filter((m) => ids.includes(m.id));
    const expected = all.filter((m) => m.overdue).map((m) => m.id);
    // 30 Jan (every 1) → due 31 Jan: overdue on 1 Feb; 31 Jan (every 1) → due 1 Feb: on time
    expect(expected).toContain(ids[0]);
    expect(expected).not.toContain(ids[1]);
    const listed = listMachines(query({ overdue: "1", page_size: "200" })).items.map((m) => m.id).filter((id) => ids.includes(id));
    expect(listed).toEqual(expected);
    const first = listMachines(query({ overdue: "1", page_size: "1" }));
    expect(first.items).toHaveLength(1);
    expect(first.items[0].overdue).toBe(true);
    expect(first.total).toBe(listMachines(query({ overdue: "1", page_size: "200" })).total);
  });
});
