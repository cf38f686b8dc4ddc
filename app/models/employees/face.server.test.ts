import { blankImage, faceSelfie, secondSelfieOfA, severalFacesImage } from "../../../tests/fixtures/faces";
import { db } from "~/lib/db.server";
import { DEFAULT_LIVENESS_THRESHOLD, closeFaceEngine } from "~/lib/face.server";
import { DomainError } from "~/lib/errors";
import { getUpload, uploadIdFromUrl } from "~/lib/uploads.server";
import { listAudit, recordAudit } from "~/models/audit/audit.server";
import { EmployeeCreateSchema } from "./schema";
import { createEmployee, requireEmployee } from "./employee.server";
import { faceWasReset, matchFace, registerFace, resetFace } from "./face.server";
import { setSetting } from "~/models/core/settings.server";

const system = { type: "system" as const };
const consented = { consent: true };
let n = 0;
function employee() {
  n += 1;
  return createEmployee(EmployeeCreateSchema.parse({ code: `F${n}`, title: 2, first_name: "นภา", last_name: "ใจงาม" }), system);
}

async function status(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).status;
}

afterAll(() => closeFaceEngine());

describe("face registration and matching", { timeout: 60_000 }, () => {
  test("registering stores the server's 128-number descriptor and the photo", async () => {
    const e = employee();
    const result = await registerFace(e.id, await faceSelfie("a"), { type: "employee", id: e.id }, consented);
    expect(result.face_url).toMatch(/^\/uploads\/employees\/.+\.jpg$/);
    const after = requireEmployee(e.id);
    expect(after).toMatchObject({ face_registered: true, face_url: result.face_url });
    expect(listAudit({ entity: "employee", entityId: e.id })[0].action).toBe("register_face");
  });

  test("the same person matches, a different person does not", async () => {
    const e = employee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    const same = await matchFace(e.id, await secondSelfieOfA());
    expect(same.match).toBe(1);
    expect(same.distance).toBeLessThan(0.5);
    // The selfie's own liveness score, whoever it matches (docs/decisions/051-selfie-liveness-score.md).
    expect(same.liveness).toBeGreaterThanOrEqual(DEFAULT_LIVENESS_THRESHOLD);
    expect(same.liveness).toBeLessThanOrEqual(1);
    const other = await matchFace(e.id, await faceSelfie("b"));
    expect(other.match).toBe(0);
    expect(other.distance).toBeGreaterThanOrEqual(0.5);
  });

  test("the threshold is a setting", async () => {
    const e = employee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    // The setting's range is 0.2–0.9: at 0.9 a different person (distance ~0.7) matches.
    setSetting("face_threshold", 0.9);
    expect((await matchFace(e.id, await faceSelfie("b"))).match).toBe(1);
    setSetting("face_threshold", 0.5);
    expect((await matchFace(e.id, await faceSelfie("b"))).match).toBe(0);
  });

  test("no face or several faces are refused with 422 and nothing is stored", async () => {
    const e = employee();
    expect(await status(registerFace(e.id, await blankImage(), system, consented))).toBe(422);
    expect(await status(registerFace(e.id, severalFacesImage(), system, consented))).toBe(422);
    expect(requireEmployee(e.id).face_registered).toBe(false);
  });

  test("without a registered face the match is 0 with a prompt, not an error", async () => {
    const e = employee();
    expect(await matchFace(e.id, await faceSelfie("a"))).toEqual({
      distance: null,
      match: 0,
      registered: false,
      confirmed: false,
      liveness: null,
      message: "ยังไม่ได้ลงทะเบียนใบหน้า กรุณาลงทะเบียนใบหน้าก่อน",
    });
  });

  test("an admin reset clears the face and is audited; resetting twice is a conflict", async () => {
    const e = employee();
    await registerFace(e.id, await faceSelfie("c"), system, consented);
    expect(resetFace(e.id, { type: "system" }).face_registered).toBe(false);
    expect(requireEmployee(e.id).face_url).toBeNull();
    expect(listAudit({ entity: "employee", entityId: e.id })[0].action).toBe("reset_face");
    expect(() => resetFace(e.id, system)).toThrow(DomainError);
  });

  test("a reset deletes the face photo; registering again replaces the previous photo", async () => {
    const e = employee();
    const first = await registerFace(e.id, await faceSelfie("a"), system, consented);
    const second = await registerFace(e.id, await secondSelfieOfA(), system, consented);
    expect(getUpload(uploadIdFromUrl(first.face_url)!.id)).toBeNull();
    expect(getUpload(uploadIdFromUrl(second.face_url)!.id)).not.toBeNull();
    resetFace(e.id, system);
    expect(getUpload(uploadIdFromUrl(second.face_url)!.id)).toBeNull();
  });

  test("faceWasReset: only without a face, after an admin reset, however much was logged since", async () => {
    const e = employee();
    expect(faceWasReset(e.id)).toBe(false);
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    resetFace(e.id, system);
    for (let i = 0; i < 250; i++) recordAudit({ actor: system, action: "push", entity: "employee", entityId: e.id });
    expect(faceWasReset(e.id)).toBe(true);
    // the answer is the employee's own state, not a search of the audit log
    db().$client.prepare("delete from audit_log where entity = 'employee' and entity_id = ?").run(String(e.id));
    expect(faceWasReset(e.id)).toBe(true);
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    expect(faceWasReset(e.id)).toBe(false);
  });

  test("the face photo belongs to its employee; a refused write stores nothing and keeps the old face", async () => {
    const e = employee();
    const first = await registerFace(e.id, await faceSelfie("a"), system, consented);
    expect(getUpload(uploadIdFromUrl(first.face_url)!.id)?.ownerEmployeeId).toBe(e.id);
    const snapshot = () =>
      db().$client.prepare("select count(*) as n, coalesce(sum(length(bytes)), 0) as bytes from uploads").get();
    const before = snapshot();
    db().$client.exec(
      `create temp trigger refuse_face before update of face_upload_id on employees when new.id = ${e.id}
       begin select raise(abort, 'refused'); end`,
    );
    try {
      await expect(registerFace(e.id, await secondSelfieOfA(), system, consented)).rejects.toThrow("refused");
    } finally {
      db().$client.exec("drop trigger refuse_face");
    }
    expect(snapshot()).toEqual(before);
    expect(requireEmployee(e.id).face_url).toBe(first.face_url);
    expect(getUpload(uploadIdFromUrl(first.face_url)!.id)).not.toBeNull();
  });
});

