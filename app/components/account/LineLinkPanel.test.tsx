import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LineLinkPanel } from "./LineLinkPanel";

function stub(props: { linked: boolean; linkedAt: string | null }, posted: Record<string, FormDataEntryValue>[]) {
  return createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ModalsProvider>
            <Notifications />
            <LineLinkPanel {...props} />
          </ModalsProvider>
        </MantineProvider>
      ),
      loader: () => json({}),
      action: async ({ request }) => {
        const fields = Object.fromEntries(await request.formData());
        posted.push(fields);
        return fields.intent === "line-code"
          ? json({ ok: true, intent: "line-code", message: "ออกรหัสเชื่อมบัญชี LINE แล้ว", data: { code: "TN-ABC234", expires_at: "2026-11-23T03:10:00.000Z" } })
          : json({ ok: true, intent: "line-unlink", message: "ยกเลิกการเชื่อมบัญชี LINE แล้ว" });
      },
    },
  ]);
}

test("not linked: asking for a code shows it with its expiry and says to send it to the bot in a 1:1 chat", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = stub({ linked: false, linkedAt: null }, posted);
  render(<Stub initialEntries={["/"]} />);
  expect(await screen.findByText("ยังไม่เชื่อม")).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole("button", { name: "ขอรหัสเชื่อมบัญชี" }));
  expect(await screen.findByTestId("line-code")).toHaveTextContent("TN-ABC234");
  expect(screen.getByText(/ส่งรหัสนี้ถึงบอทในแชต LINE ส่วนตัว/)).toBeInTheDocument();
  expect(screen.getByText(/23 พ.ย. 2569 10:10 น./)).toBeInTheDocument();
  expect(posted).toEqual([{ intent: "line-code" }]);
});

test("linked: shows since when; unlinking asks first, then posts line-unlink", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = stub({ linked: true, linkedAt: "2026-11-20T02:05:00.000Z" }, posted);
  render(<Stub initialEntries={["/"]} />);
  expect(await screen.findByText(/เมื่อ 20 พ.ย. 2569 09:05 น./)).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "ยกเลิกการเชื่อมบัญชี LINE" }));
  expect(posted).toEqual([]);
  await user.click(await screen.findByRole("button", { name: "ยกเลิกการเชื่อม" }));
  await waitFor(() => expect(posted).toEqual([{ intent: "line-unlink" }]));
});
