import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { useLocation } from "@remix-run/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { HolidaysTab, type HolidaysTabData } from "./HolidaysTab";

const DATA: HolidaysTabData = {
  year: 2027,
  items: [
    { date: "2027-01-01", name: "วันขึ้นปีใหม่", kind: "public", source: "seed" },
    { date: "2027-05-03", name: "ชดเชยวันแรงงานแห่งชาติ", kind: "substitution", source: "seed" },
    { date: "2027-08-16", name: "วันครบรอบบริษัท", kind: "company", source: "admin" },
  ],
  warnings: ["ปี 2570 มีวันหยุดตามประเพณี 2 วัน น้อยกว่าที่กฎหมายกำหนด (อย่างน้อย 13 วัน)"],
  seeded_at: "2026-11-23T00:00:00.000Z",
  this_year: 2026,
  min_year: 2024,
  max_year: 2031,
};

type Posted = Record<string, FormDataEntryValue>;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderTab(data: HolidaysTabData, posted: Posted[] = [], answer: () => unknown = () => ({ ok: true, message: "บันทึกแล้ว" })) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
            <ModalsProvider>
              <Notifications />
              <HolidaysTab data={data} />
              <Where />
            </ModalsProvider>
          </DatesProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        const body = answer();
        return json(body, { status: (body as { ok: boolean }).ok ? 200 : 400 });
      },
    },
  ]);
  render(<Stub initialEntries={["/?tab=holidays"]} />);
  return posted;
}

// Dialog journeys on a shared two-core machine take a few seconds each.
describe("HolidaysTab", { timeout: 20_000 }, () => {
  test("lists the year's days: Thai date with the weekday, name, kind badge, source; the warnings above", async () => {
    renderTab(DATA);
    const rows = await screen.findAllByTestId("holiday-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("1 มกราคม 2570");
    expect(rows[0]).toHaveTextContent("วันศุกร์");
    expect(rows[0]).toHaveTextContent("วันหยุดราชการ");
    expect(rows[0]).toHaveTextContent("ประกาศราชการ");
    expect(rows[1]).toHaveTextContent("วันหยุดชดเชย");
    expect(rows[1]).toHaveTextContent("วันจันทร์");
    expect(rows[2]).toHaveTextContent("วันหยุดบริษัท");
    expect(rows[2]).toHaveTextContent("ผู้ดูแลระบบ");
    expect(screen.getByRole("alert")).toHaveTextContent("น้อยกว่าที่กฎหมายกำหนด");
    expect(screen.getByRole("textbox", { name: "ปี" })).toHaveValue("พ.ศ. 2570");
  });

  test("an empty year says what to do, and no warning box when there is nothing to warn", async () => {
    renderTab({ ...DATA, items: [], warnings: [] });
    expect(await screen.findByText("ยังไม่มีวันหยุดในปี 2570")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryAllByTestId("holiday-row")).toEqual([]);
  });

  test("the year picker lists BE years and moves the address to the chosen year", async () => {
    renderTab(DATA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("textbox", { name: "ปี" }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options[0]).toBe("พ.ศ. 2567");
    expect(options.at(-1)).toBe("พ.ศ. 2574");
    await user.click(screen.getByRole("option", { name: "พ.ศ. 2569" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("?tab=holidays&year=2026"));
  });

  test("add: picks a date in the year shown, names it, posts the add intent", async () => {
    const posted = renderTab(DATA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "เพิ่มวันหยุด" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /วันที่/ }));
    await user.click(await screen.findByRole("button", { name: "15 มกราคม 2570" }));
    await user.type(within(dialog).getByRole("textbox", { name: /ชื่อวันหยุด/ }), "หยุดพิเศษ");
    await user.click(within(dialog).getByRole("button", { name: "เพิ่มวันหยุด" }));
    await waitFor(() =>
      expect(posted).toEqual([{ intent: "holiday-add", date: "2027-01-15", name: "หยุดพิเศษ", kind: "company" }]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("add: this year's picker opens on the current month, another year's on its January", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-20T03:00:00Z"));
      renderTab({ ...DATA, year: 2026, this_year: 2026 });
      const user = userEvent.setup();
      await user.click(await screen.findByRole("button", { name: "เพิ่มวันหยุด" }));
      const dialog = await screen.findByRole("dialog");
      await user.click(within(dialog).getByRole("button", { name: /วันที่/ }));
      expect(await screen.findByRole("button", { name: "20 พฤศจิกายน 2569" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "15 มกราคม 2569" })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  test("add: the server's field messages show in the dialog, which stays open", async () => {
    renderTab(DATA, [], () => ({ ok: false, error: "ข้อมูลวันหยุดไม่ถูกต้อง", fields: { date: "วันที่นี้มีวันหยุดอยู่แล้ว" } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "เพิ่มวันหยุด" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /ชื่อวันหยุด/ }), "ซ้ำ");
    await user.click(within(dialog).getByRole("button", { name: "เพิ่มวันหยุด" }));
    expect(await within(dialog).findByText("วันที่นี้มีวันหยุดอยู่แล้ว")).toBeInTheDocument();
  });

  test("rename: the dialog starts from the day's name and kind, and posts the date", async () => {
    const posted = renderTab(DATA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "แก้ไข วันขึ้นปีใหม่" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("จะไม่ถูกแทนที่เมื่อดึงวันหยุดราชการใหม่");
    const name = within(dialog).getByRole("textbox", { name: /ชื่อวันหยุด/ });
    expect(name).toHaveValue("วันขึ้นปีใหม่");
    await user.clear(name);
    await user.type(name, "วันปีใหม่");
    await user.click(within(dialog).getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "holiday-rename", date: "2027-01-01", name: "วันปีใหม่", kind: "public" }]));
  });

  test("remove asks first, then posts the date", async () => {
    const posted = renderTab(DATA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "ลบ วันครบรอบบริษัท" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("16 สิงหาคม 2570");
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "ลบวันหยุด" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "holiday-remove", date: "2027-08-16" }]));
  });

  test("re-seed explains what is kept before it posts the year", async () => {
    const posted = renderTab(DATA);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "ดึงวันหยุดราชการใหม่" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("วันหยุดที่ผู้ดูแลระบบเพิ่มเองหรือแก้ไขชื่อไว้จะยังอยู่เหมือนเดิม");
    expect(dialog).toHaveTextContent("ที่เคยลบออกจะกลับมา");
    await user.click(within(dialog).getByRole("button", { name: "ยกเลิก" }));
    expect(posted).toEqual([]);
    await user.click(screen.getByRole("button", { name: "ดึงวันหยุดราชการใหม่" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "ดึงวันหยุดใหม่" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "holiday-reseed", year: "2027" }]));
  });
});
