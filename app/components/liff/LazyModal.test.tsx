// Mantine's Modal is fetched the first time a dialog opens, not with the page (ADR 038).
import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import { LazyModal } from "./LazyModal";

const modal = vi.hoisted(() => ({ loaded: false }));
vi.mock("~mantine-core/components/Modal/Modal", async (importOriginal) => {
  modal.loaded = true;
  return importOriginal();
});

const dialog = (opened: boolean) => (
  <MantineProvider env="test">
    <LazyModal opened={opened} onClose={() => {}} title="ยกเลิกคำขอลา">
      ยกเลิกคำขอนี้ใช่หรือไม่
    </LazyModal>
  </MantineProvider>
);

test("closed, it loads nothing; opened, it loads Mantine's Modal and shows; closed again, it goes", async () => {
  const { rerender } = render(dialog(false));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(modal.loaded).toBe(false);
  expect(screen.queryByRole("dialog")).toBeNull();

  rerender(dialog(true));
  expect(await screen.findByRole("dialog", { name: "ยกเลิกคำขอลา" })).toHaveTextContent("ยกเลิกคำขอนี้ใช่หรือไม่");
  expect(modal.loaded).toBe(true);

  rerender(dialog(false));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
});
