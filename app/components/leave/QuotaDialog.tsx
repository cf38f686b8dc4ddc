import { Alert, Badge, Loader, Modal, NumberInput, Stack, Table, Text } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import type { LeaveTypeRules } from "~/models/leave/catalogue";
import { MAX_QUOTA_DAYS } from "~/models/leave/quota-schema";
import { daysText, typeLabel } from "./leave-labels";

/** A type's balance from the API; quotas are null for a type with no fixed number (sterilisation). */
export type QuotaBalanceView = {
  type: number;
  quota: number | null;
  used: number;
  pending: number;
  remaining: number | null;
  base_quota: number | null;
  default_quota: number | null;
  custom: boolean;
};
type QuotaAnswer = { employee_id: number; year: number; balances: QuotaBalanceView[] } | { error: string };

export type QuotaTarget = { employee: { id: number; code: string; full_name: string }; year: number };

/** What the dialog needs of each leave type: whether its quota is per event, and whether it is on. */
export type QuotaTypeView = Pick<LeaveTypeRules, "id" | "per" | "active">;

const perText = (rules: QuotaTypeView | undefined) => (rules?.per === "event" ? "วัน/ครั้ง" : "วัน/ปี");

/**
 * The employee's quotas of a year with their balances (from `GET /api/leave/quota`: every type that
 * is on, and one that is off with days in the year); saving posts `intent=quota` with only the
 * types whose quota changed. A type without a fixed number of days is shown, not edited.
 */
export function QuotaDialog({
  target,
  types,
  onClose,
  fetcher,
}: {
  target: QuotaTarget | null;
  types: readonly QuotaTypeView[];
  onClose: () => void;
  fetcher: DialogFetcher;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  const balances = useFetcher<QuotaAnswer>();
  const [values, setValues] = useState<Record<number, number | string>>({});
  const employeeId = target?.employee.id;
  const year = target?.year;

  useEffect(() => {
    if (employeeId === undefined || year === undefined) return;
    setValues({});
    balances.load(`/api/leave/quota?employee_id=${employeeId}&year=${year}`);
    // `balances` changes identity on every state change; load once per employee and year.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [employeeId, year]);

  // Reopened for the same employee, the last answer waits until the new one arrives.
  const fresh = balances.state === "idle" && balances.data;
  const data = fresh && "balances" in fresh && fresh.employee_id === employeeId && fresh.year === year ? fresh : null;
  const loadError = fresh && "error" in fresh ? fresh.error : null;
  const valueOf = (b: QuotaBalanceView) => values[b.type] ?? b.base_quota ?? "";
  const editable = (b: QuotaBalanceView) => b.default_quota !== null;
  const changed = data ? data.balances.filter((b) => editable(b) && valueOf(b) !== "" && Number(valueOf(b)) !== b.base_quota) : [];
  const rulesOf = (type: number) => types.find((t) => t.id === type);

  return (
    <Modal opened={target != null} onClose={onClose} title="แก้ไขสิทธิ์การลา" size="lg">
      {target ? (
        <fetcher.Form method="post" noValidate {...formProps}>
          <input type="hidden" name="intent" value="quota" />
          <input type="hidden" name="employee_id" value={target.employee.id} />
          <input type="hidden" name="year" value={target.year} />
          {changed.map((b) => (
            <input key={b.type} type="hidden" name={`quota_${b.type}`} value={String(valueOf(b))} />
          ))}
          <Stack>
            <Text fw={600}>
              {target.employee.full_name} ({target.employee.code}) · ปี {target.year + 543}
            </Text>
            {loadError ? <Alert color="red">{loadError}</Alert> : null}
            {!data && !loadError ? <Loader size="sm" aria-label="กำลังโหลดสิทธิ์การลา" /> : null}
            {data ? (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" aria-label="สิทธิ์การลา">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>ประเภท</Table.Th>
                      <Table.Th w={140}>สิทธิ์</Table.Th>
                      <Table.Th>ใช้แล้ว</Table.Th>
                      <Table.Th>รออนุมัติ</Table.Th>
                      <Table.Th>คงเหลือ</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.balances.map((b) => {
                      const rules = rulesOf(b.type);
                      const fallback = b.default_quota;
                      return (
                        <Table.Tr key={b.type}>
                          <Table.Td>
                            <Text fz="sm">
                              {typeLabel(b.type)}
                              {rules && !rules.active ? " (ปิดอยู่)" : ""}
                            </Text>
                            {fallback !== null ? (
                              <Text fz="xs" c="dimmed">
                                {b.custom ? "กำหนดเอง" : "ตามค่าเริ่มต้น"} (ค่าเริ่มต้น {daysText(fallback)})
                                {b.quota !== null && b.base_quota !== null && b.quota !== b.base_quota
                                  ? ` · สะสมจากปีก่อน ${daysText(b.quota - b.base_quota)}`
                                  : ""}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            {fallback !== null ? (
                              <NumberInput
                                aria-label={`สิทธิ์${typeLabel(b.type)}`}
                                description={perText(rules)}
                                value={valueOf(b)}
                                onChange={(v) => setValues((s) => ({ ...s, [b.type]: v }))}
                                min={0}
                                max={MAX_QUOTA_DAYS}
                                step={0.5}
                                decimalScale={1}
                                allowNegative={false}
                                error={fields[`quota_${b.type}`]}
                              />
                            ) : (
                              <Text fz="sm" data-testid="quota-by-certificate">
                                ตามใบรับรองแพทย์
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>{daysText(b.used)}</Table.Td>
                          <Table.Td>{daysText(b.pending)}</Table.Td>
                          <Table.Td>
                            {b.remaining === null ? (
                              <Text fz="sm" c="dimmed">
                                -
                              </Text>
                            ) : (
                              <Badge variant="light" color={b.remaining < 0 ? "red" : "green"}>
                                {daysText(b.remaining)}
                              </Badge>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            <Text fz="xs" c="dimmed">
              ใส่ได้ 0–{MAX_QUOTA_DAYS} วัน เป็นจำนวนเต็มหรือครึ่งวัน สิทธิ์ที่กำหนดเองใช้แทนค่าเริ่มต้นของปีนี้
            </Text>
            {error ? <Alert color="red">{error}</Alert> : null}
            <DialogButtons busy={busy} onClose={onClose} submit="บันทึกสิทธิ์" submitProps={{ disabled: changed.length === 0 }} />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
