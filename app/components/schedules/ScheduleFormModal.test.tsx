import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useDialogFetcher, type DialogResult } from "~/components/dialog-fetcher";
import type { ScheduleDto } from "~/models/schedules/schedule-schema";
import { ScheduleFormModal } from "./ScheduleFormModal";

const TODAY = "2026-11-25";
const OFFICE = { start: "08:30", end: "17:30", break_start: "12:00", break_end: "13:00" };
const SIX_DAYS: ScheduleDto = {
  id: 4,
  name: "เสาร์ครึ่งวัน",
  is_default: false,
  days: [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...OFFICE })), { weekday: 6, start: "08:30", end: "12:00" }],
  late_grace_minutes: 5,
  early_grace_minutes: 0,
  employee_count: 3,
  upcoming: [],
};

type Answer = { status?: number; body: DialogResult };

function renderForm(schedule: ScheduleDto | null, answers: Answer[] = [{ body: { ok: true, message: "บันทึกแล้ว" } }]) {
  const posted: Record<string, string>[] = [];
  const Page = () => {
    const form = useDialogFetcher<DialogResult>("schedule-test", () => {});
    return <ScheduleFormModal opened schedule={schedule} today={TODAY} fetcher={form.fetcher} onClose={() => {}} />;
  };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Page />
          </ModalsProvider>
        </MantineProvider>
      ),
      action: async ({ request }) => {
        posted.push(Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)])));
        const answer = answers[Math.min(posted.length - 1, answers.length - 1)];
        return json(answer.body, { status: answer.status ?? 200 });
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return posted;
}

const day = (name: string) => screen.getByRole("group", { name: `วัน${name}` });
const daysPosted = (fields: Record<string, string>) => JSON.parse(fields.days) as Record<string, unknown>[];

describe("ScheduleFormModal", () => {
  test("a new schedule starts Monday to Friday; a day switched on takes the first day's hours; one row per weekday is posted as days", async () => {
    const user = userEvent.setup();
    const posted = renderForm(null);
    await user.type(await screen.findByRole("textbox", { name: "ชื่อตารางเวลา" }, { timeout: 5_000 }), "กะเสาร์");
    expect(screen.getAllByTestId("schedule-day")).toHaveLength(7);
    expect(within(day("เสาร์")).getByText("วันหยุด")).toBeInTheDocument();

    await user.click(within(day("เสาร์")).getByRole("checkbox", { name: "เสาร์" }));
    const saturdayEnd = within(day("เสาร์")).getByRole("textbox", { name: "เลิกงาน วันเสาร์" });
    expect(saturdayEnd).toHaveValue("17:30");
    await user.clear(saturdayEnd);
    await user.type(saturdayEnd, "1200");
    await user.clear(within(day("เสาร์")).getByRole("textbox", { name: "เริ่มพัก วันเสาร์" }));
    await user.clear(within(day("เสาร์")).getByRole("textbox", { name: "สิ้นสุดพัก วันเสาร์" }));
    await user.click(within(day("ศุกร์")).getByRole("checkbox", { name: "ศุกร์" }));

    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "create", name: "กะเสาร์", late_grace_minutes: "0", early_grace_minutes: "0" });
    expect(daysPosted(posted[0])).toEqual([
      ...[1, 2, 3, 4].map((weekday) => ({ weekday, ...OFFICE })),
      { weekday: 6, start: "08:30", end: "12:00", break_start: "", break_end: "" },
    ]);
    expect(posted[0].from).toBeUndefined();
  });

  test("the server's Thai messages show on the weekday they are about, and go when the day is edited", async () => {
    const user = userEvent.setup();
    renderForm(null, [
      {
        status: 400,
        body: {
          ok: false,
          error: "ข้อมูลตารางเวลาทำงานไม่ถูกต้อง",
          fields: { name: "ชื่อตารางเวลาทำงานนี้มีอยู่แล้ว", "days.2.end": "เวลาเข้างานและเวลาเลิกงานต้องไม่ใช่เวลาเดียวกัน" },
        },
      },
    ]);
    await user.type(await screen.findByRole("textbox", { name: "ชื่อตารางเวลา" }, { timeout: 5_000 }), "ซ้ำ");
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    expect(await within(day("พุธ")).findByText("เวลาเข้างานและเวลาเลิกงานต้องไม่ใช่เวลาเดียวกัน")).toBeInTheDocument();
    expect(within(day("จันทร์")).queryByText("เวลาเข้างานและเวลาเลิกงานต้องไม่ใช่เวลาเดียวกัน")).toBeNull();
    expect(screen.getByText("ชื่อตารางเวลาทำงานนี้มีอยู่แล้ว")).toBeInTheDocument();

    await user.clear(within(day("พุธ")).getByRole("textbox", { name: "เลิกงาน วันพุธ" }));
    expect(screen.queryByText("เวลาเข้างานและเวลาเลิกงานต้องไม่ใช่เวลาเดียวกัน")).toBeNull();
  });

  test("an edit from a date already past is confirmed before it is sent; from today it is sent at once", async () => {
    const user = userEvent.setup();
    const posted = renderForm(SIX_DAYS);
    expect(await screen.findByRole("textbox", { name: "ชื่อตารางเวลา" }, { timeout: 5_000 })).toHaveValue("เสาร์ครึ่งวัน");
    expect(within(day("เสาร์")).getByRole("textbox", { name: "เลิกงาน วันเสาร์" })).toHaveValue("12:00");
    expect(within(day("เสาร์")).getByRole("textbox", { name: "เริ่มพัก วันเสาร์" })).toHaveValue("");
    expect(document.querySelector<HTMLInputElement>('input[name="from"]')?.value).toBe(TODAY);

    await user.click(screen.getByRole("button", { name: /มีผลตั้งแต่/ }));
    await user.click(await screen.findByRole("button", { name: "16 พฤศจิกายน 2569" }));
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    const confirm = await screen.findByRole("dialog", { name: "แก้ไขย้อนหลัง" });
    expect(confirm).toHaveTextContent("16 พ.ย. 2569");
    expect(posted).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "ยืนยัน" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "update", id: "4", from: "2026-11-16", name: "เสาร์ครึ่งวัน", late_grace_minutes: "5" });

    await user.click(screen.getByRole("button", { name: /มีผลตั้งแต่/ }));
    await user.click(await screen.findByRole("button", { name: "30 พฤศจิกายน 2569" }));
    await user.click(screen.getByRole("button", { name: "บันทึก" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].from).toBe("2026-11-30");
    expect(screen.queryByRole("dialog", { name: "แก้ไขย้อนหลัง" })).toBeNull();
  });

  test("the default schedule says where its hours live and has no มีผลตั้งแต่", async () => {
    renderForm({ ...SIX_DAYS, id: 1, name: "เวลาทำงานปกติ", is_default: true });
    expect(await screen.findByText(/เป็นค่าเดียวกับ “เวลาทำงาน” ในหน้าลงเวลาเข้า-ออก/, undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(document.querySelector('input[name="from"]')).toBeNull();
  });
});
