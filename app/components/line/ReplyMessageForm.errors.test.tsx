import { MantineProvider } from "@mantine/core";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useDialogFetcher, type DialogResult } from "~/components/dialog-fetcher";
import { ReplyMessageForm } from "./ReplyMessageForm";

function renderForm() {
  const Page = () => {
    const form = useDialogFetcher<DialogResult>("reply-test", () => {});
    return <ReplyMessageForm opened reply={null} fetcher={form.fetcher} onClose={() => {}} />;
  };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <Page />
        </MantineProvider>
      ),
      action: async () =>
        json(
          { ok: false, error: "กรุณาตรวจสอบข้อมูล", fields: { keyword: "กรุณากรอกคำสำคัญ", "messages.0.text": "กรุณากรอกข้อความ" } },
          { status: 400 },
        ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

test("the keyword's and a message's errors clear when each is corrected", async () => {
  const user = userEvent.setup();
  renderForm();
  await user.click(await screen.findByRole("button", { name: "บันทึก" }, { timeout: 5_000 }));
  expect(await screen.findByText("กรุณากรอกคำสำคัญ", undefined, { timeout: 5_000 })).toBeInTheDocument();
  expect(screen.getByText("กรุณากรอกข้อความ")).toBeInTheDocument();

  await user.type(screen.getByRole("textbox", { name: /คำสำคัญ/ }), "สวัสดี");
  expect(screen.queryByText("กรุณากรอกคำสำคัญ")).not.toBeInTheDocument();
  expect(screen.getByText("กรุณากรอกข้อความ")).toBeInTheDocument();

  await user.type(screen.getByRole("textbox", { name: "ข้อความที่ 1" }), "สวัสดีครับ");
  expect(screen.queryByText("กรุณากรอกข้อความ")).not.toBeInTheDocument();
}, 20_000);
