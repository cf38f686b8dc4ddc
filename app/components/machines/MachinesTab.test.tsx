import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import type { MachineDto } from "~/models/machines/machine.server";
import { atPhoneWidth } from "~/components/phone-width.test-helpers";
import { MachinesTab, type MachinesTabData } from "./MachinesTab";

const machine = (over: Partial<MachineDto> = {}): MachineDto => ({
  id: 1,
  code: "VM-001",
  name: "ตู้กาแฟหน้าลิฟต์",
  type: 2,
  type_label: "ผูกกับตู้",
  lat: 13.75,
  lng: 100.5,
  radius_m: 100,
  address: "อาคาร A ชั้น 1",
  photo_url: null,
  visit_every_days: 7,
  note: "",
  active: true,
  assigned: [{ employee_id: 5, code: "E0005", full_name: "นายสมชาย ใจดี" }],
  last_visit: { id: 9, visited_at: "2026-01-20T03:00:00.000Z", visit_date: "2026-01-20", status: "broken", employee_name: "นายสมชาย ใจดี" },
  due_date: "2026-01-27",
  overdue: true,
  open_problem: true,
  map_url: "https://www.google.com/maps/search/?api=1&query=13.75,100.5",
  created_at: "2026-01-01T03:00:00.000Z",
  updated_at: "2026-01-01T03:00:00.000Z",
  ...over,
});

