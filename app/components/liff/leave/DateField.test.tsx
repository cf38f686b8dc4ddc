// The leave form's date field draws itself without @mantine/dates and fetches the picker on the
// first tap, which then opens (ADR 038).
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatThaiDateLong } from "~/lib/thai-date";
import { DateField } from "./DateField";

const picker = vi.hoisted(() => ({ loaded: false }));
vi.mock("~/components/ThaiDateInput", async (importOriginal) => {
  picker.loaded = true;
  return importOriginal();
});

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-01T03:00:00.000Z") }));
afterEach(() => vi.useRealTimers());

test("shows the label and the date in Buddhist Era without the picker; the first tap loads it and opens it", async () => {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <DateField label="วันที่เริ่มลา" withAsterisk value="2026-12-03" onChange={onChange} minDate="2026-10-01" error="ซ้อนกับคำขอลาอื่น" />
    </MantineProvider>,
  );
  const field = screen.getByRole("button", { name: /วันที่เริ่มลา/ });
  expect(field).toHaveTextContent("3 ธ.ค. 2569");
  expect(screen.getByText("ซ้อนกับคำขอลาอื่น")).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(picker.loaded).toBe(false);

  await userEvent.setup().click(field);
  await userEvent.setup().click(await screen.findByRole("button", { name: formatThaiDateLong("2026-12-08") }));
  expect(picker.loaded).toBe(true);
  expect(onChange).toHaveBeenCalledWith("2026-12-08");
});

test("an empty field says เลือกวันที่", () => {
  render(
    <MantineProvider env="test">
      <DateField label="ถึงวันที่" value={null} onChange={() => {}} />
    </MantineProvider>,
  );
  expect(screen.getByRole("button", { name: /ถึงวันที่/ })).toHaveTextContent("เลือกวันที่");
});
