import { auditRefs, changesText, describeChanges, entityName, formatAuditValue, type AuditNames, type ChangeLine } from "./changes";

const text = (lines: ChangeLine[]) => lines.map((l) => `${l.label}: ${"value" in l ? l.value : `${l.from} → ${l.to}`}`);

const names: AuditNames = {
  employee: new Map([[7, "นายมานะ ทดสอบ (A001)"]]),
  admin: new Map([[2, "สมหญิง ผู้ดูแล"]]),
  province: new Map([[1, "กรุงเทพมหานคร"]]),
  amphur: new Map([[5, "เขตพระนคร"]]),
  district: new Map([[9, "พระบรมมหาราชวัง"]]),
  machine: new Map([[3, "M001 ตู้หน้าโรงงาน"]]),
  reply_message: new Map([[4, "“สวัสดี”"]]),
  leave_petition: new Map([[12, "นายมานะ ทดสอบ · ลากิจ 21 พ.ย. 2569"]]),
};

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
      { before: { date: "2026-12-05", name: "วันพ่อ", kind: "public" }, after: { date: "2026-12-05", name: "วันพ่อแห่งชาติ", kind: "company" } },
      "holiday",
    );
    expect(lines).toEqual([
      { field: "name", label: "ชื่อวันหยุด", from: "วันพ่อ", to: "วันพ่อแห่งชาติ" },
      { field: "kind", label: "ชนิดวันหยุด", from: "วันหยุดราชการ", to: "วันหยุดบริษัท" },
    ]);
  });

  test("{before: null, after: {...}} → every field of the new record", () => {
    expect(describeChanges({ before: null, after: { name: "ก" } })).toEqual([{ field: "name", label: "ชื่อ", from: "-", to: "ก" }]);
  });

  test("plain values, mixed with from/to; a DTO's *_label and its own id left out; empty values left out", () => {
    const lines = describeChanges(
      { id: 12, status: { from: 1, to: 2 }, note: "ok", decision_note: null, type: 2, type_label: "ลาป่วย", days: 1.5, certificate_note: "" },
      "leave_petition",
    );
    expect(lines).toEqual([
      { field: "status", label: "สถานะ", from: "ยื่นคำขอ", to: "อนุมัติ" },
      { field: "note", label: "หมายเหตุ", value: "ok" },
      { field: "type", label: "ประเภทการลา", value: "ลาป่วย" },
      { field: "days", label: "จำนวนวัน", value: "1.5" },
    ]);
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

describe("each kind of field in Thai", () => {
  test("enumerations through their domain's labels: half, leave status and type, who cancelled, titles, corrections, reviews", () => {
    expect(text(describeChanges({ half: "full", type: 1, status: 0, cancelled_by: "employee" }, "leave_petition"))).toEqual([
      "ช่วงเวลา: เต็มวัน",
      "ประเภทการลา: ลากิจ",
      "สถานะ: ยกเลิก",
      "ยกเลิกโดย: พนักงาน",
    ]);
    expect(formatAuditValue("morning", { field: "half" })).toBe("ครึ่งวันเช้า");
    expect(text(describeChanges({ status: { from: "pending", to: "rejected" } }, "attendance_correction"))).toEqual(["สถานะคำขอ: รออนุมัติ → ไม่อนุมัติ"]);
    expect(text(describeChanges({ review_status: { from: "pending", to: "rejected" } }, "attendance"))).toEqual(["ผลการตรวจสอบ: รอตรวจสอบ → ปฏิเสธแล้ว"]);
    expect(text(describeChanges({ title: { from: 1, to: 3 }, type: 2 }, "employee"))).toEqual(["คำนำหน้า: นาย → นางสาว", "ประเภท: 2"]);
    expect(text(describeChanges({ type: 2 }, "machine"))).toEqual(["ประเภทตู้: ผูกกับตู้"]);
    expect(text(describeChanges({ match: "contains" }, "reply_message"))).toEqual(["การจับคู่: มีคำนี้"]);
    expect(text(describeChanges({ kind: "leave_decision" }, "employee"))).toEqual(["ชนิดข้อความ: แจ้งผลการลา"]);
    expect(text(describeChanges({ source: "seed" }, "holiday"))).toEqual(["ที่มา: ประกาศราชการ"]);
  });

  test("yes/no: booleans and the checked tick (0/1)", () => {
    expect(text(describeChanges({ active: { from: true, to: false }, checked: { from: 0, to: 1 } }, "attendance"))).toEqual([
      "ใช้งาน: ใช่ → ไม่ใช่",
      "ตรวจแล้ว: ไม่ใช่ → ใช่",
    ]);
  });

  test("dates, instants and years in Buddhist-era Thai", () => {
    expect(
      text(
        describeChanges(
          { start_date: "2026-11-21", decided_at: "2026-11-21T02:05:00.000Z", created_at: "2026-11-20T17:30:00.000Z", year: 2026 },
          "leave_petition",
        ),
      ),
    ).toEqual(["วันเริ่มลา: 21 พ.ย. 2569", "เวลาที่พิจารณา: 21 พ.ย. 2569 09:05", "สร้างเมื่อ: 21 พ.ย. 2569 00:30", "ปี: 2569"]);
    expect(text(describeChanges({ year: 2027, type: 3, quota: { from: null, to: 6 } }, "leave_quota"))).toEqual([
      "ปี: 2570",
      "ประเภทการลา: ลาพักร้อน",
      "สิทธิ์ (วัน): - → 6",
    ]);
  });

  test("ids of employees, provinces, amphurs, districts, cabinets and replies by name; an unknown one by number", () => {
    expect(
      text(describeChanges({ province_id: { from: null, to: 1 }, amphur_id: { from: null, to: 5 }, district_id: { from: 77, to: 9 } }, "employee", names)),
    ).toEqual(["จังหวัด: - → กรุงเทพมหานคร", "อำเภอ/เขต: - → เขตพระนคร", "ตำบล/แขวง: #77 → พระบรมมหาราชวัง"]);
    expect(text(describeChanges({ employee_id: 7, reason: "resigned" }, "machine", names))).toEqual(["พนักงาน: นายมานะ ทดสอบ (A001)", "เหตุผล: พนักงานลาออก"]);
    expect(text(describeChanges({ synced: 2, invalid: [{ id: 4, error: "LINE ไม่รับข้อความนี้" }] }, "reply_message", names))).toEqual([
      "ตรวจกับ LINE (ข้อความ): 2",
      "ไม่ผ่าน: “สวัสดี”: LINE ไม่รับข้อความนี้",
    ]);
    expect(formatAuditValue(7, { field: "employee_id" })).toBe("#7");
  });

  test("uploads as รูปภาพ / ไฟล์แนบ, never their path", () => {
    const photo = "/uploads/employees/0f8fad5b-d9cb-469f-a165-70867728950e.jpg";
    const other = "/uploads/employees/1f8fad5b-d9cb-469f-a165-70867728950e.jpg";
    const leave = "/uploads/leaves/2f8fad5b-d9cb-469f-a165-70867728950e.jpg";
    expect(text(describeChanges({ photo_url: { from: photo, to: other } }, "employee"))).toEqual(["รูป: รูปภาพเดิม → รูปภาพใหม่"]);
    expect(text(describeChanges({ photo_url: { from: null, to: photo } }, "employee"))).toEqual(["รูป: - → รูปภาพ"]);
    expect(text(describeChanges({ face_url: photo, note: "" }, "employee"))).toEqual(["รูปใบหน้า: รูปภาพ"]);
    expect(text(describeChanges({ attachment_url: leave }, "leave_petition"))).toEqual(["ไฟล์แนบ: ไฟล์แนบ"]);
    expect(formatAuditValue(leave, { field: "mystery" })).toBe("ไฟล์แนบ");
  });

  test("LINE: messages by their text, an account by its last characters", () => {
    expect(
      text(
        describeChanges(
          { push_id: 31, kind: "manual", messages: [{ type: "text", text: "สวัสดีครับ" }, { type: "flex", altText: "ผลการลา", contents: {} }, { type: "sticker" }] },
          "employee",
        ),
      ),
    ).toEqual(["เลขที่การส่ง: 31", "ชนิดข้อความ: ข้อความจากผู้ดูแล", "ข้อความที่ส่ง: สวัสดีครับ / การ์ด: ผลการลา / [สติกเกอร์]"]);
    expect(text(describeChanges({ line_user_id: "U4af4980629abcd", via: "line_code" }, "admin"))).toEqual([
      "บัญชี LINE: บัญชีที่ลงท้ายด้วย abcd",
      "ช่องทาง: รหัสเชื่อมที่ส่งใน LINE",
    ]);
    expect(text(describeChanges({ line_user_id: "U4af4980629wxyz", via: "disabled" }, "admin"))).toEqual([
      "บัญชี LINE: บัญชีที่ลงท้ายด้วย wxyz",
      "ช่องทาง: ปิดใช้งานผู้ดูแลระบบ",
    ]);
    expect(text(describeChanges({ text: "ทดสอบ", retry_key: "0f8fad5b-d9cb-469f-a165-70867728950e" }, "line_group"))).toEqual(["ข้อความทดสอบ: ทดสอบ"]);
  });

  test("settings: their own labels, work days, offices, reminders and choices in words", () => {
    expect(
      text(
        describeChanges(
          {
            work_days: { from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4, 5, 6] },
            offices: { from: [], to: [{ name: "สำนักงานใหญ่", lat: 13.75, lng: 100.5, radius_m: 150 }] },
            daily_summary: { from: { on: true, time: "18:00" }, to: { on: false, time: "18:00" } },
            remind_checkin: { from: { on: true, after_minutes: 15 }, to: { on: true, after_minutes: 30 } },
            outside_radius: { from: "review", to: "reject" },
            require_selfie: { from: true, to: false },
            late_grace_minutes: { from: 0, to: 5 },
          },
          "settings",
        ),
      ),
    ).toEqual([
      "วันทำงาน: จ. อ. พ. พฤ. ศ. → จ. อ. พ. พฤ. ศ. ส.",
      "สำนักงาน: ไม่มี → สำนักงานใหญ่ (13.75, 100.5 รัศมี 150 ม.)",
      "สรุปประจำวัน: เปิด เวลา 18:00 น. → ปิด",
      "เตือนลงเวลาเข้างาน: เปิด 15 นาทีหลังเวลาเข้างาน → เปิด 30 นาทีหลังเวลาเข้างาน",
      "เมื่ออยู่นอกรัศมี: รับไว้และส่งให้ตรวจสอบ → ไม่ให้ลงเวลา",
      "บังคับถ่ายรูปใบหน้าเมื่อลงเวลา: ใช่ → ไม่ใช่",
      "ผ่อนผันมาสาย (นาที): 0 → 5",
    ]);
  });

  test("an admin's password change says how it was set, never a value; the import's counts", () => {
    expect(text(describeChanges({ password: { from: null, to: "generated" } }, "admin"))).toEqual(["รหัสผ่าน: - → สุ่มรหัสใหม่"]);
    expect(text(describeChanges({ mode: "valid_only", total: 3, created: 2, skipped: 1 }, "employee"))).toEqual([
      "วิธีนำเข้า: เฉพาะแถวที่ถูกต้อง",
      "ทั้งหมด (แถว): 3",
      "เพิ่มแล้ว (แถว): 2",
      "ข้าม (แถว): 1",
    ]);
  });

  test("an unknown field or shape still reads: the name with spaces, a nested record as label: value; never a crash", () => {
    expect(text(describeChanges({ mystery_field: 7, tags: ["a", "b"], extra: { note: "x", year: 2026, deep: { on: true } } }))).toEqual([
      "mystery field: 7",
      "tags: a, b",
      "extra: หมายเหตุ: x, ปี: 2569, deep: เปิดใช้: ใช่",
    ]);
    expect(() => describeChanges({ weird: [[1, [2]], { a: null }], f: { from: { x: [1] }, to: Symbol.iterator } })).not.toThrow();
  });

  test("a whole created leave, as the model stores it, has no English word, no raw field and no path", () => {
    const created = {
      id: 12,
      employee_id: 7,
      type: 1,
      type_label: "ลากิจ",
      start_date: "2026-11-21",
      end_date: "2026-11-21",
      half: "morning",
      days: 0.5,
      year: 2026,
      reason: "ธุระที่บ้าน",
      attachment_url: "/uploads/leaves/2f8fad5b-d9cb-469f-a165-70867728950e.jpg",
      certificate_note: null,
      status: 1,
      status_label: "ยื่นคำขอ",
      decided_at: null,
      decision_note: null,
      cancelled_by: null,
      created_at: "2026-11-20T03:00:00.000Z",
    };
    const lines = text(describeChanges(created, "leave_petition", names));
    expect(lines).toEqual([
      "พนักงาน: นายมานะ ทดสอบ (A001)",
      "ประเภทการลา: ลากิจ",
      "วันเริ่มลา: 21 พ.ย. 2569",
      "วันสิ้นสุดการลา: 21 พ.ย. 2569",
      "ช่วงเวลา: ครึ่งวันเช้า",
      "จำนวนวัน: 0.5",
      "ปี: 2569",
      "เหตุผล: ธุระที่บ้าน",
      "ไฟล์แนบ: ไฟล์แนบ",
      "สถานะ: ยื่นคำขอ",
      "สร้างเมื่อ: 20 พ.ย. 2569 10:00",
    ]);
    expect(lines.join("\n")).not.toMatch(/[a-z]{2}|2026|\/uploads/);
  });
});

describe("what a row is about", () => {
  test("entityName: a named record, a holiday's date, a year and a backup in BE; else null", () => {
    expect(entityName("machine", "3", names)).toBe("M001 ตู้หน้าโรงงาน");
    expect(entityName("admin", "2", names)).toBe("สมหญิง ผู้ดูแล");
    expect(entityName("leave_petition", "12", names)).toBe("นายมานะ ทดสอบ · ลากิจ 21 พ.ย. 2569");
    expect(entityName("holiday", "2026-12-05")).toBe("5 ธ.ค. 2569");
    expect(entityName("holiday_year", "2027")).toBe("ปี 2570");
    expect(entityName("database", "tn-2026-11-20.sqlite")).toBe("ไฟล์สำรองวันที่ 20 พ.ย. 2569");
    expect(entityName("machine", "99", names)).toBeNull();
    expect(entityName("settings", null)).toBeNull();
  });

  test("auditRefs: the entity ids and every id field inside the changes, by kind, once each", () => {
    const refs = auditRefs([
      { entity: "machine", entity_id: "3", changes: { employee_id: 7 } },
      { entity: "employee", entity_id: "7", changes: { province_id: { from: 1, to: 2 }, district_id: { from: null, to: 9 } } },
      { entity: "leave_petition", entity_id: "12", changes: { employee_id: 7, status: { from: 1, to: 2 } } },
      { entity: "reply_message", entity_id: null, changes: { synced: 1, invalid: [{ id: 4, error: "x" }] } },
      { entity: "attendance", entity_id: "5", changes: { correction_id: 6, attendance_id: 5 } },
      { entity: "holiday", entity_id: "2026-12-05", changes: { before: { name: "ก" }, after: { name: "ข" } } },
    ]);
    expect(Object.fromEntries([...refs].map(([kind, ids]) => [kind, [...ids].sort((a, b) => a - b)]))).toEqual({
      machine: [3],
      employee: [7],
      province: [1, 2],
      district: [9],
      leave_petition: [12],
      reply_message: [4],
      attendance: [5],
      attendance_correction: [6],
    });
  });
});
