import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { atPhoneWidth, expectCardNameFirst } from "~/components/phone-width.test-helpers";
import type { ReplyDto } from "~/models/line/reply-message.server";
import { ReplyTable } from "./ReplyTable";

const REPLY: ReplyDto = {
  id: 4,
  keyword: "เวลาทำงาน",
  match: "exact",
  messages: [{ type: "text", text: "08:30–17:30 น." }],
  active: true,
  sync_error: null,
  synced_at: null,
  created_at: "2026-11-01T02:00:00.000Z",
  updated_at: "2026-11-01T02:00:00.000Z",
};

function renderTable() {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <ReplyTable items={[REPLY]} onEdit={onEdit} onDelete={onDelete} />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { onEdit, onDelete };
}

test("at phone width: a card per keyword, the keyword first, its switch, edit and delete on the card", async () => {
  const restore = atPhoneWidth();
  try {
    const user = userEvent.setup();
    const { onEdit, onDelete } = renderTable();
    const [card] = await screen.findAllByTestId("reply-card");
    expect(screen.queryAllByTestId("reply-row")).toEqual([]);
    const inCard = expectCardNameFirst(card, "เวลาทำงาน");
    expect(card).toHaveTextContent("แบบตรงทั้งหมด");
    expect(card).toHaveTextContent("1 ข้อความ");
    expect(inCard.getByRole("switch", { name: "เปิดใช้งาน เวลาทำงาน" })).toBeChecked();
    await user.click(inCard.getByRole("button", { name: "แก้ไข เวลาทำงาน" }));
    expect(onEdit).toHaveBeenCalledWith(REPLY);
    await user.click(inCard.getByRole("button", { name: "ลบ เวลาทำงาน" }));
    expect(onDelete).toHaveBeenCalledWith(REPLY);
  } finally {
    restore();
  }
});

test("on a wide screen: the table, no cards", async () => {
  renderTable();
  expect(await screen.findAllByTestId("reply-row")).toHaveLength(1);
  expect(screen.queryAllByTestId("reply-card")).toEqual([]);
});
