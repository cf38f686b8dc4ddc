import { actionLabel, changesText, describeChanges, entityLabel, fieldLabel, formatAuditValue } from "./labels";

describe("describeChanges: every shape the models store", () => {
  test("nothing stored → no lines", () => {
    expect(describeChanges(null)).toEqual([]);
    expect(describeChanges(undefined)).toEqual([]);
  });

  test("{field: {from, to}} → before → after per field, labelled in Thai, dates in BE", () => {
    expect(
      describeChanges({ first_name: { from: "สมชาย", to: "สมศักดิ์" }, resign_date: { from: null, to: "2026-11-21" } }, "employee"),
    ).toEqual([
      { field: "first_name", label: "ชื่อ", from: "สมชาย", to: "สมศักดิ์" },
      { field: "resign_date", label: "วันที่ลาออก", from: "-", to: "21 พ.ย. 2569" },
    ]);
  });

  test("{before, after} → only the fields that differ", () => {
    const lines = describeChanges(
      { before: { date: "2026-12-05", name: "วันพ่อ" }, after: { date: "2026-12-05", name: "วันพ่อแห่งชาติ" } },
      "holiday",
    );
    expect(lines).toEqual([{ field: "name", label: "ชื่อ", from: "วันพ่อ", to: "วันพ่อแห่งชาติ" }]);
  });

  test("{before: null, after: {...}} → every field of the new record", () => {
    expect(describeChanges({ before: null, after: { name: "ก" } })).toEqual([{ field: "name", label: "ชื่อ", from: "-", to: "ก" }]);
  });

  test("plain values, mixed with from/to; enumerations of the entity in Thai; a DTO's *_label left out", () => {
    const lines = describeChanges(
      { status: { from: 1, to: 2 }, note: "ok", type: 2, type_label: "ลาป่วย", days: 1.5, created: true },
      "leave_petition",
    );
    expect(lines).toEqual([
      { field: "status", label: "สถานะ", from: "ยื่นคำขอ", to: "อนุมัติ" },
      { field: "note", label: "หมายเหตุ", value: "ok" },
      { field: "type", label: "ประเภทการลา", value: "ลาป่วย" },
      { field: "days", label: "จำนวนวัน", value: "1.5" },
      { field: "created", label: "สร้างรายการใหม่", value: "ใช่" },
    ]);
  });

  test("lists and nested records stay readable; an instant becomes Thai date and time; unknown fields raw", () => {
    const lines = describeChanges({
      invalid: [{ id: 3, error: "bad" }],
      tags: ["a", "b"],
      checkin_at: { from: null, to: "2026-11-21T01:30:00.000Z" },
      mystery_field: 7,
    });
    expect(lines).toEqual([
      { field: "invalid", label: "ไม่ผ่าน", value: '[{"id":3,"error":"bad"}]' },
      { field: "tags", label: "tags", value: "a, b" },
      { field: "checkin_at", label: "เวลาเข้างาน", from: "-", to: "21 พ.ย. 2569 08:30" },
      { field: "mystery_field", label: "mystery_field", value: "7" },
    ]);
  });

  test("an admin's password change says how it was set, never a value; the admin and import actions in Thai", () => {
    expect(describeChanges({ password: { from: null, to: "generated" }, active: { from: true, to: false } }, "admin")).toEqual([
      { field: "password", label: "รหัสผ่าน", from: "-", to: "สุ่มรหัสใหม่" },
      { field: "active", label: "ใช้งาน", from: "ใช่", to: "ไม่ใช่" },
    ]);
    expect(describeChanges({ mode: "valid_only", total: 3, skipped: 1 }, "employee").map((l) => `${l.label}: ${"value" in l ? l.value : ""}`)).toEqual([
      "วิธีนำเข้า: เฉพาะแถวที่ถูกต้อง",
      "ทั้งหมด (แถว): 3",
      "ข้าม (แถว): 1",
    ]);
    expect([actionLabel("end_sessions"), actionLabel("import")]).toEqual(["ออกจากระบบอุปกรณ์อื่นทั้งหมด", "นำเข้า"]);
  });

  test("a list or a number stored at the top → one line", () => {
    expect(describeChanges([1, 2])).toEqual([{ field: "", label: "ข้อมูล", value: "1, 2" }]);
    expect(describeChanges(5)).toEqual([{ field: "", label: "ข้อมูล", value: "5" }]);
  });

  test("a very long value is cut", () => {
    const [line] = describeChanges({ note: "ก".repeat(1000) });
    expect("value" in line && line.value.length).toBe(300);
  });

  test("changesText joins the lines for a CSV cell", () => {
    expect(changesText(describeChanges({ code: { from: "E1", to: "E2" }, note: "x" }))).toBe("รหัส: E1 → E2; หมายเหตุ: x");
  });
});

test("labels: known words in Thai, unknown ones raw", () => {
  expect(actionLabel("resign")).toBe("บันทึกการลาออก");
  expect(actionLabel("new_thing")).toBe("new_thing");
  expect(entityLabel("leave_petition")).toBe("ใบลา");
  expect(entityLabel("widget")).toBe("widget");
  expect(fieldLabel("start_date", "employee")).toBe("วันเริ่มงาน");
  expect(fieldLabel("start_date", "leave_petition")).toBe("วันเริ่มลา");
  expect(formatAuditValue("")).toBe("-");
  expect(formatAuditValue(false)).toBe("ไม่ใช่");
  expect(formatAuditValue(1, { field: "title" })).toBe("นาย");
});
