import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import { formatThaiDateLong } from "~/lib/thai-date";
import { LEAVE_CATALOGUE } from "~/models/leave/catalogue";
import { certificateMessage, type LeaveBalance } from "~/models/leave/rules";
import { LiffConfigContext } from "~/components/liff/chat-confirm";
import { demoShareLog } from "~/components/liff/liff-client";
import { PETITION_MESSAGES } from "./PetitionForm";
import { LeavePage } from "./LeavePage";
import type { LeaveCalendar, LeaveYear, Petition } from "./leave-types";

// December 2026: Sat 5 is a holiday that falls on a day off, Mon 7 its substitution day.
const CALENDAR: LeaveCalendar = {
  work_days: [1, 2, 3, 4, 5],
  holidays: [
    { date: "2026-12-05", name: "วันพ่อแห่งชาติ" },
    { date: "2026-12-07", name: "ชดเชยวันพ่อแห่งชาติ" },
  ],
  min_date: "2026-10-01",
  max_date: "2027-12-31",
};

// The catalogue as seeded: every type on but ordination.
const TYPES = LEAVE_CATALOGUE.filter((t) => t.active);
const rulesOf = (id: number) => TYPES.find((t) => t.id === id)!;

const balances = (over: Partial<Record<number, Partial<LeaveBalance>>> = {}): LeaveBalance[] =>
  TYPES.map((t) => ({ type: t.id, quota: t.quota_days, used: 0, pending: 0, remaining: t.quota_days, ...over[t.id] }));

function petition(over: Partial<Petition> = {}): Petition {
  return {
    id: 7,
    employee_id: 1,
    type: 1,
    type_label: "ลากิจ",
    start_date: "2026-12-03",
    end_date: "2026-12-04",
    half: "full",
    days: 2,
    year: 2026,
    next_year_days: 0,
    event_date: null,
    reason: "ธุระครอบครัว",
    attachment_url: null,
    certificate_note: null,
    status: 1,
    status_label: "ยื่นคำขอ",
    decided_at: null,
    decision_note: null,
    cancelled_by: null,
    created_at: "2026-12-01T03:00:00.000Z",
    ...over,
  };
}

const year = (over: Partial<LeaveYear> = {}): LeaveYear => ({ year: 2026, items: [], balances: balances(), types: TYPES, ...over });

