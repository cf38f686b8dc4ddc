import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { ResponsiveList } from "./PhoneCards";
import { atPhoneWidth } from "./phone-width.test-helpers";

const list = (
  <MantineProvider env="test">
    <ResponsiveList table={<p>ตาราง</p>} cards={<p>การ์ด</p>} />
  </MantineProvider>
);

describe("ResponsiveList", () => {
  test("in the browser: only the table on a wide screen", () => {
    render(list);
    expect(screen.getByText("ตาราง")).toBeInTheDocument();
    expect(screen.queryByText("การ์ด")).toBeNull();
  });

  test("in the browser: only the cards on a phone", () => {
    const restore = atPhoneWidth();
    try {
      render(list);
      expect(screen.getByText("การ์ด")).toBeInTheDocument();
      expect(screen.queryByText("ตาราง")).toBeNull();
    } finally {
      restore();
    }
  });
});
