import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { IconDownload, IconLock, IconLockOpen } from "@tabler/icons-react";
import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogFetcher, useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { MonthStepper } from "~/components/MonthStepper";
import { formatThaiDate, formatThaiDateTime, formatThaiMonth } from "~/lib/thai-date";
import { closeStateText, type PayrollClose } from "~/models/payroll/labels";

export type PayrollPageData = {
  month: string;
  /** The month's last day is before today: it may be closed. */
  over: boolean;
  /** The first day the month may be closed (the day after its last). */
  closable_from: string;
  close: PayrollClose | null;
  closes: PayrollClose[];
};

export const payrollExportUrl = (month: string, format: "xlsx" | "csv") => `/api/payroll?month=${month}&format=${format}`;

function CloseDialog({ month, opened, onClose, fetcher }: { month: string; opened: boolean; onClose: () => void; fetcher: DialogFetcher }) {
  const { error, busy, formProps } = useDialogForm(fetcher);
  const name = formatThaiMonth(month);
  return (
    <Modal opened={opened} onClose={onClose} title={`ปิดงวดเดือน${name}`}>
      <fetcher.Form method="post" noValidate {...formProps}>
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="month" value={month} />
        <Stack>
          <Text>
            ยืนยันปิดงวดเงินเดือนของเดือน<b>{name}</b>?
          </Text>
          <Text fz="sm" c="dimmed">
            หลังปิดงวด การลงเวลา การแก้ไขเวลา การตรวจสอบ และการอนุมัติหรือยกเลิกการลาที่จะเปลี่ยนข้อมูลของวันในเดือนนี้จะถูกปฏิเสธ
            จนกว่าผู้ดูแลระบบจะเปิดงวดอีกครั้ง
          </Text>
          {error ? <Alert color="red">{error}</Alert> : null}
          <DialogButtons busy={busy} onClose={onClose} submit={`ปิดงวดเดือน${name}`} />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}

function ReopenDialog({ month, opened, onClose, fetcher }: { month: string; opened: boolean; onClose: () => void; fetcher: DialogFetcher }) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  const name = formatThaiMonth(month);
  return (
    <Modal opened={opened} onClose={onClose} title={`เปิดงวดเดือน${name}อีกครั้ง`}>
      <fetcher.Form method="post" noValidate {...formProps}>
        <input type="hidden" name="intent" value="reopen" />
        <input type="hidden" name="month" value={month} />
        <Stack>
          <Text fz="sm">เมื่อเปิดงวดแล้ว ข้อมูลของเดือน{name}จะแก้ไขได้อีก ไฟล์ที่ส่งให้ฝ่ายเงินเดือนไปแล้วอาจไม่ตรงกับข้อมูลใหม่</Text>
          <Textarea name="reason" label="เหตุผลที่เปิดงวดอีกครั้ง" required autosize minRows={2} maxLength={500} error={fields.reason} data-autofocus />
          {error ? <Alert color="red">{error}</Alert> : null}
          <DialogButtons busy={busy} onClose={onClose} submit="เปิดงวดอีกครั้ง" submitProps={{ color: "orange" }} />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}

function MonthState({ data, onClose, onReopen }: { data: PayrollPageData; onClose: () => void; onReopen: () => void }) {
  const name = formatThaiMonth(data.month);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={3} fz="h4">
            เดือน{name}
          </Title>
          {data.close ? (
            <Badge color="green" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
              ปิดงวดแล้ว
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              ยังไม่ปิดงวด
            </Badge>
          )}
        </Group>
        <Text fz="sm" data-testid="payroll-state">
          {closeStateText(data.close, (iso) => formatThaiDateTime(iso))}
        </Text>
        {!data.close && !data.over ? (
          <Text fz="sm" c="dimmed">
            เดือนนี้ยังไม่สิ้นสุด ปิดงวดได้ตั้งแต่วันที่ {formatThaiDate(data.closable_from)}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {data.close ? (
            <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={onReopen}>
              เปิดงวดอีกครั้ง
            </Button>
          ) : (
            <Button leftSection={<IconLock size={16} />} onClick={onClose} disabled={!data.over}>
              ปิดงวด
            </Button>
          )}
          <Button component="a" href={payrollExportUrl(data.month, "xlsx")} download variant="light" leftSection={<IconDownload size={16} />}>
            ดาวน์โหลด Excel (XLSX)
          </Button>
          <Button component="a" href={payrollExportUrl(data.month, "csv")} download variant="light" leftSection={<IconDownload size={16} />}>
            ดาวน์โหลด CSV
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ClosedMonths({ closes }: { closes: PayrollClose[] }) {
  if (closes.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        ยังไม่มีเดือนที่ปิดงวด
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped aria-label="เดือนที่ปิดงวดแล้ว">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>เดือน</Table.Th>
            <Table.Th>ปิดโดย</Table.Th>
            <Table.Th>เมื่อ</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {closes.map((c) => (
            <Table.Tr key={c.month}>
              <Table.Td>
                <Link to={`?month=${c.month}`}>{formatThaiMonth(c.month)}</Link>
              </Table.Td>
              <Table.Td>{c.closed_by_name ?? "-"}</Table.Td>
              <Table.Td>{formatThaiDateTime(c.closed_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/payroll: a month's state, closing or reopening it, its export, and the months closed so far. */
export function PayrollMonth({ data }: { data: PayrollPageData }) {
  const [, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<"close" | "reopen" | null>(null);
  const form = useDialogFetcher("payroll-dialog", () => setDialog(null));
  const open = (which: "close" | "reopen") => {
    form.renew();
    setDialog(which);
  };
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <MonthStepper month={data.month} onMonth={(month) => setParams({ month })} />
      </Group>
      <MonthState data={data} onClose={() => open("close")} onReopen={() => open("reopen")} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="h5" mb="sm">
          เดือนที่ปิดงวดแล้ว
        </Title>
        <ClosedMonths closes={data.closes} />
      </Paper>
      <CloseDialog month={data.month} opened={dialog === "close"} onClose={() => setDialog(null)} fetcher={form.fetcher} />
      <ReopenDialog month={data.month} opened={dialog === "reopen"} onClose={() => setDialog(null)} fetcher={form.fetcher} />
    </Stack>
  );
}
