import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { json } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { atPhoneWidth, expectCardNameFirst } from "~/components/phone-width.test-helpers";
import type { MachineReportsData } from "~/models/machines/reports.server";
import type { VisitDto } from "~/models/machines/visit.server";
import { MachineReports } from "./MachineReports";

const PHOTO = "/uploads/machines/0f8fad5b-d9cb-469f-a165-70867728950e.jpg";
const visit = (over: Partial<VisitDto> = {}): VisitDto => ({
  id: 1,
  machine: { id: 7, code: "VM-007", name: "ตู้หน้าโรงอาหาร", type: 2, type_label: "ผูกกับตู้" },
  employee: { id: 3, code: "E0003", full_name: "นายสมชาย ใจดี" },
  visited_at: "2026-11-23T02:05:00.000Z",
  visit_date: "2026-11-23",
  status: "broken",
  status_label: "ชำรุด",
  note: "จอดับ",
  lat: 13.75,
  lng: 100.5,
  accuracy: 12,
  distance_m: 95.2,
  geofence: "uncertain",
  flags: ["uncertain"],
  flag_evidence: {},
  photo_url: PHOTO,
  map_url: "https://www.google.com/maps?q=13.75,100.5",
  ...over,
});

const DATA: MachineReportsData = {
  today: "2026-11-23",
  daily: { date: "2026-11-23", items: [visit(), visit({ id: 2, status: "normal", status_label: "ปกติ", note: "", flags: [], geofence: "inside", distance_m: 10, photo_url: null })], total: 2, page: 1, page_size: 20 },
  problems: [{ machine: { id: 7, code: "VM-007", name: "ตู้หน้าโรงอาหาร", type: 2, type_label: "ผูกกับตู้", address: "", photo_url: null }, visit: visit() }],
  history: null,
};

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderTab(data: MachineReportsData = DATA) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
            <MachineReports data={data} />
            <Search />
          </DatesProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
    },
  ]);
  render(<Stub initialEntries={["/?tab=visits"]} />);
}

describe("MachineReports", () => {
  test("open problems, the day's rows with status, place, flags and photo, and the CSV links", async () => {
    renderTab();
    const [problem] = await screen.findAllByTestId("problem-row");
    expect(problem).toHaveTextContent("VM-007 ตู้หน้าโรงอาหาร");
    expect(problem).toHaveTextContent("ชำรุด");
    expect(problem).toHaveTextContent("จอดับ");
    const rows = screen.getAllByTestId("visit-row");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("09:05 น.");
    expect(rows[0]).toHaveTextContent("ห่างตู้ 95 ม.");
    expect(rows[0]).toHaveTextContent("ตำแหน่งไม่แน่ชัด");
    expect(rows[0].querySelector("img")?.getAttribute("src")).toBe(`${PHOTO}?size=thumb`);
    expect(rows[1]).toHaveTextContent("ไม่มีรูป");
    expect(screen.getByRole("link", { name: /CSV วันที่เลือก/ })).toHaveAttribute("href", "/api/machine/visits?format=csv&date=2026-11-23");
  });

  test("a visit far from the previous punch: the flag as a badge and the trip's numbers on one line", async () => {
    const travel = {
      from: { lat: 13.7563, lng: 100.5018, at: "2026-11-23T01:00:00.000Z", kind: "checkin" },
      to: { lat: 16.4543, lng: 100.5018, at: "2026-11-23T02:05:00.000Z", kind: "visit" },
      distance_m: 300_000,
      minutes: 65,
      speed_kmh: 276.9,
    };
    const far = visit({ flags: ["impossible_travel"], flag_evidence: { impossible_travel: travel } });
    renderTab({ ...DATA, daily: { ...DATA.daily, items: [far], total: 1 } });
    const [row] = await screen.findAllByTestId("visit-row");
    expect(row).toHaveTextContent("เดินทางเร็วเกินจริงจากตำแหน่งครั้งก่อน");
    expect(within(row).getByTestId("visit-travel")).toHaveTextContent("300 กม. ใน 65 นาที (276.9 กม./ชม.) จากเข้างาน 23 พ.ย. 2569 08:00 น.");
  });

  test("the next day and a machine's history move the query string (visit_ keys, tab kept)", async () => {
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "วันถัดไป" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("?tab=visits&visit_date=2026-11-24"));
    await user.click(within(screen.getAllByTestId("visit-row")[0]).getByRole("button", { name: "VM-007" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("visit_machine=7"));
  });

  test("a machine's history opens in a drawer with its photos; a photo opens large", async () => {
    renderTab({ ...DATA, history: { machine: { id: 7, code: "VM-007", name: "ตู้หน้าโรงอาหาร", type: 2, type_label: "ผูกกับตู้", active: true }, items: [visit()], total: 1, page: 1, page_size: 20 } });
    const drawer = await screen.findByRole("dialog", { name: /ประวัติการเข้าตู้ VM-007/ });
    expect(within(drawer).getByText("ทั้งหมด 1 รายการ")).toBeInTheDocument();
    await userEvent.setup().click(within(drawer).getByRole("button", { name: /ดูรูปตู้ VM-007/ }));
    await waitFor(() => expect(screen.getAllByRole("dialog").some((d) => d.querySelector(`img[src="${PHOTO}"]`))).toBe(true));
  });

  test("at phone width: a card per visit, the cabinet first, its history and photo on the card", async () => {
    const restore = atPhoneWidth();
    try {
      const user = userEvent.setup();
      renderTab();
      const cards = await screen.findAllByTestId("visit-card");
      expect(cards).toHaveLength(2);
      expect(screen.queryAllByTestId("visit-row")).toEqual([]);
      const first = expectCardNameFirst(cards[0], "VM-007 ตู้หน้าโรงอาหาร");
      expect(cards[0]).toHaveTextContent("09:05 น. · นายสมชาย ใจดี (E0003)");
      expect(cards[0]).toHaveTextContent("ชำรุด");
      expect(cards[0]).toHaveTextContent("ห่างตู้ 95 ม.");
      expect(first.getByRole("button", { name: /^ดูรูปตู้ VM-007/ })).toBeInTheDocument();
      await user.click(first.getByRole("button", { name: "ประวัติตู้ VM-007" }));
      await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("visit_machine=7"));
    } finally {
      restore();
    }
  });
});
