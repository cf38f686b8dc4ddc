import { Alert } from "~mantine-core/components/Alert/Alert";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Tabs } from "~mantine-core/components/Tabs/Tabs";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useChatConfirm } from "~/components/liff/chat-confirm";
import type { OvertimeView } from "~/components/overtime/overtime-types";
import { formatThaiDate } from "~/lib/thai-date";
import { thaiDecimal } from "~/lib/thai-number";
import { weeklyLimitWarning } from "~/models/overtime/labels";
import { durationText, windowText } from "~/models/overtime/window";
import { OvertimeForm } from "./OvertimeForm";
import { OvertimeList } from "./OvertimeList";

/** The note sent into the chat: `⏱️ ส่งคำขอทำงานล่วงเวลาแล้ว: 23 พ.ย. 2569 17:30–20:00 น. (2 ชม. 30 นาที) รออนุมัติ`. */
export const overtimeChatText = (o: OvertimeView) =>
  `⏱️ ส่งคำขอทำงานล่วงเวลาแล้ว: ${formatThaiDate(o.date)} ${windowText(o.start, o.end)} (${durationText(o.minutes)}) รออนุมัติ`;

type Props = {
  items: OvertimeView[];
  /** The dates the form offers (the server's limits). */
  minDate: string;
  maxDate: string;
  initialTab?: "form" | "list";
};

/** /employee/overtime: the request form and the employee's requests, as two tabs. */
export function OvertimePage({ items, minDate, maxDate, initialTab = "form" }: Props) {
  const [tab, setTab] = useState<string>(initialTab);
  const [sent, setSent] = useState<OvertimeView | null>(null);
  const [formKey, setFormKey] = useState(0);
  const chat = useChatConfirm();
  const { revalidate } = useRevalidator();

  function onSent(overtime: OvertimeView) {
    setSent(overtime);
    setFormKey((k) => k + 1);
    setTab("list");
    void chat.send(overtimeChatText(overtime));
    revalidate();
  }

  return (
    <Stack>
      <div>
        <Title order={2}>ขอทำงานล่วงเวลา (โอที)</Title>
        <Text c="dimmed">ขอทำงานล่วงเวลาล่วงหน้าและติดตามการอนุมัติ เวลาที่นับเป็นโอทีคือช่วงที่อนุมัติเท่านั้น</Text>
      </div>
      {sent ? (
        <Alert color="green" role="status" title="ส่งคำขอแล้ว" withCloseButton onClose={() => setSent(null)}>
          {formatThaiDate(sent.date)} {windowText(sent.start, sent.end)} รอผู้อนุมัติพิจารณา
          {sent.over_weekly_limit ? ` · ${weeklyLimitWarning(thaiDecimal(sent.week_hours))}` : ""}
        </Alert>
      ) : null}
      {chat.notice}
      <Tabs value={tab} onChange={(v) => setTab(v ?? "form")}>
        <Tabs.List grow>
          <Tabs.Tab value="form">ขอทำงานล่วงเวลา</Tabs.Tab>
          <Tabs.Tab value="list">รายการของฉัน</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form" pt="md">
          <OvertimeForm key={formKey} minDate={minDate} maxDate={maxDate} onSent={onSent} />
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="md">
          <OvertimeList items={items} onChanged={revalidate} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
