import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminUserDto } from "~/models/admins/users.server";
import { AdminUsers } from "./AdminUsers";

const admins: AdminUserDto[] = [
  { id: 1, username: "boss", full_name: "หัวหน้า ใหญ่", active: true, last_sign_in_at: "2026-11-20T02:05:00.000Z", line_linked: true, created_at: "2026-01-01T00:00:00.000Z" },
  { id: 2, username: "somchai", full_name: "", active: false, last_sign_in_at: null, line_linked: false, created_at: "2026-01-02T00:00:00.000Z" },
];

type Posted = Record<string, FormDataEntryValue>;

function stub(posted: Posted[], answer: (fields: Posted) => Response) {
  return createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            <AdminUsers admins={admins} currentAdminId={1} passwordMinLength={10} />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        const fields = Object.fromEntries(await request.formData());
        posted.push(fields);
        return answer(fields);
      },
    },
  ]);
}

const ok = (intent: string, admin: AdminUserDto, password?: string) =>
  json({ ok: true, intent, message: "เรียบร้อย", data: password ? { admin, password } : { admin } });

test("the table shows username, name, the last sign-in in Thai BE and the status; the own row cannot be disabled", async () => {
  const Stub = stub([], () => json({}));
  render(<Stub initialEntries={["/"]} />);
  const table = await screen.findByRole("table", { name: "ผู้ดูแลระบบ" });
  const rows = within(table).getAllByRole("row");
  expect(rows[1]).toHaveTextContent("boss");
  expect(rows[1]).toHaveTextContent("คุณ");
  expect(rows[1]).toHaveTextContent("20 พ.ย. 2569 09:05 น.");
  expect(rows[1]).toHaveTextContent("ใช้งาน");
  expect(rows[2]).toHaveTextContent("ยังไม่เคยเข้าสู่ระบบ");
  expect(rows[2]).toHaveTextContent("ปิดใช้งาน");

  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "จัดการ boss" }));
  expect(await screen.findByRole("menuitem", { name: "ตั้งรหัสผ่านใหม่" })).toBeInTheDocument();
  expect(screen.queryByRole("menuitem", { name: "ปิดใช้งาน" })).toBeNull();
});

test("adding with a generated password shows it once with a copy button", async () => {
  const posted: Posted[] = [];
  const Stub = stub(posted, () => ok("add", { ...admins[1], id: 3, username: "newbie", active: true }, "Abcdefghjk23456789xy"));
  render(<Stub initialEntries={["/"]} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "เพิ่มผู้ดูแลระบบ" }));
  const dialog = await screen.findByRole("dialog", { name: "เพิ่มผู้ดูแลระบบ" });
  await user.type(within(dialog).getByRole("textbox", { name: /ชื่อผู้ใช้/ }), "newbie");
  expect(within(dialog).queryByLabelText(/^รหัสผ่าน/)).toBeNull();
  await user.click(within(dialog).getByRole("button", { name: "เพิ่มผู้ดูแลระบบ" }));
  expect(await screen.findByTestId("revealed-password")).toHaveTextContent("Abcdefghjk23456789xy");
  expect(screen.getByRole("button", { name: "คัดลอกรหัสผ่าน" })).toBeInTheDocument();
  expect(screen.getByText(/จะแสดงเพียงครั้งเดียว/)).toBeInTheDocument();
  expect(posted).toEqual([{ intent: "add", username: "newbie", full_name: "", password_mode: "generate" }]);
  await user.click(screen.getByRole("button", { name: "เสร็จแล้ว" }));
  await waitFor(() => expect(screen.queryByTestId("revealed-password")).toBeNull());
});

test("adding with a set password posts it; a refusal stays in the dialog under its field", async () => {
  const posted: Posted[] = [];
  const Stub = stub(posted, () =>
    json({ ok: false, intent: "add", error: "มีชื่อผู้ใช้นี้แล้ว", fields: { username: "มีชื่อผู้ใช้นี้แล้ว (ไม่สนใจตัวพิมพ์เล็ก-ใหญ่)" } }, { status: 409 }),
  );
  render(<Stub initialEntries={["/"]} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "เพิ่มผู้ดูแลระบบ" }));
  const dialog = await screen.findByRole("dialog", { name: "เพิ่มผู้ดูแลระบบ" });
  await user.type(within(dialog).getByRole("textbox", { name: /ชื่อผู้ใช้/ }), "BOSS");
  await user.click(within(dialog).getByText("ตั้งรหัสผ่านเอง"));
  await user.type(within(dialog).getByLabelText(/^รหัสผ่าน/), "a-strong-password");
  await user.click(within(dialog).getByRole("button", { name: "เพิ่มผู้ดูแลระบบ" }));
  expect(await within(dialog).findByText("มีชื่อผู้ใช้นี้แล้ว (ไม่สนใจตัวพิมพ์เล็ก-ใหญ่)")).toBeInTheDocument();
  expect(posted).toEqual([{ intent: "add", username: "BOSS", full_name: "", password_mode: "set", password: "a-strong-password" }]);
  expect(screen.queryByTestId("revealed-password")).toBeNull();
});

test("enabling asks first; resetting asks first, then shows the new password once", async () => {
  const posted: Posted[] = [];
  const Stub = stub(posted, (fields) =>
    fields.intent === "reset" ? ok("reset", admins[1], "Newpassword234567xyz") : ok("active", { ...admins[1], active: true }),
  );
  render(<Stub initialEntries={["/"]} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "จัดการ somchai" }));
  await user.click(await screen.findByRole("menuitem", { name: "เปิดใช้งาน" }));
  expect(posted).toEqual([]);
  await user.click(await screen.findByRole("button", { name: "เปิดใช้งาน" }));
  await waitFor(() => expect(posted).toEqual([{ intent: "active", id: "2", active: "1" }]));

  await user.click(screen.getByRole("button", { name: "จัดการ somchai" }));
  await user.click(await screen.findByRole("menuitem", { name: "ตั้งรหัสผ่านใหม่" }));
  expect(await screen.findByText(/อุปกรณ์ทุกเครื่องที่เข้าสู่ระบบด้วยบัญชีนี้จะถูกออกจากระบบ/)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "ตั้งรหัสผ่านใหม่" }));
  expect(await screen.findByTestId("revealed-password")).toHaveTextContent("Newpassword234567xyz");
  expect(posted[1]).toEqual({ intent: "reset", id: "2" });
});
