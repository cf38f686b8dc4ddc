import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, vi } from "vitest";
import type { AttendanceRecord } from "./checkin-types";
import { CheckinHistory, recordStatuses } from "./CheckinHistory";
import { CORRECTION_FORM_MESSAGES, type OwnCorrection } from "./CorrectionRequest";

function record(over: Partial<AttendanceRecord> = {}): AttendanceRecord {
  return {
    work_date: "2026-11-20",
    checkin_at: "2026-11-20T01:45:00.000Z", // 08:45 in Bangkok
    checkin_lat: null,
    checkin_lng: null,
    checkin_accuracy: null,
    checkin_distance_m: null,
    checkin_office: null,
    checkin_geofence: null,
    checkin_address: null,
    checkin_photo_url: null,
    checkin_match: null,
    checkin_face_distance: null,
    checkout_at: null,
    checkout_lat: null,
    checkout_lng: null,
    checkout_accuracy: null,
    checkout_distance_m: null,
    checkout_office: null,
    checkout_geofence: null,
    checkout_address: null,
    checkout_photo_url: null,
    checkout_match: null,
    checkout_face_distance: null,
    late_minutes: 15,
    early_minutes: 0,
    flags: [],
    checked: 0,
    review_status: "none",
    corrected: false,
    ...over,
  };
}

function correction(over: Partial<OwnCorrection> = {}): OwnCorrection {
  return {
    id: 3,
    work_date: "2026-11-19",
    checkin_at: null,
    checkout_at: "2026-11-19T10:30:00.000Z",
    reason: "ลืมลงเวลาออก",
    status: "pending",
    decision_note: null,
    created_at: "2026-11-20T01:00:00.000Z",
    ...over,
  };
}

