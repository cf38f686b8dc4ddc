import { Alert } from "~mantine-core/components/Alert/Alert";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Tabs } from "~mantine-core/components/Tabs/Tabs";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import { useEffect, useState } from "react";
import { FIRST_STATISTICS_YEAR } from "~/lib/enums";
import { useChatConfirm } from "~/components/liff/chat-confirm";
import { PlainSelect } from "~/components/liff/PlainSelect";
import { LeaveBalanceCard } from "./LeaveBalances";
import { beYear, dateSpan, formatDays, typeLabel } from "./leave-format";
import { LeaveHistory } from "./LeaveHistory";
import type { LeaveCalendar, LeaveYear, Petition } from "./leave-types";
import { PetitionForm } from "./PetitionForm";
import { useLeaveYears } from "./use-leave-years";

type Props = {
  calendar: LeaveCalendar;
  /** This year's petitions, balances and the leave types that are on, from the loader. */
  history: LeaveYear;
  initialTab?: "form" | "history";
  /** Who the share card of an approved leave names. */
  employeeName: string;
};

/** The note sent into the chat: `📝 ส่งคำขอลาแล้ว: ลาป่วย 2 ก.พ. 2569 (1 วัน) รออนุมัติ`. */
export function petitionChatText(p: Petition) {
  return `📝 ส่งคำขอลาแล้ว: ${typeLabel(p.type)} ${dateSpan(p.start_date, p.end_date)} (${formatDays(p.days)}) รออนุมัติ`;
}

const yearsFrom = (last: number) => Array.from({ length: last - FIRST_STATISTICS_YEAR + 1 }, (_, i) => last - i);

/** /employee/petition: the form, and the history with the balances, as two tabs. */
export function LeavePage({ calendar, history, initialTab = "form", employeeName }: Props) {
  const leave = useLeaveYears(history);
  const [tab, setTab] = useState<string>(initialTab);
  const [year, setYear] = useState(history.year);
  const [filed, setFiled] = useState<Petition | null>(null);
  // A new form after each petition: the next one starts empty.
  const [formKey, setFormKey] = useState(0);
  const { ensure, reload } = leave;
  const chat = useChatConfirm();
  useEffect(() => ensure(year), [year, ensure]);

  async function onFiled(petition: Petition) {
    setFiled(petition);
    setFormKey((k) => k + 1);
    setYear(petition.year);
    setTab("history");
    void chat.send(petitionChatText(petition));
    await reload(petition.year);
  }

  const shown = leave.get(year);
  // The types that are on, as the latest answer of this year gives them.
  const types = leave.get(history.year)?.types ?? history.types;
  return (
    <Stack>
      <div>
        <Title order={2}>ขอลางาน</Title>
        <Text c="dimmed">ยื่นคำขอลาและติดตามสถานะ</Text>
      </div>
      {filed ? (
        <Alert color="green" role="status" title="ส่งคำขอลาแล้ว" withCloseButton onClose={() => setFiled(null)}>
          {typeLabel(filed.type)} {dateSpan(filed.start_date, filed.end_date)} ({formatDays(filed.days)}) รอผู้อนุมัติพิจารณา
        </Alert>
      ) : null}
      {chat.notice}
      <Tabs value={tab} onChange={(v) => setTab(v ?? "form")}>
        <Tabs.List grow>
          <Tabs.Tab value="form">ยื่นคำขอลา</Tabs.Tab>
          <Tabs.Tab value="history">ประวัติการลา</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form" pt="md">
          <PetitionForm key={formKey} calendar={calendar} types={types} thisYear={history.year} leave={leave} onFiled={onFiled} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <Stack>
            <PlainSelect
              label="ปี"
              value={String(year)}
              onChange={(e) => setYear(Number(e.currentTarget.value))}
              data={yearsFrom(Math.max(history.year + 1, year)).map((y) => ({ value: String(y), label: `พ.ศ. ${beYear(y)}` }))}
            />
            {shown ? <LeaveBalanceCard balances={shown.balances} year={year} types={types} /> : null}
            <LeaveHistory leave={leave} year={year} employeeName={employeeName} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
