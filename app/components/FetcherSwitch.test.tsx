import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FetcherSwitch } from "./FetcherSwitch";

test("posts its fields and the new value, and shows the new value before the answer", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  let answer: () => void = () => {};
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <FetcherSwitch fetcherKey="row-7" checked={false} label="แจ้งเตือนการลา กลุ่มทดสอบ" fields={{ intent: "flag", id: "7", flag: "notify_leave" }} />
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        await new Promise<void>((resolve) => (answer = resolve));
        return json({ ok: true });
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  const box = await screen.findByRole("switch", { name: "แจ้งเตือนการลา กลุ่มทดสอบ" });
  expect(box).not.toBeChecked();
  await userEvent.setup().click(box);
  await waitFor(() => expect(posted).toEqual([{ intent: "flag", id: "7", flag: "notify_leave", value: "true" }]));
  expect(box).toBeChecked();
  answer();
});

test("a refusal (e.g. a duplicate keyword, 409) is toasted and the switch keeps the saved value", async () => {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <Notifications />
          <FetcherSwitch fetcherKey="row-8" checked={false} label="เปิดใช้งาน สวัสดี" fields={{ intent: "toggle", id: "8" }} name="active" />
        </MantineProvider>
      ),
      loader: () => json({}),
      action: () => json({ ok: false, intent: "toggle", error: "คำสำคัญซ้ำกับข้อความที่เปิดใช้งานอยู่", fields: {} }, { status: 409 }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  const box = await screen.findByRole("switch", { name: "เปิดใช้งาน สวัสดี" });
  await userEvent.setup().click(box);
  expect(await screen.findByText("คำสำคัญซ้ำกับข้อความที่เปิดใช้งานอยู่")).toBeInTheDocument();
  await waitFor(() => expect(box).not.toBeChecked());
});
