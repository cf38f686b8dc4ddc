import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LineGroupDto } from "~/models/line/group.server";
import { LineGroupTable } from "./LineGroupTable";
import { LINE_OFF_HINT } from "./NeedsLine";
import { atPhoneWidth, expectCardNameFirst } from "~/components/phone-width.test-helpers";

const GROUP: LineGroupDto = {
  id: 3,
  group_id: "C0123",
  name: "ฝ่ายขาย",
  picture_url: null,
  active: true,
  notify_leave: false,
  notify_machine: false,
  notify_summary: false,
  joined_at: "2026-11-01T02:00:00.000Z",
  left_at: null,
};

function renderTable(lineConfigured: boolean) {
  const onAction = vi.fn();
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <LineGroupTable items={[GROUP]} onAction={onAction} lineConfigured={lineConfigured} />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return onAction;
}

test("LINE not configured: refresh and test message are disabled with the reason; rename still works", async () => {
  const user = userEvent.setup();
  const onAction = renderTable(false);
  await user.click(await screen.findByRole("button", { name: "จัดการ ฝ่ายขาย" }));
  const refresh = await screen.findByRole("menuitem", { name: "ดึงชื่อและรูปจาก LINE" });
  expect(refresh).toBeDisabled();
  expect(screen.getByRole("menuitem", { name: "ส่งข้อความทดสอบ" })).toBeDisabled();
  await user.hover(screen.getAllByTestId("needs-line")[0]);
  expect(await screen.findByText(LINE_OFF_HINT)).toBeInTheDocument();
  await user.click(screen.getByRole("menuitem", { name: "เปลี่ยนชื่อ" }));
  expect(onAction).toHaveBeenCalledWith("rename", GROUP);
});

test("LINE configured: the LINE actions are enabled", async () => {
  const user = userEvent.setup();
  const onAction = renderTable(true);
  await user.click(await screen.findByRole("button", { name: "จัดการ ฝ่ายขาย" }));
  await user.click(await screen.findByRole("menuitem", { name: "ดึงชื่อและรูปจาก LINE" }));
  expect(onAction).toHaveBeenCalledWith("refresh", GROUP);
  expect(screen.queryByTestId("needs-line")).not.toBeInTheDocument();
});

test("at phone width: a card per group, the name first, its menu and the three notice switches on the card", async () => {
  const restore = atPhoneWidth();
  try {
    const user = userEvent.setup();
    const onAction = renderTable(true);
    const [card] = await screen.findAllByTestId("line-group-card");
    expect(screen.queryAllByTestId("line-group-row")).toEqual([]);
    const inCard = expectCardNameFirst(card, "ฝ่ายขาย");
    expect(card).toHaveTextContent("อยู่ในกลุ่ม");
    for (const label of ["แจ้งเตือนการลา", "แจ้งเตือนตู้", "สรุปประจำวัน"]) {
      expect(inCard.getByRole("switch", { name: `${label} ฝ่ายขาย` })).not.toBeChecked();
    }
    await user.click(inCard.getByRole("button", { name: "จัดการ ฝ่ายขาย" }));
    await user.click(await screen.findByRole("menuitem", { name: "เปลี่ยนชื่อ" }));
    expect(onAction).toHaveBeenCalledWith("rename", GROUP);
  } finally {
    restore();
  }
});