describe("biometric consent (PDPA s.26)", { timeout: 60_000 }, () => {
  const consentAt = (id: number) => db().$client.prepare("select face_consent_at as at from employees where id = ?").get(id) as { at: number | null };
  const uploadCount = () => (db().$client.prepare("select count(*) as n from uploads").get() as { n: number }).n;

  test("without consent, given now or stored, registration is a 400 and nothing is written", async () => {
    const e = employee();
    const before = uploadCount();
    const error = await registerFace(e.id, await faceSelfie("a"), system, { consent: false }).then(
      () => null,
      (x: unknown) => x,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(400);
    expect((error as DomainError).message).toMatch(/ยินยอม/);
    expect(requireEmployee(e.id).face_registered).toBe(false);
    expect(consentAt(e.id).at).toBeNull();
    expect(uploadCount()).toBe(before);
    expect(listAudit({ entity: "employee", entityId: e.id }).map((a) => a.action)).not.toContain("register_face");
  });

  test("consent is stored with the registration and audit-logged; a later registration may rely on it", async () => {
    const e = employee();
    const t0 = Date.now();
    await registerFace(e.id, await faceSelfie("a"), { type: "employee", id: e.id }, consented);
    const first = consentAt(e.id).at;
    expect(first).toBeGreaterThanOrEqual(t0);
    const consentLog = listAudit({ entity: "employee", entityId: e.id }).find((a) => a.action === "face_consent");
    expect(consentLog?.actorType).toBe("employee");
    expect(consentLog?.changes).toEqual({ face_consent_at: new Date(first!).toISOString() });

    await registerFace(e.id, await secondSelfieOfA(), system, { consent: false });
    expect(consentAt(e.id).at).toBe(first);
    expect(requireEmployee(e.id).face_registered).toBe(true);
  });

  test("a reset withdraws the consent with the face: the next registration needs it again", async () => {
    const e = employee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    resetFace(e.id, system);
    expect(consentAt(e.id).at).toBeNull();
    expect(await status(registerFace(e.id, await faceSelfie("a"), system, { consent: false }))).toBe(400);
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    expect(consentAt(e.id).at).not.toBeNull();
  });

  test("a new registration waits for an admin's confirmation again", async () => {
    const e = employee();
    await registerFace(e.id, await faceSelfie("a"), system, consented);
    db().$client.prepare("update employees set face_confirmed_at = ?, face_confirmed_by = null where id = ?").run(Date.now(), e.id);
    await registerFace(e.id, await secondSelfieOfA(), system, consented);
    const row = db().$client.prepare("select face_confirmed_at as at, face_confirmed_by as by from employees where id = ?").get(e.id);
    expect(row).toEqual({ at: null, by: null });
  });
});
