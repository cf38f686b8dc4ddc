import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, vi } from "vitest";
import { SettingsTab, type AttendanceSettingsValues } from "./SettingsTab";

const SETTINGS: AttendanceSettingsValues = {
  offices: [{ name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 }],
  outside_radius: "review",
  max_accuracy_m: 100,
  work_start: "08:30",
  work_end: "17:30",
  break_start: "12:00",
  break_end: "13:00",
  late_grace_minutes: 0,
  early_grace_minutes: 0,
  work_days: [1, 2, 3, 4, 5],
  require_selfie: true,
  face_threshold: 0.5,
  missing_checkout_hour: 23,
  selfie_retention_days: 90,
  attendance_start: "2026-11-02",
};

vi.setConfig({ testTimeout: 30_000 });
// The toasts live in a module-level store: one test's toast must not show up in the next.
beforeEach(() => notifications.clean());

const NAME_ERROR = "กรุณากรอกชื่อสำนักงาน";
const ORDER_ERROR = "เวลาเข้างานต้องก่อนเวลาเริ่มพัก";

function setup(answers: Array<{ status: number; body: unknown }>) {
  const posted: Array<{ intent: string; settings: unknown }> = [];
  const Stub = createRemixStub([
    {
      path: "/admin/checkin-out",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <SettingsTab settings={SETTINGS} />
        </MantineProvider>
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push({ intent: String(form.get("intent")), settings: JSON.parse(String(form.get("settings"))) });
        const answer = answers.shift()!;
        return json(answer.body, { status: answer.status });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/checkin-out"]} />);
  return posted;
}

test("posts every setting as one JSON field with intent=settings, the edited office rows and days included", async () => {
  const posted = setup([{ status: 200, body: { ok: true, intent: "settings", message: "บันทึกการตั้งค่าแล้ว" } }]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "เพิ่มสำนักงาน" }));
  const rows = screen.getAllByTestId("office-row");
  expect(rows).toHaveLength(2);
  await user.type(within(rows[1]).getByLabelText("ชื่อสำนักงาน 2"), "สาขาบางนา");
  await user.type(within(rows[1]).getByLabelText("ละติจูด 2"), "13.67");
  await user.type(within(rows[1]).getByLabelText("ลองจิจูด 2"), "100.6");
  expect(within(rows[1]).getByRole("link", { name: /ดูบนแผนที่/ })).toHaveAttribute("href", "https://www.google.com/maps?q=13.67,100.6");
  await user.click(screen.getByRole("checkbox", { name: "ส" }));
  await user.click(screen.getByRole("switch", { name: "บังคับถ่ายรูปใบหน้าเมื่อลงเวลา" }));
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  expect(await screen.findByText("บันทึกการตั้งค่าแล้ว")).toBeInTheDocument();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toEqual({
    intent: "settings",
    settings: {
      ...SETTINGS,
      offices: [SETTINGS.offices[0], { name: "สาขาบางนา", lat: 13.67, lng: 100.6, radius_m: 100 }],
      work_days: [1, 2, 3, 4, 5, 6],
      require_selfie: false,
    },
  });
});

test("the server's Thai errors are shown under their own fields, and an edited field's error goes away", async () => {
  const posted = setup([
    {
      status: 400,
      body: { ok: false, intent: "settings", error: "ค่าการตั้งค่าไม่ถูกต้อง", fields: { "offices.0.name": NAME_ERROR, work_start: ORDER_ERROR } },
    },
  ]);
  const user = userEvent.setup();
  const name = await screen.findByLabelText("ชื่อสำนักงาน 1");
  await user.clear(name);
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  expect(await screen.findByText(NAME_ERROR)).toBeInTheDocument();
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText("เวลาเข้างาน")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByText(ORDER_ERROR)).toBeInTheDocument();
  expect(screen.getByText("ไม่สำเร็จ")).toBeInTheDocument();
  expect((posted[0].settings as AttendanceSettingsValues).offices[0].name).toBe("");

  await user.type(name, "สำนักงานใหญ่");
  await waitFor(() => expect(screen.queryByText(NAME_ERROR)).toBeNull());
  expect(screen.getByText(ORDER_ERROR)).toBeInTheDocument();
});

