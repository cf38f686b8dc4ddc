import { describe, expect, expectTypeOf, it } from "vitest";
import type { LEAVE_TYPE_INTENT } from "~/components/leave/LeaveTypeDialog";
import { pageAction } from "~/http/page-action.server";
import { LeaveType } from "~/lib/enums";
import { listAudit } from "~/models/audit/audit.server";
import { leaveTypeOf } from "~/models/leave/leave-types.server";
import { leaveWorkIntents, leaveWorkPageData } from "./leave-work.server";

const admin = { type: "admin" as const, id: null };

const post = (fields: Record<string, string>) =>
  pageAction(
    new Request("http://localhost/admin/leave-work?tab=types", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    leaveWorkIntents(admin),
  );

/** Every field the types tab's dialog posts, as it posts them. */
const dialogFields = (id: number, over: Record<string, string> = {}) => {
  const t = leaveTypeOf(id)!;
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    intent: "leave-type",
    id: String(id),
    half_day: String(t.half_day),
    active: String(t.active),
    quota_days: text(t.quota_days),
    per: t.per,
    unit: t.unit,
    certificate_from_days: text(t.certificate_from_days),
    paid_days: text(t.paid_days),
    pay_percent: String(t.pay_percent),
    event_window_days: text(t.event_window_days),
    ...over,
  };
};

describe("the types tab's intent", () => {
  it("is the name the dialog posts", () => {
    expectTypeOf<typeof LEAVE_TYPE_INTENT>().toExtend<keyof ReturnType<typeof leaveWorkIntents>>();
  });

  it("changes a type through updateLeaveType and audit-logs only what changed", async () => {
    const answer = await post(dialogFields(LeaveType.maternity, { quota_days: "98", paid_days: "45" }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, intent: "leave-type", message: 'บันทึกประเภทการลา "ลาคลอด" แล้ว' });
    expect(leaveTypeOf(LeaveType.maternity)).toMatchObject({ quota_days: 98, paid_days: 45, unit: "calendar_day", active: true });
    const [row] = listAudit({ entity: "leave_type", entityId: LeaveType.maternity });
    expect(row).toMatchObject({ actorType: "admin", action: "update" });
    expect(row.changes).toEqual({ quota_days: { from: 120, to: 98 }, paid_days: { from: 60, to: 45 } });
  });

  it("turns a type off and on, and an empty number is none", async () => {
    await post(dialogFields(LeaveType.training, { active: "false", certificate_from_days: "" }));
    expect(leaveTypeOf(LeaveType.training)).toMatchObject({ active: false, certificate_from_days: null });
    await post(dialogFields(LeaveType.ordination, { active: "true", event_window_days: "30" }));
    expect(leaveTypeOf(LeaveType.ordination)).toMatchObject({ active: true, event_window_days: 30 });
  });

  it("answers the schema's and the model's refusals on their fields, 404 for no such type", async () => {
    const bad = await post(dialogFields(LeaveType.sick, { pay_percent: "150" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, fields: { pay_percent: "อัตราค่าจ้างต้องเป็นร้อยละ 1–100" } });

    const noQuota = await post(dialogFields(LeaveType.business, { quota_days: "" }));
    expect(noQuota.status).toBe(400);
    expect(await noQuota.json()).toMatchObject({ ok: false, fields: { quota_days: "ประเภทการลานี้ต้องมีจำนวนวันต่อปี" } });

    const overPaid = await post(dialogFields(LeaveType.spouseBirth, { paid_days: "20" }));
    expect(await overPaid.json()).toMatchObject({ ok: false, fields: { paid_days: "วันที่ได้รับค่าจ้างต้องไม่เกินสิทธิ์การลา" } });
    expect(leaveTypeOf(LeaveType.spouseBirth)?.paid_days).toBe(15);

    expect((await post({ ...dialogFields(LeaveType.sick), id: "99" })).status).toBe(404);
    // A field the patch does not know is refused, not ignored.
    const stray = await post({ ...dialogFields(LeaveType.sick), name_th: "ลาพักผ่อน" });
    expect(stray.status).toBe(400);
  });
});

describe("leaveWorkPageData", () => {
  it("gives every leave type on every tab, and ?tab=types shows the types tab", () => {
    const data = leaveWorkPageData(new Request("http://localhost/admin/leave-work?tab=types"));
    expect(data.tab).toBe("types");
    expect(data.leaveTypes.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.leaveTypes.find((t) => t.id === LeaveType.sterilisation)?.quota_days).toBeNull();
    const pending = leaveWorkPageData(new Request("http://localhost/admin/leave-work"));
    expect(pending.tab).toBe("pending");
    expect(pending.leaveTypes).toHaveLength(10);
  });
});
