import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useDialogFetcher, type DialogResult } from "~/components/dialog-fetcher";
import { DUPLICATE_KEYWORD_ERROR } from "~/models/line/message-schema";
import { ReplyMessageForm } from "./ReplyMessageForm";

function Page({ onDone }: { onDone: () => void }) {
  const form = useDialogFetcher<DialogResult>("reply-test", onDone);
  return <ReplyMessageForm opened reply={null} fetcher={form.fetcher} onClose={() => {}} />;
}

describe("ReplyMessageForm", () => {
  test("a duplicate keyword shows the 409 with 'เพิ่มอยู่ดี', which posts allow_duplicate and saves", async () => {
    const posts: Record<string, string>[] = [];
    const onDone = vi.fn();
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => (
          <MantineProvider env="test">
            <Notifications />
            <Page onDone={onDone} />
          </MantineProvider>
        ),
        action: async ({ request }) => {
          const fields = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
          posts.push(fields);
          return fields.allow_duplicate === "true"
            ? json({ ok: true, intent: "create", message: "เพิ่มข้อความตอบกลับแล้ว" })
            : json({ ok: false, intent: "create", error: DUPLICATE_KEYWORD_ERROR, fields: { keyword: DUPLICATE_KEYWORD_ERROR } }, { status: 409 });
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole("textbox", { name: /คำสำคัญ/ }), { target: { value: "สวัสดี" } });
    fireEvent.change(screen.getByRole("textbox", { name: "ข้อความที่ 1" }), { target: { value: "ตอบ" } });
    await user.click(screen.getByRole("button", { name: "บันทึก" }));

    expect(await screen.findByText(DUPLICATE_KEYWORD_ERROR)).toBeInTheDocument();
    expect(posts[0].allow_duplicate).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "เพิ่มอยู่ดี" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(posts).toHaveLength(2);
    expect(posts[1]).toMatchObject({ intent: "create", keyword: "สวัสดี", allow_duplicate: "true" });
  }, 30_000);
});