const DATA: MachinesTabData = {
  query: { q: "", type: null, employee_id: null, unassigned: false, overdue: false, active: "1" },
  employee: null,
  items: [
    machine(),
    machine({
      id: 2,
      code: "VM-002",
      name: "ตู้ขนม",
      type: 1,
      type_label: "ทั่วไป",
      lat: null,
      lng: null,
      map_url: null,
      assigned: [],
      last_visit: null,
      visit_every_days: null,
      due_date: null,
      overdue: false,
      open_problem: false,
    }),
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

type Posted = Record<string, FormDataEntryValue>[];

type Person = { id: number; code: string; full_name: string };

function renderTab(
  data: MachinesTabData,
  {
    posted = [],
    answer = { ok: true, message: "บันทึกแล้ว" },
    status = 200,
    url = "/admin/vending-machine",
    employees = [],
  }: { posted?: Posted; answer?: Record<string, unknown>; status?: number; url?: string; employees?: Person[] } = {},
) {
  const Stub = createRemixStub([
    {
      path: "/admin/vending-machine",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            <MachinesTab data={data} />
            <Where />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return json(answer, { status });
      },
    },
    { path: "/api/employee", loader: () => json({ items: employees, total: employees.length, page: 1, page_size: 20 }) },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe("MachinesTab", () => {
  test("a row per machine: type, who looks after it, the last visit's status, the due date with เลยกำหนด, the map link", async () => {
    renderTab(DATA);
    const table = await screen.findByRole("table", { name: "รายการตู้" });
    const [first, second] = within(table).getAllByTestId("machine-row");
    expect(first).toHaveTextContent("VM-001");
    expect(first).toHaveTextContent("ผูกกับตู้");
    expect(first).toHaveTextContent("นายสมชาย ใจดี");
    expect(first).toHaveTextContent("20 ม.ค. 2569");
    expect(first).toHaveTextContent("ชำรุด");
    expect(first).toHaveTextContent("27 ม.ค. 2569");
    expect(within(first).getByText("เลยกำหนด")).toBeInTheDocument();
    expect(within(first).getByText("มีปัญหา")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: /แผนที่/ })).toHaveAttribute("href", DATA.items[0].map_url);
    expect(second).toHaveTextContent("ยังไม่มีผู้ดูแล");
    expect(second).toHaveTextContent("ยังไม่เคยเข้าตู้");
    expect(second).toHaveTextContent("ไม่มีกำหนด");
    expect(within(second).queryByText("เลยกำหนด")).toBeNull();
    expect(within(second).queryByRole("link")).toBeNull();
    expect(screen.queryByTestId("machine-cards")).toBeNull();
    expect(screen.getByText("ทั้งหมด 2 ตู้")).toBeInTheDocument();
  });

  test("a phone gets one card per machine, and no table", async () => {
    const restore = atPhoneWidth();
    try {
      renderTab(DATA);
      const cards = await screen.findByTestId("machine-cards");
      expect(cards).toHaveTextContent("VM-001");
      expect(cards).toHaveTextContent("VM-002");
      expect(cards).toHaveTextContent("ยังไม่มีผู้ดูแล");
      expect(screen.queryByRole("table")).toBeNull();
    } finally {
      restore();
    }
  });

  test("filters go to the address under the tab and start again from page 1", async () => {
    renderTab({ ...DATA, page: 2, total: 60 }, { url: "/admin/vending-machine?tab=machines&page=2" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "เลยกำหนด" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\?tab=machines&overdue=1$/));
    await user.click(screen.getByRole("textbox", { name: "ประเภท" }));
    await user.click(await screen.findByRole("option", { name: "ทั่วไป" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?tab=machines&overdue=1&type=1"));
  }, 20_000);

  test("no machines: the empty state says what to do", async () => {
    renderTab({ ...DATA, items: [], total: 0 });
    expect(await screen.findByText("ยังไม่มีตู้")).toBeInTheDocument();
  });

  test("the create dialog posts the create intent and shows the server's field message under its field", async () => {
    const posted: Posted = [];
    renderTab(DATA, {
      posted,
      status: 400,
      answer: { ok: false, intent: "create", error: "ข้อมูลตู้ไม่ถูกต้อง", fields: { lat: "ตู้ประเภทผูกกับตู้ต้องมีตำแหน่ง (ละติจูดและลองจิจูด)" } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "เพิ่มตู้" }));
    const dialog = await screen.findByRole("dialog", { name: "เพิ่มตู้" });
    await user.type(within(dialog).getByRole("textbox", { name: /รหัสตู้/ }), "VM-009");
    await user.type(within(dialog).getByRole("textbox", { name: /ชื่อตู้/ }), "ตู้น้ำ");
    await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "create", code: "VM-009", name: "ตู้น้ำ", type: "1", lat: "", lng: "" });
    expect(await within(dialog).findByText("ตู้ประเภทผูกกับตู้ต้องมีตำแหน่ง (ละติจูดและลองจิจูด)")).toBeInTheDocument();
  }, 20_000);

  test("the edit dialog starts from the machine and posts the update intent with its id", async () => {
    const posted: Posted = [];
    renderTab(DATA, { posted, answer: { ok: true, intent: "update", message: "บันทึกการแก้ไขแล้ว" } });
    const user = userEvent.setup();
    const table = await screen.findByRole("table", { name: "รายการตู้" });
    await user.click(within(table).getByRole("button", { name: "จัดการตู้ VM-001" }));
    await user.click(await screen.findByRole("menuitem", { name: "แก้ไขข้อมูลตู้" }));
    const dialog = await screen.findByRole("dialog", { name: "แก้ไขตู้ VM-001" });
    expect(within(dialog).getByRole("textbox", { name: /ละติจูด/ })).toHaveValue("13.75");
    expect(within(dialog).getByRole("textbox", { name: /ต้องเข้าตู้ทุก/ })).toHaveValue("7");
    await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "update", id: "1", code: "VM-001", type: "2", lat: "13.75", lng: "100.5", radius_m: "100" });
  }, 20_000);

  test("the assignment dialog removes someone after a confirmation and adds an employee picked by search", async () => {
    const posted: Posted = [];
    const malee = { id: 8, code: "E0008", full_name: "นางสาวมาลี สุขใจ" };
    renderTab(DATA, { posted, employees: [malee], answer: { ok: true, intent: "map", message: "เพิ่มผู้ดูแลตู้แล้ว" } });
    const user = userEvent.setup();
    const table = await screen.findByRole("table", { name: "รายการตู้" });
    await user.click(within(table).getByRole("button", { name: "จัดการตู้ VM-001" }));
    await user.click(await screen.findByRole("menuitem", { name: "ผู้ดูแลตู้" }));
    const dialog = await screen.findByRole("dialog", { name: /ผู้ดูแลตู้ VM-001/ });
    expect(within(dialog).getAllByTestId("assignee").map((a) => a.textContent)).toEqual(["นายสมชาย ใจดีE0005"]);

    await user.click(within(dialog).getByRole("button", { name: "นำ นายสมชาย ใจดี ออก" }));
    const confirm = await screen.findByRole("dialog", { name: "นำผู้ดูแลออกจากตู้" });
    expect(posted).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "นำออก" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "unmap", machine_id: "1", employee_id: "5" }]));

    expect(within(dialog).getByRole("button", { name: "เพิ่ม" })).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "เพิ่มผู้ดูแล" }), "มาลี");
    await user.click(await screen.findByRole("option", { name: "นางสาวมาลี สุขใจ (E0008)" }));
    await user.click(within(dialog).getByRole("button", { name: "เพิ่ม" }));
    await waitFor(() => expect(posted[1]).toEqual({ intent: "map", machine_id: "1", employee_id: "8" }));
  }, 30_000);

  test("deactivating asks first, then posts the active intent", async () => {
    const posted: Posted = [];
    renderTab(DATA, { posted, answer: { ok: true, intent: "active", message: "ปิดใช้งานตู้แล้ว" } });
    const user = userEvent.setup();
    const table = await screen.findByRole("table", { name: "รายการตู้" });
    await user.click(within(table).getByRole("button", { name: "จัดการตู้ VM-001" }));
    await user.click(await screen.findByRole("menuitem", { name: "ปิดใช้งาน" }));
    const confirm = await screen.findByRole("dialog", { name: "ปิดใช้งานตู้" });
    expect(posted).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "ปิดใช้งาน" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "active", id: "1", active: "0" }]));
  }, 20_000);
});
