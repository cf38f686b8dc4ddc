import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { json } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { atPhoneWidth, expectCardNameFirst } from "~/components/phone-width.test-helpers";
import type { DailyTabData } from "./daily-types";
import { DailyTab } from "./DailyTab";

const record = {
  id: 11,
  checkin_at: "2026-11-23T01:42:00.000Z",
  checkout_at: null,
  checkin_distance_m: 35.4,
  checkin_lat: 13.75,
  checkin_lng: 100.5,
  checkin_address: "ถนนพระราม 4",
  checkin_photo_url: "/uploads/checkinouts/0f8fad5b-d9cb-469f-a165-70867728950e.jpg",
  checkout_photo_url: null,
  checkin_match: 0,
  checkout_match: null,
  late_minutes: 12,
  early_minutes: 0,
  review_status: "pending",
  checked: 0,
};

const DATA: DailyTabData = {
  date: "2026-11-23",
  headcount: 3,
  summary: { present: 1, late: 1, early_leave: 0, absent: 1, leave: 0, holiday: 0, day_off: 0, missing_checkout: 0, pending_review: 1 },
  items: [
    {
      employee: { id: 1, code: "E0001", full_name: "นายสมชาย ใจดี", first_name: "สมชาย", position: "ช่าง", photo_url: null },
      status: "late",
      reason: "สาย 12 นาที",
      record,
    },
    {
      employee: { id: 2, code: "E0002", full_name: "นางสาวสมหญิง ขยัน", first_name: "สมหญิง", position: "", photo_url: null },
      status: "absent",
      reason: "ขาดงาน",
      record: null,
    },
  ],
  total: 3,
  page_size: 50,
  prev_cursor: null,
  next_cursor: null,
  attendance_start: "2026-11-01",
  today: "2026-11-24",
};

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderTab(data: DailyTabData = DATA, url = "/?tab=daily") {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
            <DailyTab data={data} />
            <Search />
          </DatesProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("DailyTab", () => {
  test("shows the summary counts, the rows with times, minutes, match flag and thumbnail", async () => {
    renderTab();
    expect(await screen.findByTestId("summary-late")).toHaveTextContent("มาสาย1");
    expect(screen.getByTestId("summary-absent")).toHaveTextContent("ขาดงาน1");
    expect(screen.getByTestId("summary-day_off")).toHaveTextContent("0");
    expect(screen.getByText(/รอตรวจสอบ 1 รายการ/)).toBeInTheDocument();
    const rows = screen.getAllByTestId("daily-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("08:42");
    expect(rows[0]).toHaveTextContent("สาย 12 นาที");
    expect(rows[0]).toHaveTextContent("12 / 0");
    expect(rows[0]).toHaveTextContent("ไม่ตรง");
    expect(rows[0]).toHaveTextContent("35 ม.");
    expect(rows[0].querySelector("img")?.getAttribute("src")).toBe(`${record.checkin_photo_url}?size=thumb`);
    expect(screen.getByRole("switch", { name: "ตรวจแล้ว นายสมชาย ใจดี" })).not.toBeChecked();
    expect(rows[1]).toHaveTextContent("ขาดงาน");
  });

  test("a summary card filters by its status, and a second click clears it", async () => {
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId("summary-late"));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("?tab=daily&status=late"));
    await user.click(screen.getByTestId("summary-late"));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=daily$/));
  });

  test("previous and next day move the date", async () => {
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "วันถัดไป" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("date=2026-11-24"));
  });

  test("a selfie opens large in a dialog", async () => {
    renderTab();
    await userEvent.setup().click(await screen.findByRole("button", { name: "ดูรูปเข้างาน นายสมชาย ใจดี" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe(record.checkin_photo_url);
  });

  test("an empty list says so", async () => {
    renderTab({ ...DATA, items: [] });
    expect(await screen.findByText("ไม่มีรายการ")).toBeInTheDocument();
    expect(screen.getByText("ไม่มีพนักงานตรงกับตัวกรองนี้")).toBeInTheDocument();
  });

  test("a selfie deleted by the retention period: the text instead of a thumbnail, the match flag kept", async () => {
    const purged = { ...record, checkin_photo_url: null, checkin_photo_purged: true };
    renderTab({ ...DATA, items: [{ ...DATA.items[0], record: purged }, DATA.items[1]] });
    const rows = await screen.findAllByTestId("daily-row");
    expect(rows[0]).toHaveTextContent("ลบรูปตามระยะเวลาเก็บรักษาแล้ว");
    expect(rows[0].querySelector("img")).toBeNull();
    expect(rows[0]).toHaveTextContent("ไม่ตรง");
    expect(rows[1]).not.toHaveTextContent("ลบรูปตามระยะเวลาเก็บรักษาแล้ว");
  });
});

describe("DailyTab paging", () => {
  test("next and previous are links to the neighbouring pages that keep the date, filter and search; a filter starts again at the first page", async () => {
    renderTab({ ...DATA, total: 120, prev_cursor: "PREV", next_cursor: "NEXT" }, "/?tab=daily&date=2026-11-23&status=late&q=%E0%B8%AA&after=OLD");
    expect(await screen.findByText("ทั้งหมด 120 คน")).toBeInTheDocument();
    const next = screen.getByRole("link", { name: "หน้าถัดไป" });
    const nextUrl = new URLSearchParams(next.getAttribute("href")!.split("?")[1]);
    expect(Object.fromEntries(nextUrl)).toEqual({ tab: "daily", date: "2026-11-23", status: "late", q: "ส", after: "NEXT" });
    const previous = new URLSearchParams(screen.getByRole("link", { name: "หน้าก่อนหน้า" }).getAttribute("href")!.split("?")[1]);
    expect(Object.fromEntries(previous)).toEqual({ tab: "daily", date: "2026-11-23", status: "late", q: "ส", before: "PREV" });
    const user = userEvent.setup();
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("after=NEXT"));
    await user.click(screen.getByTestId("summary-absent"));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent(/^\?tab=daily&date=2026-11-23&status=absent&q=/));
    expect(screen.getByTestId("search")).not.toHaveTextContent("after=");
  });

  test("one page: no pager", async () => {
    renderTab();
    await screen.findAllByTestId("daily-row");
    expect(screen.queryByTestId("keyset-pager")).not.toBeInTheDocument();
  });

  test("a date before attendance counted says so with the date, no table", async () => {
    const empty = { ...DATA, headcount: 0, total: 0, items: [], summary: { ...DATA.summary, present: 0, late: 0, absent: 0, pending_review: 0 } };
    renderTab({ ...empty, date: "2026-10-30" });
    expect(await screen.findByText("ยังไม่เริ่มนับการลงเวลา (30 ตุลาคม 2569)")).toBeInTheDocument();
    expect(screen.getByText("เริ่มนับการลงเวลาตั้งแต่ 1 พ.ย. 2569")).toBeInTheDocument();
    expect(screen.queryByTestId("summary-late")).not.toBeInTheDocument();
    expect(screen.queryByTestId("daily-row")).not.toBeInTheDocument();
  });

  test("with no office configured nothing counts yet", async () => {
    const empty = { ...DATA, headcount: 0, total: 0, items: [] };
    renderTab({ ...empty, attendance_start: null });
    expect(await screen.findByText(/^ยังไม่เริ่มนับการลงเวลา/)).toBeInTheDocument();
    expect(screen.getByText("การลงเวลาจะเริ่มนับเมื่อตั้งค่าสำนักงานแห่งแรก")).toBeInTheDocument();
  });

  test("a date still ahead says so, counted or not", async () => {
    renderTab({ ...DATA, headcount: 0, total: 0, items: [], date: "2026-11-26", attendance_start: null });
    expect(await screen.findByText("ยังไม่ถึงวันที่ 26 พฤศจิกายน 2569")).toBeInTheDocument();
  });

  test("at phone width: a card per employee, the name first, the checked switch and the correction on the card", async () => {
    const restore = atPhoneWidth();
    try {
      renderTab();
      const cards = await screen.findAllByTestId("daily-card");
      expect(cards).toHaveLength(2);
      expect(screen.queryAllByTestId("daily-row")).toEqual([]);
      const first = expectCardNameFirst(cards[0], "นายสมชาย ใจดี");
      expect(cards[0]).toHaveTextContent("สาย 12 นาที");
      expect(cards[0]).toHaveTextContent("08:42");
      expect(cards[0]).toHaveTextContent("12 / 0");
      expect(first.getByRole("switch", { name: "ตรวจแล้ว นายสมชาย ใจดี" })).not.toBeChecked();
      expect(first.getByRole("button", { name: /แก้ไขเวลา/ })).toBeInTheDocument();
      expect(first.getByRole("button", { name: "ดูรูปเข้างาน นายสมชาย ใจดี" })).toBeInTheDocument();
      const second = expectCardNameFirst(cards[1], "นางสาวสมหญิง ขยัน");
      expect(second.getByRole("button", { name: /แก้ไขเวลา/ })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
