import { Code, Text } from "@mantine/core";
import { PlainBadge, PlainText } from "~/components/PlainMantine";
import { formatThaiDateTime } from "~/lib/thai-date";
import { formatSecondsThai } from "~/lib/thai-duration";
import type { SettingsHub } from "~/models/core/settings-hub.server";
import { No, Row, Section, Yes } from "./HubParts";

/** Continuous replication (Litestream): on or off, where to, how far the replica has come and how fresh it is. */
export function ReplicationSection({ replication }: { replication: SettingsHub["replication"] }) {
  return (
    <Section title="สำรองข้อมูลต่อเนื่อง" testId="hub-replication">
      <Row label="สถานะ">
        {!replication.enabled ? (
          <No>ปิดอยู่: มีเพียงสำรองรายคืนในเครื่องนี้ (ผู้ดูแลเซิร์ฟเวอร์เปิดได้ตามคู่มือ)</No>
        ) : replication.problem ? (
          <PlainBadge color="red" variant="light">
            มีปัญหา
          </PlainBadge>
        ) : (
          <Yes>เปิดอยู่ ส่งข้อมูลที่บันทึกไปยังปลายทางสำรองภายในไม่กี่วินาที</Yes>
        )}
        {replication.problem ? (
          <Text fz="xs" c="red.8">
            {replication.problem}
          </Text>
        ) : null}
      </Row>
      {replication.enabled ? (
        <>
          <Row label="ปลายทางสำรอง">
            <Code>{replication.replica}</Code>
          </Row>
          <Row label="ตำแหน่งล่าสุดที่สำรอง">
            <PlainText fz="sm">
              {replication.position && replication.replicated_at
                ? `${replication.position} เมื่อ ${formatThaiDateTime(replication.replicated_at)}`
                : "ยังไม่มีข้อมูลจาก Litestream"}
            </PlainText>
          </Row>
          <Row label="ความล่าช้า">
            {replication.lag_seconds === 0 ? (
              <Yes>สำรองครบทุกรายการแล้ว</Yes>
            ) : (
              <PlainText fz="sm" c={replication.lagging ? "red.8" : undefined}>
                ข้อมูลใหม่ยังไม่ได้สำรองมา {formatSecondsThai(replication.lag_seconds ?? 0)}
              </PlainText>
            )}
          </Row>
        </>
      ) : null}
    </Section>
  );
}
