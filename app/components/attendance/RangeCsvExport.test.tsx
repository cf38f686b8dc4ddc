import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import "~/lib/thai-date";
import { RangeCsvExport, rangeProblem } from "./RangeCsvExport";

describe("RangeCsvExport", () => {
  test("opens a GET form to the CSV export, from the first of the month to the day shown", async () => {
    render(
      <MantineProvider env="test">
        <DatesProvider settings={{ locale: "th", firstDayOfWeek: 1 }}>
          <RangeCsvExport date="2026-11-23" />
        </DatesProvider>
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "ส่งออก CSV" }));
    const form = await screen.findByRole("form", { name: "ส่งออกการลงเวลาเป็น CSV" });
    expect(form).toHaveAttribute("action", "/api/checkin-out");
    expect(form).toHaveAttribute("method", "get");
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({ format: "csv", from: "2026-11-01", to: "2026-11-23" });
    expect(screen.getByRole("button", { name: "ดาวน์โหลด CSV" })).toBeEnabled();
  });

  test("a backwards or too long range is explained and cannot be sent", () => {
    expect(rangeProblem("2026-11-10", "2026-11-09")).toBe("วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม");
    expect(rangeProblem("2025-01-01", "2026-01-02")).toBe("ช่วงวันที่ต้องไม่เกิน 366 วัน");
    expect(rangeProblem("2024-01-01", "2024-12-31")).toBeNull();
    expect(rangeProblem(null, "2024-12-31")).toMatch(/กรุณาเลือก/);
  });
});
