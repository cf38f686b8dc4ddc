import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import type { EmployeeMachine, VisitDto } from "./machine-types";
import { MachineList } from "./MachineList";

const SITE = { lat: 13.7563, lng: 100.5018 };
// About 35 m north of the machine.
const NEAR = { lat: 13.7566148, lng: 100.5018 };

function machine(over: Partial<EmployeeMachine> = {}): EmployeeMachine {
  return {
    id: 1,
    code: "VM-001",
    name: "ตู้หน้าโรงอาหาร",
    type: 2,
    type_label: "ผูกกับตู้",
    ...SITE,
    radius_m: 100,
    address: "",
    photo_url: "/uploads/machines/0b6f3c9e-3d6a-4bb4-8f34-6f0c1d1f4a11.jpg",
    last_visit: null,
    due_date: null,
    overdue: false,
    distance_m: null,
    map_url: "https://www.google.com/maps?q=13.7563,100.5018",
    ...over,
  };
}

const visit = (over: Partial<VisitDto> = {}): VisitDto => ({
  id: 9,
  machine: { id: 1, code: "VM-001", name: "ตู้หน้าโรงอาหาร", type: 2, type_label: "ผูกกับตู้" },
  employee: { id: 3, code: "E1", full_name: "นายสมชาย ใจดี" },
  visited_at: "2026-11-23T03:15:00.000Z",
  visit_date: "2026-11-23",
  status: "broken",
  status_label: "ชำรุด",
  note: "",
  lat: NEAR.lat,
  lng: NEAR.lng,
  accuracy: 10,
  distance_m: 35,
  geofence: "inside",
  flags: [],
  flag_evidence: {},
  photo_url: null,
  map_url: null,
  ...over,
});

function geolocationAnswers(answer: { accuracy: number } | { code: 1 | 2 | 3 }) {
  const geo = {
    getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if ("code" in answer) fail({ code: answer.code, message: "", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      else ok({ coords: { latitude: NEAR.lat, longitude: NEAR.lng, accuracy: answer.accuracy }, timestamp: Date.now() } as GeolocationPosition);
    }),
  };
  Object.defineProperty(navigator, "geolocation", { value: geo, configurable: true });
  return geo;
}

type Route = { status: number; body: unknown };
function serverAnswers(routes: Record<string, Route | Route[]>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.split("?")[0]}`;
    const route = routes[key];
    const next = Array.isArray(route) ? route.shift() : route;
    if (!next) throw new Error(`unexpected ${key}`);
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:machine");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const show = (initial: EmployeeMachine[] | null) =>
  render(
    <MantineProvider>
      <MachineList initial={initial} maxAccuracy={100} />
    </MantineProvider>,
  );

describe("MachineList", () => {
  test("no machines: the empty state", async () => {
    geolocationAnswers({ code: 1 });
    serverAnswers({ "GET /api/emp/machine": { status: 200, body: { items: [] } } });
    show(null);
    expect(await screen.findByText("ยังไม่มีตู้ที่รับผิดชอบ")).toBeInTheDocument();
  });

  test("cards with the type, the last visit and an overdue due date; re-sorted with distances once the position is known", async () => {
    geolocationAnswers({ accuracy: 10 });
    const overdue = machine({
      id: 2,
      code: "VM-002",
      type: 1,
      type_label: "ทั่วไป",
      due_date: "2026-11-20",
      overdue: true,
      last_visit: { visited_at: "2026-11-13T02:00:00.000Z", visit_date: "2026-11-13", status: "out_of_stock", status_label: "สินค้าหมด", employee_name: "นายสมชาย ใจดี" },
    });
    const fetch = serverAnswers({
      "GET /api/emp/machine": { status: 200, body: { items: [machine({ distance_m: 35 }), { ...overdue, distance_m: 1500 }] } },
    });
    show([overdue, machine()]);
    const cards = () => screen.getAllByTestId("machine-card");
    await waitFor(() => expect(within(cards()[0]).getByText("VM-001")).toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith(`/api/emp/machine?lat=${NEAR.lat}&lng=${NEAR.lng}`, expect.anything());
    expect(within(cards()[0]).getByText("ห่าง 35 ม.")).toBeInTheDocument();
    expect(within(cards()[0]).getByText("ผูกกับตู้")).toBeInTheDocument();
    expect(within(cards()[0]).getByText("ยังไม่เคยส่งรายงาน")).toBeInTheDocument();
    const late = cards()[1];
    expect(within(late).getByText("ห่าง 1.5 กม.")).toBeInTheDocument();
    expect(within(late).getByText("เลยกำหนด")).toBeInTheDocument();
    expect(within(late).getByText("สินค้าหมด")).toBeInTheDocument();
    expect(within(late).getByText(/กำหนดเข้า 20 พ\.ย\. 2569/)).toBeInTheDocument();
  });

  test("a type-2 report: the distance check, the photo required, the server's refusal shown, then success and a reload", async () => {
    geolocationAnswers({ accuracy: 10 });
    const fetch = serverAnswers({
      "GET /api/emp/machine": [
        { status: 200, body: { items: [machine({ distance_m: 35 })] } },
        { status: 200, body: { items: [machine({ distance_m: 35, last_visit: { visited_at: "2026-11-23T03:15:00.000Z", visit_date: "2026-11-23", status: "broken", status_label: "ชำรุด", employee_name: "นายสมชาย ใจดี" } })] } },
      ],
      "POST /api/emp/machine": [
        { status: 422, body: { error: "คุณอยู่นอกพื้นที่ของตู้ ห่างจากตู้ประมาณ 150 เมตร (รัศมีที่กำหนด 100 เมตร) กรุณาส่งรายงานเมื่ออยู่ที่ตู้" } },
        { status: 201, body: { visit: visit() } },
      ],
    });
    const user = userEvent.setup();
    show([machine()]);
    await screen.findByText("ห่าง 35 ม.");
    await user.click(screen.getByRole("button", { name: "ส่งรายงาน" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("presence-check")).toHaveTextContent("อยู่ที่ตู้");

    const send = within(dialog).getByRole("button", { name: "ส่งรายงาน" });
    await user.click(send);
    expect(within(dialog).getByText("กรุณาเลือกสถานะของตู้")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "ชำรุด" }));
    await user.click(send);
    expect(within(dialog).getByText("กรุณาแนบรูปถ่ายตู้")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);

    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["jpeg"], "cabinet.jpg", { type: "image/jpeg" }));
    await user.type(within(dialog).getByLabelText("หมายเหตุ"), "จอดับ");
    await user.click(send);
    expect(await within(dialog).findByText(/ห่างจากตู้ประมาณ 150 เมตร/)).toBeInTheDocument();

    await user.click(send);
    expect(await screen.findByText("ส่งรายงานแล้ว")).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    const form = posts[1][1]!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== "photo"))).toEqual({
      machine_id: "1",
      status: "broken",
      note: "จอดับ",
      lat: String(NEAR.lat),
      lng: String(NEAR.lng),
      accuracy: "10",
    });
    expect(form.get("photo")).toBeInstanceOf(File);
    await waitFor(() => expect(screen.getByTestId("machine-card")).toHaveTextContent("ชำรุด"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
