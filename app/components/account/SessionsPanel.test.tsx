import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { OwnSessionDto } from "~/models/admins/sessions.server";
import { SessionsPanel } from "./SessionsPanel";

const sessions: OwnSessionDto[] = [
  { key: "k-this", device: "Chrome บน Windows", user_agent: "UA", ip: "10.0.0.1", created_at: "2026-11-20T02:05:00.000Z", last_seen_at: "2026-11-23T03:00:00.000Z", current: true },
  { key: "k-phone", device: "Safari บน iPhone", user_agent: "UA2", ip: "10.0.0.2", created_at: "2026-11-21T02:05:00.000Z", last_seen_at: null, current: false },
];

function stub(posted: Record<string, FormDataEntryValue>[], total = sessions.length) {
  return createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            <SessionsPanel sessions={sessions} total={total} />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return json({ ok: true, intent: "session-end", message: "ออกจากระบบอุปกรณ์นั้นแล้ว" });
      },
    },
  ]);
}

test("lists the sessions with device, IP and Thai times, marks this device; signing out another asks first", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = stub(posted);
  render(<Stub initialEntries={["/"]} />);
  const rows = within(await screen.findByRole("table", { name: "อุปกรณ์ที่เข้าสู่ระบบอยู่" })).getAllByRole("row");
  expect(rows[1]).toHaveTextContent("Chrome บน Windows");
  expect(rows[1]).toHaveTextContent("อุปกรณ์นี้");
  expect(rows[1]).toHaveTextContent("23 พ.ย. 2569 10:00 น.");
  expect(within(rows[1]).queryByRole("button")).toBeNull();
  expect(rows[2]).toHaveTextContent("10.0.0.2");
  expect(screen.queryByText(/และอีก/)).toBeNull();

  const user = userEvent.setup();
  await user.click(within(rows[2]).getByRole("button", { name: "ออกจากระบบ Safari บน iPhone" }));
  expect(posted).toEqual([]);
  await user.click(await screen.findByRole("button", { name: "ออกจากระบบ" }));
  await waitFor(() => expect(posted).toEqual([{ intent: "session-end", key: "k-phone" }]));

  await user.click(screen.getByRole("button", { name: "ออกจากระบบอุปกรณ์อื่นทั้งหมด" }));
  await user.click(await screen.findByRole("button", { name: "ออกจากระบบทั้งหมด" }));
  await waitFor(() => expect(posted[1]).toEqual({ intent: "session-end-others" }));
});

test("when more sessions exist than are listed, says how many more beside signing out all others, which counts them all", async () => {
  const Stub = stub([], 402);
  render(<Stub initialEntries={["/"]} />);
  expect(await screen.findByText("และอีก 400 การเข้าสู่ระบบ")).toBeVisible();
  expect(within(screen.getByRole("table", { name: "อุปกรณ์ที่เข้าสู่ระบบอยู่" })).getAllByRole("row")).toHaveLength(3);

  await userEvent.setup().click(screen.getByRole("button", { name: "ออกจากระบบอุปกรณ์อื่นทั้งหมด" }));
  expect(await screen.findByText("อุปกรณ์อื่น 401 เครื่องจะต้องเข้าสู่ระบบใหม่ อุปกรณ์นี้ยังใช้งานต่อได้")).toBeVisible();
});