type Route = { status: number; body: unknown };
type Call = { key: string; init?: RequestInit };
function serverAnswers(routes: Record<string, Route | Route[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${url}`;
      calls.push({ key, init });
      const route = routes[key];
      const next = Array.isArray(route) ? route.shift() : route;
      if (!next) throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

beforeEach(() => {
  // Only Date: the pickers open on this month; user-event's own timers stay real.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-01T03:00:00.000Z") });
  URL.createObjectURL = vi.fn(() => "blob:certificate");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function show(history: LeaveYear = year(), initialTab: "form" | "history" = "form") {
  return render(
    <MantineProvider env="test">
      <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
        <LeavePage employeeName="นายสมชาย ใจดี" calendar={CALENDAR} history={history} initialTab={initialTab} />
      </DatesProvider>
    </MantineProvider>,
  );
}

// Picking dates in the Mantine calendar is slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const user = () => userEvent.setup();

async function write(u: ReturnType<typeof user>, field: RegExp, text: string) {
  await u.click(screen.getByRole("textbox", { name: field }));
  await u.paste(text);
}

async function pick(u: ReturnType<typeof user>, field: RegExp, date: string) {
  await u.click(screen.getByRole("button", { name: field }));
  await u.click(await screen.findByRole("button", { name: formatThaiDateLong(date) }));
}

async function fillDates(u: ReturnType<typeof user>, start: string, end?: string) {
  await pick(u, /วันที่เริ่มลา/, start);
  if (end && end !== start) await pick(u, /ถึงวันที่/, end);
}

describe("the petition form's preview", () => {
  test("counts working days only, listing the weekend and the holidays it skipped, and the balance after", async () => {
    const u = user();
    show();
    await fillDates(u, "2026-12-03", "2026-12-08");
    expect(screen.getByTestId("preview-days")).toHaveTextContent("ลา 3 วันทำงาน");
    const skipped = within(screen.getByTestId("preview-skipped")).getAllByRole("listitem").map((li) => li.textContent);
    expect(skipped).toEqual([
      "5 ธ.ค. 2569 — วันพ่อแห่งชาติ",
      "6 ธ.ค. 2569 — วันหยุดประจำสัปดาห์ (วันอาทิตย์)",
      "7 ธ.ค. 2569 — ชดเชยวันพ่อแห่งชาติ",
    ]);
    // ลากิจ: 3 left, this petition takes 3.
    expect(screen.getByTestId("preview-balance")).toHaveTextContent("ลากิจคงเหลือ 3 วัน → หลังยื่นคำขอนี้ 0 วัน");
    expect(screen.queryByText(/เกินสิทธิ์การลา/)).toBeNull();
  });

  test("the end follows the start until chosen; over the balance is red with a note for the approver", async () => {
    const u = user();
    show(year({ balances: balances({ 1: { used: 2, remaining: 1 } }) }));
    await pick(u, /วันที่เริ่มลา/, "2026-12-03");
    expect(screen.getByRole("button", { name: /ถึงวันที่/ })).toHaveTextContent("3 ธ.ค. 2569");
    await pick(u, /ถึงวันที่/, "2026-12-04");
    const balance = screen.getByTestId("preview-balance");
    expect(balance).toHaveTextContent("หลังยื่นคำขอนี้ -1 วัน");
    expect(balance.getAttribute("style") ?? "").toMatch(/red/);
    expect(screen.getByText("เกินสิทธิ์การลา ยังยื่นได้ แต่ผู้อนุมัติจะเห็นว่าคำขอนี้เกินสิทธิ์")).toBeVisible();
  });

  test("a half day is offered only for a single date and counts 0.5", async () => {
    const u = user();
    show();
    await fillDates(u, "2026-12-03", "2026-12-04");
    expect(screen.getByRole("radio", { name: "ครึ่งวันเช้า" })).toBeDisabled();
    expect(screen.getByRole("radio", { name: "ครึ่งวันบ่าย" })).toBeDisabled();
    expect(screen.getByText(PETITION_MESSAGES.halfOneDay)).toBeVisible();

    await pick(u, /ถึงวันที่/, "2026-12-03");
    const morning = screen.getByRole("radio", { name: "ครึ่งวันเช้า" });
    expect(morning).toBeEnabled();
    await u.click(morning);
    expect(screen.getByTestId("preview-days")).toHaveTextContent("ลา 0.5 วันทำงาน");

    // Back to two dates: the half day goes back to a full day.
    await pick(u, /ถึงวันที่/, "2026-12-04");
    expect(screen.getByRole("radio", { name: "เต็มวัน" })).toBeChecked();
    expect(screen.getByTestId("preview-days")).toHaveTextContent("ลา 2 วันทำงาน");
  });
});

describe("the leave catalogue in the form", () => {
  const chooseType = (u: ReturnType<typeof user>, id: number) => u.click(screen.getByRole("radio", { name: rulesOf(id).name_th }));

  test("offers the types the answer's `types` holds, each with its quota and balance", () => {
    const types = TYPES.filter((t) => [1, 3, 4, 8, 9].includes(t.id));
    show(year({ types, balances: balances({ 1: { used: 1, remaining: 2 }, 4: { used: 30, remaining: 90 }, 8: { used: 2 } }) }));
    const group = screen.getByRole("radiogroup", { name: "ประเภทการลา" });
    expect(within(group).getAllByRole("radio").map((r) => r.getAttribute("value"))).toEqual(["1", "3", "4", "8", "9"]);
    expect(screen.getByRole("radio", { name: "ลากิจ" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "ลากิจ" })).toHaveAccessibleDescription("3 วัน/ปี · คงเหลือ 2 วัน");
    expect(screen.getByRole("radio", { name: "ลาคลอด" })).toHaveAccessibleDescription("120 วัน/ครั้ง (นับวันปฏิทิน) · ปีนี้ใช้ไป 30 วัน");
    expect(screen.getByRole("radio", { name: "ลาทำหมัน" })).toHaveAccessibleDescription("ตามใบรับรองแพทย์");
    expect(screen.getByRole("radio", { name: "ลาฝึกอบรม" })).toHaveAccessibleDescription("30 วัน/ปี · คงเหลือ 30 วัน · ไม่ได้รับค่าจ้าง");
    expect(screen.queryByRole("radio", { name: "ลาป่วย" })).toBeNull();
    expect(screen.queryByRole("radio", { name: "ลาอุปสมบท" })).toBeNull();
  });

  test("spouse-birth leave asks for the birth's date and says the last date of its 90 days; none given is refused before sending", async () => {
    const u = user();
    const calls = serverAnswers({});
    show();
    expect(screen.queryByRole("button", { name: /วันที่คลอด/ })).toBeNull();
    await chooseType(u, 5);
    const field = screen.getByRole("button", { name: /วันที่คลอด \/ วันที่เกิดเหตุ/ });
    expect(field.closest(".mantine-InputWrapper-root")).toHaveTextContent("ต้องลาให้เสร็จภายใน 90 วันนับแต่วันที่คลอดหรือวันที่เกิดเหตุ");
    await fillDates(u, "2026-12-03", "2026-12-04");
    await write(u, /เหตุผลการลา/, "ภรรยาคลอดบุตร");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    expect(screen.getByText("กรุณาระบุวันที่คลอดหรือวันที่เกิดเหตุ")).toBeVisible();
    expect(calls).toEqual([]);

    // Born 2 December 2026: the 90 days run from the 3rd, so the leave ends by 2 March 2027.
    await pick(u, /วันที่คลอด/, "2026-12-02");
    expect(screen.getByText("ต้องลาให้เสร็จภายใน 90 วันนับแต่วันที่คลอดหรือวันที่เกิดเหตุ (วันสุดท้าย 2 มี.ค. 2570)")).toBeVisible();
  });

  test("spouse-birth leave sends the event's date; the server's refusal shows on the field it names", async () => {
    const u = user();
    const message = "ลาช่วยเหลือคู่สมรสคลอดบุตรต้องลาภายใน 90 วันนับแต่วันที่เกิดเหตุ (ไม่เกินวันที่ 2 มี.ค. 2570)";
    const calls = serverAnswers({ "POST /api/emp/leave/petition": { status: 400, body: { error: message, fields: { end_date: message } } } });
    show();
    await chooseType(u, 5);
    await pick(u, /วันที่คลอด/, "2026-12-02");
    await fillDates(u, "2026-12-03", "2026-12-04");
    await write(u, /เหตุผลการลา/, "ภรรยาคลอดบุตร");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    const end = screen.getByRole("button", { name: /ถึงวันที่/ });
    expect(end.closest(".mantine-InputWrapper-root")).toHaveTextContent(message);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      type: 5,
      start_date: "2026-12-03",
      end_date: "2026-12-04",
      half: "full",
      reason: "ภรรยาคลอดบุตร",
      event_date: "2026-12-02",
    });
  });

  test("vacation before the first anniversary: the server's refusal shows under the start date", async () => {
    const u = user();
    const message = "ยังไม่มีสิทธิ์ลาพักร้อน สิทธิ์เริ่มวันที่ 1 มี.ค. 2570 (ทำงานครบ 1 ปี)";
    serverAnswers({ "POST /api/emp/leave/petition": { status: 400, body: { error: message, fields: { start_date: message } } } });
    show();
    await chooseType(u, 3);
    await fillDates(u, "2026-12-03");
    await write(u, /เหตุผลการลา/, "พักผ่อน");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    await screen.findByRole("alert");
    expect(screen.getByRole("button", { name: /วันที่เริ่มลา/ }).closest(".mantine-InputWrapper-root")).toHaveTextContent(message);
  });

  test("a half day the server no longer allows (the type changed since the page loaded): its refusal shows on the half-day field", async () => {
    const u = user();
    const message = "ลากิจลาครึ่งวันไม่ได้";
    serverAnswers({ "POST /api/emp/leave/petition": { status: 400, body: { error: message, fields: { half: message } } } });
    show();
    await fillDates(u, "2026-12-03");
    await u.click(screen.getByRole("radio", { name: "ครึ่งวันเช้า" }));
    await write(u, /เหตุผลการลา/, "ธุระ");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    await screen.findByRole("alert");
    expect(screen.getByRole("radio", { name: "ครึ่งวันเช้า" }).closest(".mantine-InputWrapper-root")).toHaveTextContent(message);
  });

  test("maternity leave: no half day, and its days are calendar days, the weekend and holidays included", async () => {
    const u = user();
    show();
    await fillDates(u, "2026-12-03");
    expect(screen.getByRole("radio", { name: "ครึ่งวันเช้า" })).toBeEnabled();
    await chooseType(u, 4);
    expect(screen.getByRole("radio", { name: "ครึ่งวันเช้า" })).toBeDisabled();
    expect(screen.getByRole("radio", { name: "ครึ่งวันบ่าย" })).toBeDisabled();
    expect(screen.getByText("ลาคลอดลาครึ่งวันไม่ได้")).toBeVisible();
    // Not the birth's date: maternity leave may start before it.
    expect(screen.getByRole("button", { name: /วันที่คลอด/ }).closest(".mantine-InputWrapper-root")?.textContent).not.toMatch(/\*/);

    // Thursday 3 to Tuesday 8 December: the weekend and both holidays count, 6 days (3 working days).
    await pick(u, /ถึงวันที่/, "2026-12-08");
    expect(screen.getByTestId("preview-days")).toHaveTextContent("ลา 6 วัน (นับวันปฏิทิน รวมวันหยุด)");
    expect(screen.queryByTestId("preview-skipped")).toBeNull();
    expect(screen.getByTestId("preview-balance")).toHaveTextContent("ลาคลอดคงเหลือ 120 วัน → หลังยื่นคำขอนี้ 114 วัน");
    expect(screen.queryByTestId("preview-notices")).toBeNull();
    await chooseType(u, 1);
    expect(screen.getByTestId("preview-days")).toHaveTextContent("ลา 3 วันทำงาน");
  });

  test("unpaid leave and leave past the paid days say so before sending, without stopping it", async () => {
    const u = user();
    const calls = serverAnswers({
      "POST /api/emp/leave/petition": { status: 201, body: { petition: petition({ type: 9, start_date: "2026-12-03", end_date: "2026-12-03", days: 1 }) } },
      "GET /api/emp/leave/history?year=2026": { status: 200, body: year() },
    });
    show(year({ balances: balances({ 4: { used: 50, remaining: 70 } }) }));
    await chooseType(u, 4);
    await fillDates(u, "2026-12-03", "2026-12-14");
    // 12 calendar days after 50 taken: 60 are paid, 2 of these are not.
    expect(screen.getByTestId("preview-notices")).toHaveTextContent("ลาคลอดได้รับค่าจ้าง 60 วัน คำขอนี้มี 2 วันที่ไม่ได้รับค่าจ้าง");

    await chooseType(u, 9);
    await pick(u, /ถึงวันที่/, "2026-12-03");
    const notices = screen.getByTestId("preview-notices");
    expect(notices).toBeVisible();
    expect(notices).toHaveTextContent("ลาฝึกอบรมเป็นการลาโดยไม่ได้รับค่าจ้าง");
    expect(notices).not.toHaveTextContent("เกินสิทธิ์");
    await write(u, /เหตุผลการลา/, "อบรมความปลอดภัย");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    expect(await screen.findByRole("status")).toHaveTextContent("ลาฝึกอบรม");
    expect(calls.map((c) => c.key)).toContain("POST /api/emp/leave/petition");
  });

  test("sterilisation: no fixed balance (as the certificate says), a certificate from the first day, no over-quota notice", async () => {
    const u = user();
    show(year({ balances: balances({ 8: { used: 2 } }) }));
    await chooseType(u, 8);
    await fillDates(u, "2026-12-03");
    expect(screen.getByTestId("preview-balance")).toHaveTextContent("ลาทำหมันลาได้ตามใบรับรองแพทย์ · ปีนี้ใช้ไป 2 วัน");
    expect(screen.queryByTestId("preview-notices")).toBeNull();
    expect(screen.getByText("ลาทำหมันต้องมีใบรับรองแพทย์")).toBeVisible();
    expect(screen.getByRole("switch", { name: "ไม่มีใบรับรองแพทย์ — เขียนคำชี้แจงแทน" })).toBeVisible();
  });
});

describe("the medical certificate", () => {
  test("is asked for from 3 sick working days; an explanation may replace it and is sent", async () => {
    const u = user();
    const calls = serverAnswers({
      "POST /api/emp/leave/petition": { status: 201, body: { petition: petition({ type: 2, days: 3, end_date: "2026-12-08" }) } },
      "GET /api/emp/leave/history?year=2026": { status: 200, body: year() },
    });
    show();
    await u.click(screen.getByRole("radio", { name: "ลาป่วย" }));
    await fillDates(u, "2026-12-03", "2026-12-04");
    expect(screen.queryByRole("switch", { name: /ไม่มีใบรับรองแพทย์/ })).toBeNull();
    expect(screen.getByText("แนบรูปใบรับรองแพทย์หรือเอกสาร (ถ้ามี)")).toBeVisible();

    // Over the weekend and the holidays: still 3 working days.
    await pick(u, /ถึงวันที่/, "2026-12-08");
    expect(screen.getByText("ลาป่วยตั้งแต่ 3 วันทำงานขึ้นไป ต้องมีใบรับรองแพทย์")).toBeVisible();
    await write(u, /เหตุผลการลา/, "ไข้หวัดใหญ่");

    // Neither a photo nor an explanation: refused before sending.
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    expect(screen.getByText(certificateMessage(rulesOf(2)))).toBeVisible();
    expect(calls).toEqual([]);

    await u.click(screen.getByRole("switch", { name: "ไม่มีใบรับรองแพทย์ — เขียนคำชี้แจงแทน" }));
    expect(screen.queryByRole("button", { name: "ถ่ายรูป" })).toBeNull();
    await write(u, /คำชี้แจงแทนใบรับรองแพทย์/, "คลินิกไม่ออกใบรับรอง");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    await screen.findByRole("status");
    const sent = calls.find((c) => c.key === "POST /api/emp/leave/petition");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      type: 2,
      start_date: "2026-12-03",
      end_date: "2026-12-08",
      half: "full",
      reason: "ไข้หวัดใหญ่",
      certificate_note: "คลินิกไม่ออกใบรับรอง",
    });
  });

  test("a photo goes as multipart in `attachment`", async () => {
    const u = user();
    const calls = serverAnswers({
      "POST /api/emp/leave/petition": { status: 201, body: { petition: petition({ type: 2, days: 1, start_date: "2026-12-03", end_date: "2026-12-03" }) } },
      "GET /api/emp/leave/history?year=2026": { status: 200, body: year() },
    });
    const { container } = show();
    await u.click(screen.getByRole("radio", { name: "ลาป่วย" }));
    await fillDates(u, "2026-12-03");
    await write(u, /เหตุผลการลา/, "ปวดหัว");
    const inputs = container.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect(inputs[0]).toHaveAttribute("capture", "environment"); // ถ่ายรูป opens the camera
    await u.upload(inputs[1]!, new File(["jpeg"], "cert.jpg", { type: "image/jpeg" }));
    expect(screen.getByRole("img", { name: "รูปเอกสารที่แนบ" })).toHaveAttribute("src", "blob:certificate");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    await screen.findByRole("status");
    const body = calls.find((c) => c.key === "POST /api/emp/leave/petition")?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get("type")).toBe("2");
    expect(form.get("half")).toBe("full");
    expect((form.get("attachment") as File).name).toBe("cert.jpg");
  });
});

describe("submitting", () => {
  test("the API's Thai field errors appear beside their fields; the button is locked while sending", async () => {
    const u = user();
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        await answered;
        return new Response(
          JSON.stringify({ error: "มีคำขอลาในช่วงวันที่นี้อยู่แล้ว", fields: { start_date: "ซ้อนกับคำขอลาวันที่ 2026-12-03", reason: "เหตุผลการลาต้องไม่เกิน 500 ตัวอักษร" } }),
          { status: 409, headers: { "content-type": "application/json" } },
        );
      }),
    );
    show();
    await fillDates(u, "2026-12-03", "2026-12-04");
    await write(u, /เหตุผลการลา/, "ธุระ");
    expect(screen.getByText("4/500")).toBeVisible();
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    expect(screen.getByRole("button", { name: "ส่งคำขอลา" })).toBeDisabled();
    release();
    expect(await screen.findByRole("alert")).toHaveTextContent("มีคำขอลาในช่วงวันที่นี้อยู่แล้ว");
    expect(screen.getByText("ซ้อนกับคำขอลาวันที่ 2026-12-03")).toBeVisible();
    expect(screen.getByText("เหตุผลการลาต้องไม่เกิน 500 ตัวอักษร")).toBeVisible();
    expect(screen.getByRole("button", { name: "ส่งคำขอลา" })).toBeEnabled();
    expect(calls).toEqual(["/api/emp/leave/petition"]);
  });

  test("success: a Thai confirmation, the history reloaded and shown with the new pending petition", async () => {
    const u = user();
    const filed = petition();
    const calls = serverAnswers({
      "POST /api/emp/leave/petition": { status: 201, body: { petition: filed } },
      "GET /api/emp/leave/history?year=2026": { status: 200, body: year({ items: [filed], balances: balances({ 1: { pending: 2, remaining: 1 } }) }) },
    });
    show();
    await fillDates(u, "2026-12-03", "2026-12-04");
    await write(u, /เหตุผลการลา/, "ธุระครอบครัว");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอลา" }));
    expect(await screen.findByRole("status")).toHaveTextContent("ลากิจ 3 ธ.ค. 2569 – 4 ธ.ค. 2569 (2 วัน) รอผู้อนุมัติพิจารณา");
    expect(screen.getByRole("tab", { name: "ประวัติการลา" })).toHaveAttribute("aria-selected", "true");
    const row = await screen.findByTestId("petition-row");
    expect(row).toHaveTextContent("ยื่นคำขอ");
    expect(within(row).getByTestId("petition-days")).toHaveTextContent("2 วัน");
    expect(within(screen.getByTestId("balance-1")).getByTestId("remaining")).toHaveTextContent("คงเหลือ 1 วัน");
    expect(calls.map((c) => c.key)).toEqual(["POST /api/emp/leave/petition", "GET /api/emp/leave/history?year=2026"]);
  });
});

describe("the history", () => {
  test("shows each petition's status, half, decision note and attachment; other years load on demand", async () => {
    const u = user();
    serverAnswers({
      "GET /api/emp/leave/history?year=2025": {
        status: 200,
        body: year({
          year: 2025,
          items: [petition({ id: 3, year: 2025, start_date: "2025-06-02", end_date: "2025-06-02", half: "afternoon", days: 0.5, status: 3, decision_note: "ช่วงปิดงบ", attachment_url: "/uploads/leaves/3.jpg" })],
        }),
      },
    });
    show(year({ items: [petition({ status: 2 })] }), "history");
    expect(screen.getByTestId("petition-row")).toHaveTextContent("อนุมัติ");
    expect(screen.queryByRole("button", { name: "ยกเลิกคำขอ" })).toBeNull(); // only an admin cancels an approved one
    expect(screen.getByRole("option", { name: "พ.ศ. 2567" })).toBeInTheDocument(); // back to 2024
    await u.selectOptions(screen.getByRole("combobox", { name: "ปี" }), "2025");
    const row = await screen.findByText("ช่วงปิดงบ", { exact: false });
    const card = row.closest<HTMLElement>('[data-testid="petition-row"]')!;
    expect(card).toHaveTextContent("ไม่อนุมัติ");
    expect(card).toHaveTextContent("ครึ่งวันบ่าย · 0.5 วัน");
    expect(within(card).getByRole("img", { name: "เอกสารแนบ" })).toHaveAttribute("src", "/uploads/leaves/3.jpg?size=thumb");
  });

  test("a rejected petition says why under ไม่อนุมัติ; an old one without a note says none was given", async () => {
    show(
      year({
        items: [
          petition({ id: 8, status: 3, status_label: "ไม่อนุมัติ", decision_note: "มีผู้ลาในช่วงเดียวกันมากเกินไป" }),
          petition({ id: 9, status: 3, status_label: "ไม่อนุมัติ", decision_note: null }),
          petition({ id: 10, status: 2, status_label: "อนุมัติ", decision_note: "เดินทางปลอดภัย" }),
        ],
      }),
      "history",
    );
    const [withNote, withoutNote, approved] = screen.getAllByTestId("petition-row");
    expect(within(withNote).getByTestId("reject-reason")).toHaveTextContent("เหตุผลที่ไม่อนุมัติ: มีผู้ลาในช่วงเดียวกันมากเกินไป");
    // Right under the badge, before the employee's own reason.
    expect(withNote.textContent).toMatch(/ไม่อนุมัติเหตุผลที่ไม่อนุมัติ: มีผู้ลา.*ธุระครอบครัว/);
    expect(within(withoutNote).getByTestId("reject-reason")).toHaveTextContent("ผู้อนุมัติไม่ได้ระบุเหตุผล");
    expect(within(approved).queryByTestId("reject-reason")).toBeNull();
    expect(approved).toHaveTextContent("หมายเหตุผู้อนุมัติ: เดินทางปลอดภัย");
  });

  test("a pending petition is cancelled only after a confirmation", async () => {
    const u = user();
    const calls = serverAnswers({
      "POST /api/emp/leave/petition/7/cancel": { status: 200, body: { petition: petition({ status: 0 }) } },
      "GET /api/emp/leave/history?year=2026": { status: 200, body: year({ items: [petition({ status: 0, status_label: "ยกเลิก" })] }) },
    });
    show(year({ items: [petition()] }), "history");
    await u.click(screen.getByRole("button", { name: "ยกเลิกคำขอ" }));
    const dialog = await screen.findByRole("dialog", { name: "ยกเลิกคำขอลา" });
    expect(dialog).toHaveTextContent("ยกเลิกคำขอลากิจ 3 ธ.ค. 2569 – 4 ธ.ค. 2569 (2 วัน) ใช่หรือไม่");
    await u.click(within(dialog).getByRole("button", { name: "ไม่ยกเลิก" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([]);

    await u.click(screen.getByRole("button", { name: "ยกเลิกคำขอ" }));
    await u.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "ยืนยันยกเลิกคำขอ" }));
    expect(await screen.findByRole("status")).toHaveTextContent("ยกเลิกคำขอลาแล้ว");
    await waitFor(() => expect(screen.getByTestId("petition-row")).toHaveTextContent("ยกเลิก"));
    expect(screen.queryByRole("button", { name: "ยกเลิกคำขอ" })).toBeNull();
    expect(calls.map((c) => c.key)).toEqual(["POST /api/emp/leave/petition/7/cancel", "GET /api/emp/leave/history?year=2026"]);
  });
});

describe("sharing an approved leave", () => {
  test("an approved petition offers แชร์ให้ทีม: the card names who, which leave and which days, never the reason", async () => {
    const approved = petition({ id: 8, status: 2, status_label: "อนุมัติ", decided_at: "2026-12-02T03:00:00.000Z" });
    const pending = petition({ id: 9, start_date: "2026-12-10", end_date: "2026-12-10", days: 1 });
    render(
      <MantineProvider env="test">
        <LiffConfigContext.Provider value={{ liffId: null, demo: true }}>
          <LeavePage employeeName="นายสมชาย ใจดี" calendar={CALENDAR} history={year({ items: [approved, pending] })} initialTab="history" />
        </LiffConfigContext.Provider>
      </MantineProvider>,
    );
    const [first, second] = await screen.findAllByTestId("petition-row");
    const button = await within(first).findByRole("button", { name: "แชร์ให้ทีม" });
    expect(within(second).queryByRole("button", { name: "แชร์ให้ทีม" })).toBeNull();
    const before = demoShareLog.length;
    await user().click(button);
    await waitFor(() => expect(demoShareLog.length).toBe(before + 1));
    const shared = JSON.stringify(demoShareLog.at(-1));
    expect(shared).toContain("นายสมชาย ใจดี");
    expect(shared).toContain("ได้รับอนุมัติการลา");
    expect(shared).toContain("ลากิจ");
    expect(shared).toContain("2 วัน");
    expect(shared).not.toContain("ธุระครอบครัว");
  });
});
