import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { fireEvent, render, screen } from "@testing-library/react";
import { ThaiDateInput } from "./ThaiDateInput";
import "~/lib/thai-date";

function renderInput(defaultValue?: string) {
  return render(
    <MantineProvider env="test">
      <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
        <form aria-label="f">
          <ThaiDateInput label="วันที่" name="d" defaultValue={defaultValue} />
        </form>
      </DatesProvider>
    </MantineProvider>,
  );
}

describe("ThaiDateInput", () => {
  test("shows the date with a Buddhist Era year and posts ISO", () => {
    const { container } = renderInput("2026-11-21");
    expect(screen.getByRole("button", { name: /วันที่/ })).toHaveTextContent("21 พ.ย. 2569");
    expect(container.querySelector('input[name="d"]')).toHaveValue("2026-11-21");
  });

  test("the picker starts weeks on Monday, in Thai, with วันนี้ and ล้าง", () => {
    renderInput("2026-11-21");
    fireEvent.click(screen.getByRole("button", { name: /วันที่/ }));
    const weekdays = Array.from(document.querySelectorAll("thead th")).map((th) => th.textContent);
    expect(weekdays[0]).toBe("จ.");
    expect(weekdays[6]).toBe("อา.");
    expect(screen.getByText("พฤศจิกายน 2569")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "วันนี้" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ล้าง" })).toBeInTheDocument();
    // day buttons are announced with the Buddhist Era year too
    expect(screen.getByRole("button", { name: "21 พฤศจิกายน 2569" })).toBeInTheDocument();
  });
});