test("the date attendance counts from: shown in Thai, picked in the calendar, sent as YYYY-MM-DD, its error under it", async () => {
  const posted = setup([
    { status: 400, body: { ok: false, intent: "settings", error: "ค่าการตั้งค่าไม่ถูกต้อง", fields: { attendance_start: "กรุณาระบุวันที่เริ่มนับการลงเวลา" } } },
    { status: 200, body: { ok: true, intent: "settings", message: "บันทึกการตั้งค่าแล้ว" } },
  ]);
  const user = userEvent.setup();
  const field = await screen.findByRole("button", { name: /วันที่เริ่มนับการลงเวลา/ });
  expect(field).toHaveTextContent("2 พ.ย. 2569");
  expect(screen.getByText("วันก่อนหน้านี้ไม่นับเป็นวันขาดงาน")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  expect(await screen.findByText("กรุณาระบุวันที่เริ่มนับการลงเวลา")).toBeInTheDocument();
  expect(posted[0].settings).toMatchObject({ attendance_start: "2026-11-02" });

  await user.click(field);
  await user.click(await screen.findByRole("button", { name: "16 พฤศจิกายน 2569" }));
  expect(field).toHaveTextContent("16 พ.ย. 2569");
  expect(screen.queryByText("กรุณาระบุวันที่เริ่มนับการลงเวลา")).toBeNull();
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  await screen.findByText("บันทึกการตั้งค่าแล้ว");
  expect(posted[1].settings).toMatchObject({ attendance_start: "2026-11-16" });
});

test("before the first office the date is not sent; the date the server sets then shows once the page reloads its data", async () => {
  let stored: AttendanceSettingsValues = { ...SETTINGS, offices: [], attendance_start: "" };
  const posted: unknown[] = [];
  const Stub = createRemixStub([
    {
      path: "/admin/checkin-out",
      loader: () => json({ settings: stored }),
      Component: function Page() {
        const { settings } = useLoaderData<{ settings: AttendanceSettingsValues }>();
        return (
          <MantineProvider env="test">
            <Notifications />
            <SettingsTab settings={settings} />
          </MantineProvider>
        );
      },
      action: async ({ request }) => {
        const sent: unknown = JSON.parse(String((await request.formData()).get("settings")));
        posted.push(sent);
        stored = { ...stored, offices: [SETTINGS.offices[0]], attendance_start: "2026-11-27" };
        return json({ ok: true, intent: "settings", message: "บันทึกการตั้งค่าแล้ว" });
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/checkin-out"]} />);
  const user = userEvent.setup();
  const field = await screen.findByRole("button", { name: /วันที่เริ่มนับการลงเวลา/ });
  expect(field).toHaveTextContent("นับตั้งแต่วันที่เพิ่มสำนักงานแห่งแรก");
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  await screen.findByText("บันทึกการตั้งค่าแล้ว");
  expect(posted[0]).not.toHaveProperty("attendance_start");
  await waitFor(() => expect(field).toHaveTextContent("27 พ.ย. 2569"));
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  await waitFor(() => expect(posted).toHaveLength(2));
  expect(posted[1]).toMatchObject({ attendance_start: "2026-11-27" });
});

test("an office row can be removed; an empty number is sent as null for the server to refuse", async () => {
  const posted = setup([{ status: 200, body: { ok: true, intent: "settings", message: "บันทึกการตั้งค่าแล้ว" } }]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "ลบสำนักงาน 1" }));
  expect(screen.queryAllByTestId("office-row")).toHaveLength(0);
  await user.clear(screen.getByLabelText("ความคลาดเคลื่อนของตำแหน่งที่ยอมรับ (เมตร)"));
  await user.click(screen.getByRole("button", { name: "บันทึกการตั้งค่า" }));
  await screen.findByText("บันทึกการตั้งค่าแล้ว");
  expect(posted[0].settings).toMatchObject({ offices: [], max_accuracy_m: null });
});
