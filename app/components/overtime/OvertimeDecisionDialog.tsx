import { Alert, Modal, Stack, Text } from "@mantine/core";
import { DecisionNoteEnd, useRejectionReason, type NoteField } from "~/components/DecisionNoteEnd";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { formatThaiDate } from "~/lib/thai-date";
import { thaiDecimal } from "~/lib/thai-number";
import { weeklyLimitWarning } from "~/models/overtime/labels";
import { durationText, windowText } from "~/models/overtime/window";
import type { OvertimeListView } from "./overtime-types";
import type { OvertimeAction } from "./OvertimeTable";

const KINDS: Record<OvertimeAction, { title: string; submit: string; color: string; question: string }> = {
  approve: { title: "อนุมัติการทำงานล่วงเวลา", submit: "อนุมัติ", color: "green", question: "อนุมัติคำขอนี้? เวลาที่ทำในช่วงนี้จะนับเป็นโอที" },
  reject: { title: "ไม่อนุมัติการทำงานล่วงเวลา", submit: "ไม่อนุมัติ", color: "red", question: "ไม่อนุมัติคำขอนี้?" },
  cancel: {
    title: "ยกเลิกการทำงานล่วงเวลา",
    submit: "ยืนยันการยกเลิก",
    color: "red",
    question: "ยกเลิกคำขอนี้? ช่วงเวลานี้จะไม่นับเป็นโอทีอีก และยกเลิกแล้วจะย้อนกลับไม่ได้",
  },
};

const OPTIONAL_NOTE: NoteField = { label: "หมายเหตุถึงพนักงาน", placeholder: "ไม่บังคับ" };
const REASON: NoteField = {
  label: "เหตุผลที่ไม่อนุมัติ",
  placeholder: "เช่น งานนี้ไม่จำเป็นต้องทำล่วงเวลา",
  description: "ต้องระบุ พนักงานจะเห็นเหตุผลนี้ใน LINE",
};

/**
 * Approve, reject or cancel one request after a confirmation, with a note (required to reject,
 * checked here with the server's rule first): posts `intent=decide` (with `decision`) or
 * `intent=cancel` to the page, which calls the same model as the API.
 */
export function OvertimeDecisionDialog({
  target,
  onClose,
  fetcher,
}: {
  target: { kind: OvertimeAction; item: OvertimeListView } | null;
  onClose: () => void;
  fetcher: DialogFetcher;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  const kind = target ? KINDS[target.kind] : null;
  const rejecting = target?.kind === "reject";
  const { noteError, formProps: guarded } = useRejectionReason(target, rejecting, formProps, fields.note);
  const item = target?.item;
  return (
    <Modal opened={target != null} onClose={onClose} title={kind?.title}>
      {target && kind && item ? (
        <fetcher.Form method="post" noValidate {...guarded}>
          <input type="hidden" name="intent" value={target.kind === "cancel" ? "cancel" : "decide"} />
          <input type="hidden" name="id" value={item.id} />
          {target.kind !== "cancel" ? <input type="hidden" name="decision" value={target.kind} /> : null}
          <Stack>
            <div>
              <Text fw={600}>
                {item.employee.full_name} ({item.employee.code})
              </Text>
              <Text fz="sm">
                {formatThaiDate(item.date)} · {windowText(item.start, item.end)} · {durationText(item.minutes)}
              </Text>
              <Text fz="sm" c="dimmed">
                เหตุผล: {item.reason}
              </Text>
            </div>
            {item.over_weekly_limit && target.kind === "approve" ? (
              <Alert color="red" title="เกินเพดาน 36 ชั่วโมงต่อสัปดาห์">
                {weeklyLimitWarning(thaiDecimal(item.week_hours))} (เป็นคำเตือน ยังอนุมัติได้)
              </Alert>
            ) : null}
            <DecisionNoteEnd
              question={kind.question}
              note={rejecting ? REASON : OPTIONAL_NOTE}
              required={rejecting}
              noteError={noteError}
              error={error}
              busy={busy}
              onClose={onClose}
              submit={kind.submit}
              color={kind.color}
            />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
