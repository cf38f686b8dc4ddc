import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { isJpegBytes, makeJpeg } from "../../tests/fixtures/images";
import { employees } from "../../db/schema";
import { db, immediate } from "./db.server";
import { encodeImage } from "./image.server";
import {
  canView,
  deleteUpload,
  getUpload,
  parseUploadPath,
  UPLOAD_FOLDERS,
  saveUpload,
  uploadIdFromUrl,
  uploadUrl,
  type UploadFolder,
} from "./uploads.server";

async function store(bytes: Uint8Array, folder: UploadFolder, owner: number | null = null) {
  const encoded = await encodeImage(bytes);
  return immediate((tx) => saveUpload(tx, encoded, folder, owner));
}

describe("saveUpload", () => {
  test("a real JPEG is stored as JPEG with its row: folder, mime, size, dimensions, sha256, thumbnail", async () => {
    const stored = await store(await makeJpeg({ width: 320, height: 240 }), "employees");
    expect(stored.url).toBe(`/uploads/employees/${stored.id}.jpg`);
    expect(stored).toMatchObject({ width: 320, height: 240 });

    const row = getUpload(stored.id)!;
    expect(row).toMatchObject({ folder: "employees", mime: "image/jpeg", width: 320, height: 240 });
    expect(isJpegBytes(row.bytes)).toBe(true);
    expect(row.size).toBe(row.bytes.byteLength);
    expect(stored.size).toBe(row.bytes.byteLength);
    expect(row.sha256).toBe(crypto.createHash("sha256").update(row.bytes).digest("hex"));
    const meta = await sharp(row.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 320, height: 240 });
    expect(isJpegBytes(row.thumb!)).toBe(true);
    expect(row.ownerEmployeeId).toBeNull();
  });

  test("each upload gets its own id; deleteUpload removes the row", async () => {
    const bytes = await makeJpeg();
    const a = await store(bytes, "employees");
    const b = await store(bytes, "employees");
    expect(a.id).not.toBe(b.id);
    expect(deleteUpload(a.id)).toBe(true);
    expect(getUpload(a.id)).toBeNull();
    expect(deleteUpload(a.id)).toBe(false);
    expect(getUpload(b.id)).not.toBeNull();
  });

  test("deleting an upload finds the rows still pointing at it by index in every table, never by reading a table", () => {
    const referencing = db()
      .all<{ name: string }>(
        sql`select m.name from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table' and f."table" = 'uploads'`,
      )
      .map((r) => r.name);
    expect(referencing).toEqual(expect.arrayContaining(["attendance", "employees", "leave_petitions", "machine_visits"]));
    const plan = db()
      .all<{ detail: string }>(sql`explain query plan delete from uploads where id = 'x'`)
      .map((r) => r.detail);
    expect(plan.filter((line) => /^SCAN /.test(line))).toEqual([]);
    for (const table of new Set(referencing)) expect(plan.some((line) => line.startsWith(`SEARCH ${table} USING `))).toBe(true);
  });
});

describe("URLs", () => {
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

  test("uploadUrl, parseUploadPath and uploadIdFromUrl agree", () => {
    expect(uploadUrl("employees", id)).toBe(`/uploads/employees/${id}.jpg`);
    expect(uploadIdFromUrl(uploadUrl("machines", id))).toEqual({ folder: "machines", id });
    expect(uploadIdFromUrl(`https://tn.example/uploads/linegroups/${id}.jpg`)).toEqual({ folder: "linegroups", id });
    expect(parseUploadPath(`checkinouts/${id}.webp`)).toEqual({ folder: "checkinouts", id });
  });

  test("every upload folder is served (a folder added later must be reachable)", () => {
    for (const folder of UPLOAD_FOLDERS) {
      expect(uploadIdFromUrl(uploadUrl(folder, id))).toEqual({ folder, id });
    }
  });

  test("anything but <folder>/<uuid>.<image ext> is rejected", () => {
    for (const path of [
      `others/${id}.jpg`,
      `employees/${id}.html`,
      `employees/${id}`,
      `employees//${id}.jpg`,
      `employees/../${id}.jpg`,
      `employees/${id}.jpg/x`,
      `employees/${id.toUpperCase()}.jpg`,
      `employees/..%2f..%2fpackage.json`,
      "../package.json",
      "",
    ]) {
      expect(parseUploadPath(path)).toBeNull();
    }
    expect(uploadIdFromUrl("/api/employee/1")).toBeNull();
    expect(uploadIdFromUrl(null)).toBeNull();
  });
});

