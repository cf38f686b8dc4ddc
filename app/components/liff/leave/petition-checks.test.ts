import { LEAVE_CATALOGUE } from "~/models/leave/catalogue";
import { eventWindowEnd } from "~/models/leave/rules";
import { certificateRule, eventDateProblems, OVER_QUOTA_NOTICE, petitionNotices } from "./petition-checks";

const rules = (id: number) => LEAVE_CATALOGUE.find((t) => t.id === id)!;
const balance = (used: number, pending: number, remaining: number | null) => ({ used, pending, remaining });

describe("petitionNotices", () => {
  it("says nothing for a paid leave within its balance", () => {
    expect(petitionNotices(rules(1), balance(0, 0, 3), 3)).toEqual([]);
  });

  it("says an unpaid kind is unpaid, even before the balance has loaded", () => {
    expect(petitionNotices(rules(9), null, 1)).toEqual(["ลาฝึกอบรมเป็นการลาโดยไม่ได้รับค่าจ้าง"]);
  });

  it("says a petition over the remaining days is over the quota", () => {
    expect(petitionNotices(rules(1), balance(2, 0, 1), 2)).toEqual([OVER_QUOTA_NOTICE]);
    expect(petitionNotices(rules(1), balance(4, 0, -1), 0.5)).toEqual([OVER_QUOTA_NOTICE]);
  });

  it("says how many days go past the paid days of a type paying fewer than its quota (maternity: 60 of 120)", () => {
    expect(petitionNotices(rules(4), balance(0, 0, 120), 60)).toEqual([]);
    expect(petitionNotices(rules(4), balance(0, 0, 120), 90)).toEqual(["ลาคลอดได้รับค่าจ้าง 60 วัน คำขอนี้มี 30 วันที่ไม่ได้รับค่าจ้าง"]);
    expect(petitionNotices(rules(4), balance(50, 20, 50), 10)).toEqual(["ลาคลอดได้รับค่าจ้าง 60 วัน คำขอนี้มี 10 วันที่ไม่ได้รับค่าจ้าง"]);
  });

  it("has nothing to count against for sterilisation (no fixed number)", () => {
    expect(petitionNotices(rules(8), balance(5, 0, null), 10)).toEqual([]);
  });
});

describe("the event's window", () => {
  it("counts from the day after the event: a birth on 2 December allows leave to 2 March", () => {
    expect(eventWindowEnd("2026-12-02", 90)).toBe("2027-03-02");
  });

  it("names the field the server would name", () => {
    const spouse = rules(5);
    expect(eventDateProblems(spouse, null, "2026-12-03", "2026-12-04")).toEqual({ event_date: "กรุณาระบุวันที่คลอดหรือวันที่เกิดเหตุ" });
    expect(eventDateProblems(spouse, "2026-12-05", "2026-12-03", "2026-12-04")).toEqual({ start_date: "วันที่ลาต้องไม่ก่อนวันที่เกิดเหตุ" });
    expect(eventDateProblems(spouse, "2026-12-02", "2027-03-01", "2027-03-02")).toEqual({});
    expect(eventDateProblems(spouse, "2026-12-02", "2027-03-01", "2027-03-03")).toEqual({
      end_date: "ต้องลาให้เสร็จภายใน 90 วันนับแต่วันที่คลอดหรือวันที่เกิดเหตุ (วันสุดท้าย 2 มี.ค. 2570)",
    });
    expect(eventDateProblems(rules(4), null, "2026-12-03", "2026-12-04")).toEqual({});
  });
});

describe("certificateRule", () => {
  it("words the type's threshold", () => {
    expect(certificateRule(rules(2))).toBe("ลาป่วยตั้งแต่ 3 วันทำงานขึ้นไป ต้องมีใบรับรองแพทย์");
    expect(certificateRule(rules(6))).toBe("ลาดูแลบุตรที่เจ็บป่วยหรือพิการต้องมีใบรับรองแพทย์");
  });
});
