import { MantineProvider } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act, render, screen } from "@testing-library/react";
import { AdminProviders } from "./AdminProviders";

test("toasts show at the bottom right, not over the header's avatar menu", async () => {
  render(
    <MantineProvider env="test">
      <AdminProviders>
        <p>หน้า</p>
      </AdminProviders>
    </MantineProvider>,
  );
  act(() => void notifications.show({ message: "บันทึกแล้ว" }));
  const toast = await screen.findByText("บันทึกแล้ว");
  expect(toast.closest("[data-position]")).toHaveAttribute("data-position", "bottom-right");
});
