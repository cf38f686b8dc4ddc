import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { normalizeTime, TimeField } from "./TimeField";

describe("normalizeTime", () => {
  test.each([
    ["830", "08:30"],
    ["0830", "08:30"],
    ["8.30", "08:30"],
    ["8:30", "08:30"],
    [" 17:05 ", "17:05"],
    ["2359", "23:59"],
  ])("%s → %s", (typed, time) => expect(normalizeTime(typed)).toBe(time));

  test.each(["2400", "12:60", "8:5", "ab:cd", ""])("%s stays as typed", (typed) => expect(normalizeTime(typed)).toBe(typed));
});

describe("TimeField", () => {
  test("is a text field of 24-hour time, not the browser's time input (no AM/PM in any language)", () => {
    render(
      <MantineProvider>
        <form aria-label="f">
          <TimeField name="checkin_at" label="เวลาเข้างาน" defaultValue="13:45" />
        </form>
      </MantineProvider>,
    );
    const input = screen.getByLabelText("เวลาเข้างาน");
    expect(input).toHaveProperty("type", "text");
    expect(input).toHaveValue("13:45");
    expect(new FormData(screen.getByRole("form", { name: "f" }) as HTMLFormElement).get("checkin_at")).toBe("13:45");
  });

  test("tidies what was typed when the field is left, and tells a controlling parent", async () => {
    const seen: string[] = [];
    function Parent() {
      const [time, setTime] = useState("");
      return (
        <>
          <TimeField label="เวลา" value={time} onChange={(v) => (setTime(v), seen.push(v))} />
          <output>{time}</output>
        </>
      );
    }
    render(
      <MantineProvider>
        <Parent />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("เวลา"), "830");
    await user.tab();
    expect(screen.getByLabelText("เวลา")).toHaveValue("08:30");
    expect(screen.getByRole("status")).toHaveTextContent("08:30");
    expect(seen.at(-1)).toBe("08:30");
  });
});