describe("canView", () => {
  const admin = { kind: "admin", adminId: 1 } as const;

  test("admins see every upload, owned or not", () => {
    expect(canView({ ownerEmployeeId: null, folder: "linegroups" }, admin)).toBe(true);
    expect(canView({ ownerEmployeeId: 7, folder: "checkinouts" }, admin)).toBe(true);
  });

  test("nobody else does, except an employee for the uploads they own", async () => {
    expect(canView({ ownerEmployeeId: null, folder: "linegroups" }, null)).toBe(false);
    expect(canView({ ownerEmployeeId: 1, folder: "employees" }, null)).toBe(false);

    const owner = db().insert(employees).values({ code: "OWN-1", title: 1, firstName: "ก", lastName: "ข" }).returning().get();
    const stranger = db().insert(employees).values({ code: "OWN-2", title: 1, firstName: "ค", lastName: "ง" }).returning().get();
    const own = getUpload((await store(await makeJpeg(), "checkinouts", owner.id)).id)!;
    const nobodys = getUpload((await store(await makeJpeg(), "linegroups")).id)!;
    expect(own.ownerEmployeeId).toBe(owner.id);
    expect(nobodys.ownerEmployeeId).toBeNull();
    expect(canView(own, { kind: "employee", employeeId: owner.id })).toBe(true);
    expect(canView(own, { kind: "employee", employeeId: stranger.id })).toBe(false);
    expect(canView(nobodys, { kind: "employee", employeeId: owner.id })).toBe(false);
  });

  test("a cabinet's picture (folder machines, no owner) is shown to every signed-in employee; an owned one is not", async () => {
    const a = db().insert(employees).values({ code: "MCH-1", title: 1, firstName: "ก", lastName: "ข" }).returning().get();
    const b = db().insert(employees).values({ code: "MCH-2", title: 1, firstName: "ค", lastName: "ง" }).returning().get();
    const cabinet = getUpload((await store(await makeJpeg(), "machines")).id)!;
    const visitPhoto = getUpload((await store(await makeJpeg(), "machines", a.id)).id)!;
    expect(canView(cabinet, { kind: "employee", employeeId: a.id })).toBe(true);
    expect(canView(cabinet, { kind: "employee", employeeId: b.id })).toBe(true);
    expect(canView(cabinet, null)).toBe(false);
    expect(canView(visitPhoto, { kind: "employee", employeeId: a.id })).toBe(true);
    expect(canView(visitPhoto, { kind: "employee", employeeId: b.id })).toBe(false);
    expect(canView(visitPhoto, { kind: "admin", adminId: 1 })).toBe(true);
  });
});

describe("saving inside the caller's transaction", () => {
  test("a write refused after saveUpload leaves uploads exactly as it was", async () => {
    await store(await makeJpeg(), "employees");
    const snapshot = () =>
      db().$client.prepare("select count(*) as n, coalesce(sum(length(bytes)), 0) as bytes from uploads").get();
    const before = snapshot();
    const encoded = await encodeImage(await makeJpeg({ width: 300, height: 200 }));
    let saved: string | null = null;
    expect(() =>
      immediate((tx) => {
        saved = saveUpload(tx, encoded, "employees").id;
        throw new Error("the owner row's write was refused");
      }),
    ).toThrow("refused");
    expect(saved).not.toBeNull();
    expect(getUpload(saved!)).toBeNull();
    expect(snapshot()).toEqual(before);
  });
});
