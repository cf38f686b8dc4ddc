import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ListFooter } from "./ListFooter";

const footer = (props: Partial<Parameters<typeof ListFooter>[0]> = {}) => (
  <MantineProvider env="test">
    <ListFooter total={1234} unit="คน" page={2} pages={3} onPage={() => undefined} {...props} />
  </MantineProvider>
);

test("the total in Thai digits grouping, and the pages with Thai names on the arrows", async () => {
  const onPage = vi.fn();
  render(footer({ onPage }));
  expect(screen.getByText("ทั้งหมด 1,234 คน")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "หน้าถัดไป" }));
  expect(onPage).toHaveBeenCalledWith(3);
  await userEvent.click(screen.getByRole("button", { name: "หน้าก่อนหน้า" }));
  expect(onPage).toHaveBeenLastCalledWith(1);
});

test("one page: the total only, no page buttons", () => {
  render(footer({ total: 7, unit: "ตู้", page: 1, pages: 1 }));
  expect(screen.getByText("ทั้งหมด 7 ตู้")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "หน้าถัดไป" })).toBeNull();
});
