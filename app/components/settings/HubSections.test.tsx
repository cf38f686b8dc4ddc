import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { AttendanceSection, JobsSection, LineSection } from "./HubSections";

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

describe("AttendanceSection", () => {
  const attendance = { offices: 1, work_start: "08:30", work_end: "17:30", attendance_start: "2026-11-02" };
  function renderWith(ledgerCheck: Parameters<typeof AttendanceSection>[0]["ledgerCheck"]) {
    const Stub = createRemixStub([
      {
        path: "/admin/settings",
        Component: () => (
          <MantineProvider>
            <AttendanceSection attendance={attendance} nextHoliday={null} ledgerCheck={ledgerCheck} />
          </MantineProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin/settings"]} />);
    return screen.findByTestId("hub-attendance");
  }

  test("shows the date attendance counts from and that the ledger was never checked yet", async () => {
    const section = await renderWith(null);
    expect(section).toHaveTextContent("นับการลงเวลาตั้งแต่ 2 พ.ย. 2569");
    expect(section).toHaveTextContent("ตรวจทานสรุปวันทำงานยังไม่เคยตรวจ (ตรวจอัตโนมัติทุกวันอาทิตย์ 03:30 น.)");
  });

  test("the last check: ตรงกันทั้งหมด with its date", async () => {
    const section = await renderWith({ run_date: "2026-11-29", ok: true, differences: 0, result: "ตรงกันทั้งหมด: ตรวจ 34 แถว" });
    expect(section).toHaveTextContent("ตรงกันทั้งหมดตรวจเมื่อ 29 พ.ย. 2569");
    expect(section).not.toHaveTextContent("ตรวจ 34 แถว");
  });

  test("the last check: ไม่ตรง N รายการ with its date and the job's line", async () => {
    const result = "ไม่ตรง 1,204 รายการ จาก 9,000 แถว 35 วัน (รายละเอียด: npm run ledger:check)";
    const section = await renderWith({ run_date: "2026-12-06", ok: false, differences: 1204, result });
    expect(section).toHaveTextContent("ไม่ตรง 1,204 รายการตรวจเมื่อ 6 ธ.ค. 2569");
    expect(section).toHaveTextContent(result);
  });
});

describe("JobsSection", () => {
  test("a job that has not run yet says when it runs: the weekly ledger check on Sundays, a daily job every day", () => {
    const job = (name: string, label: string, at: string, every: string | null) => ({ name, label, on: true, at, every, skip: null, last_run: null });
    const Stub = createRemixStub([
      {
        path: "/admin/settings",
        Component: () => (
          <MantineProvider>
            <JobsSection jobs={[job("ledger_check", "ตรวจทานสรุปวันทำงาน", "03:30", "ทุกวันอาทิตย์ 03:30 น."), job("daily_summary", "สรุปประจำวัน", "18:00", null)]} />
          </MantineProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin/settings"]} />);
    return screen.findByTestId("hub-jobs").then((section) => {
      expect(section).toHaveTextContent("ตรวจทานสรุปวันทำงานยังไม่เคยทำงาน (ทุกวันอาทิตย์ 03:30 น.)");
      expect(section).toHaveTextContent("สรุปประจำวันยังไม่เคยทำงาน (ทุกวัน 18:00 น.)");
    });
  });
});
