import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import type { OvertimeView } from "~/components/overtime/overtime-types";
import { formatThaiDateLong } from "~/lib/thai-date";
import { checkOvertimeForm, OVERTIME_FORM_MESSAGES, OvertimeForm } from "./OvertimeForm";
import { canCancel, OvertimeList } from "./OvertimeList";

function overtime(over: Partial<OvertimeView> = {}): OvertimeView {
  return {
    id: 9,
    employee_id: 1,
    date: "2026-12-03",
    start: "17:30",
    end: "20:00",
    minutes: 150,
    reason: "ปิดงบสิ้นเดือน",
    status: "pending",
    source: "employee",
    decided_by: null,
    decided_at: null,
    decision_note: null,
    created_at: "2026-12-01T03:00:00.000Z",
    week_hours: 2.5,
    over_weekly_limit: false,
    ...over,
  };
}

type Route = { status: number; body: unknown };
type Call = { key: string; body: unknown };
function serverAnswers(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${url}`;
      calls.push({ key, body: typeof init?.body === "string" ? JSON.parse(init.body) : null });
      const route = routes[key];
      if (!route) throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify(route.body), { status: route.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

beforeEach(() => {
  // Only Date: the picker opens on this month; user-event's own timers stay real.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-01T03:00:00.000Z") });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Picking a date in the Mantine calendar is slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

function showForm(onSent = vi.fn()) {
  render(
    <MantineProvider env="test">
      <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
        <OvertimeForm minDate="2026-11-01" maxDate="2027-01-31" onSent={onSent} />
      </DatesProvider>
    </MantineProvider>,
  );
  return onSent;
}

async function fill(u: ReturnType<typeof userEvent.setup>, values: { date?: string; start?: string; end?: string; reason?: string }) {
  if (values.date) {
    await u.click(screen.getByRole("button", { name: /วันที่ทำงานล่วงเวลา/ }));
    await u.click(await screen.findByRole("button", { name: formatThaiDateLong(values.date) }));
  }
  for (const [label, text] of [
    [/^ตั้งแต่/, values.start],
    [/^ถึง/, values.end],
    [/เหตุผล/, values.reason],
  ] as const) {
    if (text === undefined) continue;
    await u.click(screen.getByRole("textbox", { name: label }));
    await u.paste(text);
  }
}

describe("the overtime form", () => {
  test("checks before posting, in Thai, and shows the window's length (past midnight too)", async () => {
    const u = userEvent.setup();
    const calls = serverAnswers({});
    showForm();
    await u.click(screen.getByRole("button", { name: "ส่งคำขอทำงานล่วงเวลา" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(OVERTIME_FORM_MESSAGES.check);
    expect(screen.getByText(OVERTIME_FORM_MESSAGES.date)).toBeInTheDocument();
    expect(screen.getByText(OVERTIME_FORM_MESSAGES.start)).toBeInTheDocument();
    expect(screen.getByText(OVERTIME_FORM_MESSAGES.reason)).toBeInTheDocument();
    await fill(u, { start: "22:00", end: "06:00" });
    expect(screen.getByTestId("overtime-duration")).toHaveTextContent("รวม 8 ชม. (ถึงเช้าวันถัดไป)");
    expect(calls).toEqual([]);
  });

  test("the rules it checks itself: a window of 1 minute to 12 hours", () => {
    const base = { date: "2026-12-03", start: "17:30", end: "20:00", reason: "ปิดงบ" };
    expect(checkOvertimeForm(base)).toEqual({});
    expect(checkOvertimeForm({ ...base, end: "17:30" })).toEqual({ end: OVERTIME_FORM_MESSAGES.same });
    expect(checkOvertimeForm({ ...base, start: "18:00", end: "06:30" })).toEqual({ end: OVERTIME_FORM_MESSAGES.tooLong });
    expect(checkOvertimeForm({ ...base, start: "1730" })).toEqual({ start: OVERTIME_FORM_MESSAGES.start });
  });

  test("posts the date, window and reason; the server's answer comes back to the page", async () => {
    const u = userEvent.setup();
    const created = overtime();
    const calls = serverAnswers({ "POST /api/emp/overtime": { status: 201, body: { overtime: created } } });
    const onSent = showForm();
    await fill(u, { date: "2026-12-03", start: "17:30", end: "20:00", reason: "ปิดงบสิ้นเดือน" });
    expect(screen.getByTestId("overtime-duration")).toHaveTextContent("รวม 2 ชม. 30 นาที");
    await u.click(screen.getByRole("button", { name: "ส่งคำขอทำงานล่วงเวลา" }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(created));
    expect(calls).toEqual([{ key: "POST /api/emp/overtime", body: { date: "2026-12-03", start: "17:30", end: "20:00", reason: "ปิดงบสิ้นเดือน" } }]);
  });

  test("a refusal (the window meets another) shows the server's Thai message at the field", async () => {
    const u = userEvent.setup();
    serverAnswers({
      "POST /api/emp/overtime": {
        status: 409,
        body: { error: "ช่วงเวลานี้ซ้อนกับคำขอทำงานล่วงเวลาที่มีอยู่แล้ว", fields: { start: "ซ้อนกับคำขอวันที่ 3 ธ.ค. 2569 เวลา 18:00–19:00 น. (รออนุมัติ)" } },
      },
    });
    const onSent = showForm();
    await fill(u, { date: "2026-12-03", start: "17:30", end: "20:00", reason: "ปิดงบ" });
    await u.click(screen.getByRole("button", { name: "ส่งคำขอทำงานล่วงเวลา" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("ช่วงเวลานี้ซ้อนกับคำขอทำงานล่วงเวลาที่มีอยู่แล้ว");
    expect(screen.getByText(/ซ้อนกับคำขอวันที่ 3 ธ\.ค\. 2569/)).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });
});

describe("the employee's list", () => {
  function showList(items: OvertimeView[], onChanged = vi.fn()) {
    render(
      <MantineProvider env="test">
        <OvertimeList items={items} onChanged={onChanged} />
      </MantineProvider>,
    );
    return onChanged;
  }

  test("statuses, the rejection's reason, the week's warning; cancel only what is not worked yet", async () => {
    showList([
      overtime({ id: 1, over_weekly_limit: true, week_hours: 37.5 }),
      overtime({ id: 2, date: "2026-11-20", status: "approved" }),
      overtime({ id: 3, date: "2026-11-19", status: "rejected", decision_note: "ไม่จำเป็น" }),
    ]);
    const [pending, worked, rejected] = screen.getAllByTestId("overtime-item");
    expect(pending).toHaveTextContent("รออนุมัติ");
    expect(within(pending).getByTestId("overtime-week")).toHaveTextContent("รวม 37.5 ชม. เกิน 36 ชม. ต่อสัปดาห์ตามกฎกระทรวง");
    expect(within(pending).getByRole("button", { name: "ยกเลิกคำขอ" })).toBeInTheDocument();
    expect(within(worked).queryByRole("button", { name: "ยกเลิกคำขอ" })).toBeNull();
    expect(rejected).toHaveTextContent("เหตุผลที่ไม่อนุมัติ: ไม่จำเป็น");
    expect(canCancel(overtime({ status: "approved", date: "2026-12-03" }))).toBe(true);
  });

  test("cancelling asks first, then posts and reloads", async () => {
    const u = userEvent.setup();
    const calls = serverAnswers({ "POST /api/emp/overtime/1/cancel": { status: 200, body: { overtime: overtime({ id: 1, status: "cancelled" }) } } });
    const onChanged = showList([overtime({ id: 1 })]);
    await u.click(screen.getByRole("button", { name: "ยกเลิกคำขอ" }));
    await u.click(await screen.findByRole("button", { name: "ยืนยันยกเลิกคำขอ" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.map((c) => c.key)).toEqual(["POST /api/emp/overtime/1/cancel"]);
    expect(await screen.findByRole("status")).toHaveTextContent("ยกเลิกคำขอทำงานล่วงเวลาแล้ว");
  });
});
