import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db.server";
import { databaseBefore } from "~/lib/migration.test-helpers";

// Migration 0017 rebuilds the employees table (a new column inside the stored search text) on a
// database that already holds employees and rows that point at them.
const TAG = "0017_employee_name_prefix";
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-migration-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("0017 keeps every employee, their references and the id sequence, and puts the prefix into the search", () => {
  const file = path.join(dir, "tn.sqlite");
  const old = databaseBefore(dir, file, TAG);
  old.prepare("insert into admins (id, username, password_hash) values (1, 'boss', 'x')").run();
  const addEmployee = old.prepare(
    "insert into employees (id, code, title, first_name, last_name, nickname, phone, face_confirmed_by) values (?, ?, 1, ?, 'ใจดี', ?, ?, ?)",
  );
  addEmployee.run(1, "E1", "สมชาย", "Ton", "081-234-5678", 1);
  addEmployee.run(2, "E2", "สมศักดิ์", "", "", null);
  addEmployee.run(7, "E7", "ชั่วคราว", "", "", null);
  old.prepare("delete from employees where id = 7").run(); // the sequence stays at 7
  old.prepare("insert into leave_quotas (employee_id, year, type, quota) values (2, 2026, 1, 5)").run();
  old.close();

  // The app's own open: WAL, foreign keys off around the migrator, then foreign_key_check.
  const upgraded = openDatabase(file);
  const sqlite = upgraded.$client;
  try {
    const rows = sqlite.prepare("select id, code, name_prefix, search_text, face_confirmed_by from employees order by id").all();
    expect(rows).toEqual([
      { id: 1, code: "E1", name_prefix: "", search_text: "e1 สมชาย ใจดี ton 0812345678", face_confirmed_by: 1 },
      { id: 2, code: "E2", name_prefix: "", search_text: "e2 สมศักดิ์ ใจดี  ", face_confirmed_by: null },
    ]);
    expect(sqlite.prepare("select employee_id from leave_quotas").all()).toEqual([{ employee_id: 2 }]);
    expect(sqlite.pragma("foreign_key_check")).toEqual([]);

    sqlite.prepare("update employees set name_prefix = 'ดร.' where id = 1").run();
    expect(sqlite.prepare("select search_text from employees where id = 1").get()).toEqual({ search_text: "e1 ดร. สมชาย ใจดี ton 0812345678" });
    const added = sqlite.prepare("insert into employees (code, title, first_name, last_name) values ('E8', 1, 'ใหม่', 'มา') returning id").get();
    expect(added).toEqual({ id: 8 });
    // The indexes came back with the table: a code is still unique whatever its case.
    expect(() => sqlite.prepare("insert into employees (code, title, first_name, last_name) values ('e1', 1, 'ซ้ำ', 'กัน')").run()).toThrow(/UNIQUE/);
    const indexes = sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'employees' and sql is not null order by name").all();
    expect(indexes.map((i) => (i as { name: string }).name)).toEqual([
      "employees_code_unique",
      "employees_face_upload_idx",
      "employees_line_user_unique",
      "employees_photo_upload_idx",
      "employees_resign_idx",
    ]);
  } finally {
    sqlite.close();
  }
});