type Route = { status: number; body: unknown };
function serverAnswers(routes: Record<string, Route | Route[]>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const route = routes[key];
    const next = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    if (!next) throw new Error(`unexpected ${key}`);
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHistory(correctDate?: string) {
  render(
    <MantineProvider>
      <CheckinHistory correctDate={correctDate} />
    </MantineProvider>,
  );
}

const rowOf = async (date: string) => {
  const rows = await screen.findAllByTestId("history-row");
  const row = rows.find((r) => r.textContent?.includes(date));
  if (!row) throw new Error(`no row for ${date}`);
  return row;
};

describe("correction requests in the LIFF history", () => {
  test("each day shows its latest request's status; a day waiting for approval offers no second request", async () => {
    serverAnswers({
      "GET /api/emp/checkin-out": {
        status: 200,
        body: {
          items: [
            record({ work_date: "2026-11-21" }),
            record({ work_date: "2026-11-20", corrected: true, checkout_at: "2026-11-20T10:30:00.000Z" }),
            record({ work_date: "2026-11-19" }),
          ],
        },
      },
      "GET /api/emp/checkin-out/correction": {
        status: 200,
        body: {
          items: [
            correction(),
            correction({ id: 2, work_date: "2026-11-20", status: "approved", created_at: "2026-11-20T02:00:00.000Z" }),
            correction({ id: 1, work_date: "2026-11-21", status: "rejected", decision_note: "ไม่มีหลักฐาน", created_at: "2026-11-21T02:00:00.000Z" }),
          ],
        },
      },
    });
    renderHistory();
    await waitFor(async () => expect(within(await rowOf("19 พ.ย.")).getByTestId("correction-status")).toHaveTextContent("รออนุมัติ"));
    expect(within(await rowOf("19 พ.ย.")).queryByRole("button", { name: "ขอแก้ไขเวลา" })).not.toBeInTheDocument();
    const approved = await rowOf("20 พ.ย.");
    expect(approved).toHaveTextContent("อนุมัติแล้ว");
    expect(approved).toHaveTextContent("แก้ไขแล้ว");
    const rejected = await rowOf("21 พ.ย.");
    expect(rejected).toHaveTextContent("ไม่อนุมัติ");
    expect(rejected).toHaveTextContent("หมายเหตุ: ไม่มีหลักฐาน");
    expect(within(rejected).getByRole("button", { name: "ขอแก้ไขเวลา" })).toBeInTheDocument();
  });

  test("the form sends only the changed time with the reason, then shows รออนุมัติ", async () => {
    const fetch = serverAnswers({
      "GET /api/emp/checkin-out": { status: 200, body: { items: [record()] } },
      "GET /api/emp/checkin-out/correction": [
        { status: 200, body: { items: [] } },
        { status: 200, body: { items: [correction({ work_date: "2026-11-20" })] } },
      ],
      "POST /api/emp/checkin-out/correction": { status: 201, body: { correction: correction({ work_date: "2026-11-20" }) } },
    });
    renderHistory();
    const user = userEvent.setup();
    await user.click(await within(await rowOf("20 พ.ย.")).findByRole("button", { name: "ขอแก้ไขเวลา" }));
    const form = await screen.findByRole("form", { name: "ขอแก้ไขเวลา" });
    expect(within(form).getByLabelText("เวลาเข้างาน")).toHaveValue("08:45");
    expect(within(form).getByLabelText("เวลาออกงาน")).toHaveValue("");
    fireEvent.change(within(form).getByLabelText("เวลาออกงาน"), { target: { value: "17:30" } });
    await user.type(within(form).getByLabelText(/เหตุผล/), "ลืมลงเวลาออก");
    await user.click(within(form).getByRole("button", { name: "ส่งคำขอ" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "ขอแก้ไขเวลา" })).not.toBeInTheDocument());
    const post = fetch.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === "POST") as unknown as [string, RequestInit];
    expect(JSON.parse(String(post[1].body))).toEqual({ work_date: "2026-11-20", reason: "ลืมลงเวลาออก", checkout_at: "17:30" });
    const row = await rowOf("20 พ.ย.");
    await waitFor(() => expect(within(row).getByTestId("correction-status")).toHaveTextContent("รออนุมัติ"));
    expect(row).toHaveTextContent(CORRECTION_FORM_MESSAGES.sent);
  });

  test("nothing changed or no reason: refused in the page; the server's refusal shows beside its field", async () => {
    const fetch = serverAnswers({
      "GET /api/emp/checkin-out": { status: 200, body: { items: [record()] } },
      "GET /api/emp/checkin-out/correction": { status: 200, body: { items: [] } },
      "POST /api/emp/checkin-out/correction": {
        status: 400,
        body: { error: "ข้อมูลคำขอแก้ไขเวลาไม่ถูกต้อง", fields: { checkout_at: "เวลาที่แก้ไขต้องไม่เกินเวลาปัจจุบัน" } },
      },
    });
    renderHistory();
    const user = userEvent.setup();
    await user.click(await within(await rowOf("20 พ.ย.")).findByRole("button", { name: "ขอแก้ไขเวลา" }));
    const form = await screen.findByRole("form", { name: "ขอแก้ไขเวลา" });
    await user.click(within(form).getByRole("button", { name: "ส่งคำขอ" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(CORRECTION_FORM_MESSAGES.unchanged);
    fireEvent.change(within(form).getByLabelText("เวลาออกงาน"), { target: { value: "23:30" } });
    await user.click(within(form).getByRole("button", { name: "ส่งคำขอ" }));
    expect(await within(form).findByText(CORRECTION_FORM_MESSAGES.reason)).toBeInTheDocument();
    expect(fetch.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === "POST")).toBe(false);
    await user.type(within(form).getByLabelText(/เหตุผล/), "ลืม");
    await user.click(within(form).getByRole("button", { name: "ส่งคำขอ" }));
    expect(await within(form).findByText("เวลาที่แก้ไขต้องไม่เกินเวลาปัจจุบัน")).toBeInTheDocument();
  });

  test("no request action on a day without a check-in; แก้ไขแล้ว comes after the day's status", async () => {
    expect(recordStatuses(record({ corrected: true, late_minutes: 0, checkout_at: "2026-11-20T10:30:00.000Z", status: "present" })).map((s) => s.label)).toEqual([
      "มาทำงาน",
      "แก้ไขแล้ว",
    ]);
    serverAnswers({
      "GET /api/emp/checkin-out": { status: 200, body: { items: [record({ checkin_at: null })] } },
      "GET /api/emp/checkin-out/correction": { status: 200, body: { items: [] } },
    });
    renderHistory();
    const row = await rowOf("20 พ.ย.");
    expect(within(row).queryByRole("button", { name: "ขอแก้ไขเวลา" })).not.toBeInTheDocument();
  });

  test("opened from the home's ขอแก้ไขเวลา (?correct=): that day's form is open, with its check-in; not for a day already waiting", async () => {
    serverAnswers({
      "GET /api/emp/checkin-out": {
        status: 200,
        body: { items: [record({ work_date: "2026-11-20" }), record({ work_date: "2026-11-19", checkin_at: "2026-11-19T15:05:00.000Z" })] },
      },
      "GET /api/emp/checkin-out/correction": { status: 200, body: { items: [] } },
    });
    renderHistory("2026-11-19");
    const row = await rowOf("19 พ.ย.");
    const form = await within(row).findByRole("form", { name: "ขอแก้ไขเวลา" });
    expect(within(form).getByLabelText("เวลาเข้างาน")).toHaveValue("22:05");
    expect(within(form).getByLabelText("เวลาออกงาน")).toHaveValue("");
    expect(row).toHaveAttribute("id", "day-2026-11-19");
    expect(within(await rowOf("20 พ.ย.")).queryByRole("form")).toBeNull();
  });

  test("opened for a day whose request is already waiting: no second form", async () => {
    serverAnswers({
      "GET /api/emp/checkin-out": { status: 200, body: { items: [record({ work_date: "2026-11-19" })] } },
      "GET /api/emp/checkin-out/correction": { status: 200, body: { items: [correction()] } },
    });
    renderHistory("2026-11-19");
    const row = await rowOf("19 พ.ย.");
    await waitFor(() => expect(within(row).getByTestId("correction-status")).toHaveTextContent("รออนุมัติ"));
    expect(within(row).queryByRole("form")).toBeNull();
  });
});
