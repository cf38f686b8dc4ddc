import { MantineProvider, Menu } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RowActions } from "./RowActions";

const items = (onEdit: () => void) => (
  <>
    <Menu.Item onClick={onEdit}>แก้ไขข้อมูล</Menu.Item>
    <Menu.Item color="red">ลบ</Menu.Item>
  </>
);

test("the first press opens the menu, and its items act", async () => {
  const onEdit = vi.fn();
  render(
    <MantineProvider env="test">
      <RowActions label="จัดการ สมชาย">{items(onEdit)}</RowActions>
    </MantineProvider>,
  );
  expect(screen.queryByRole("menuitem")).toBeNull();
  await userEvent.click(screen.getByRole("button", { name: "จัดการ สมชาย" }));
  expect(await screen.findAllByRole("menuitem")).toHaveLength(2);
  await userEvent.click(screen.getByRole("menuitem", { name: "แก้ไขข้อมูล" }));
  expect(onEdit).toHaveBeenCalledTimes(1);
});
