import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { ReplicationSection } from "./ReplicationSection";

describe("ReplicationSection", () => {
  const off = { enabled: false, running: false, replica: null, position: null, replicated_at: null, lag_seconds: null, lagging: false, problem: null };
  const on = { ...off, enabled: true, running: true, replica: "s3://tn-backup/office", position: "00000003/40960", replicated_at: "2026-11-28T03:00:00.000Z", lag_seconds: 0 };
  const renderWith = (replication: Parameters<typeof ReplicationSection>[0]["replication"]) => {
    render(
      <MantineProvider>
        <ReplicationSection replication={replication} />
      </MantineProvider>,
    );
    return screen.getByTestId("hub-replication");
  };

  test("off: only the nightly backup, without naming the server's variables", () => {
    const section = renderWith(off);
    expect(section).toHaveTextContent("ปิดอยู่: มีเพียงสำรองรายคืนในเครื่องนี้");
    expect(section).not.toHaveTextContent("ปลายทางสำรอง");
    expect(section.textContent).not.toMatch(/\b[A-Z]+(?:_[A-Z]+)+\b/);
  });

  test("on and caught up: the replica, its last position with the time, no lag", () => {
    const section = renderWith(on);
    expect(section).toHaveTextContent("เปิดอยู่");
    expect(section).toHaveTextContent("s3://tn-backup/office");
    expect(section).toHaveTextContent("00000003/40960 เมื่อ 28 พ.ย. 2569 10:00");
    expect(section).toHaveTextContent("สำรองครบทุกรายการแล้ว");
  });

  test("behind, with a problem: the problem and how long new data has waited", () => {
    const section = renderWith({ ...on, running: false, lag_seconds: 3720, lagging: true, problem: "ติดต่อ Litestream ไม่ได้" });
    expect(section).toHaveTextContent("มีปัญหา");
    expect(section).toHaveTextContent("ติดต่อ Litestream ไม่ได้");
    expect(section).toHaveTextContent("ข้อมูลใหม่ยังไม่ได้สำรองมา 1 ชั่วโมง 2 นาที");
  });
});
