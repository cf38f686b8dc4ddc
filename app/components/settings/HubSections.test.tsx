import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { LineSection } from "./HubSections";

const NOTHING_SET = {
  bot_configured: false,
  secret_configured: false,
  login_configured: false,
  liff_id: null,
  demo_mode: true,
  last_event: null,
  last_push: null,
};

describe("LineSection", () => {
  test("says in Thai what is missing, without naming the server's variables to an admin", () => {
    render(
      <MantineProvider>
        <LineSection line={NOTHING_SET} webhookUrl="https://tn.example/api/line/webhook" />
      </MantineProvider>,
    );
    const section = screen.getByTestId("hub-line");
    expect(section).toHaveTextContent("ยังไม่ได้ตั้งรหัสลับของช่องทาง LINE");
    expect(section).toHaveTextContent("ยังไม่ได้ตั้งค่าแอป LIFF");
    expect(section.textContent).not.toMatch(/\b[A-Z]+(?:_[A-Z]+)+\b/);
  });
});
