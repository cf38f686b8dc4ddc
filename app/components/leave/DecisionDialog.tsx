import { Modal, Stack, Text } from "@mantine/core";
import { DecisionNoteEnd, useRejectionReason } from "~/components/DecisionNoteEnd";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { daysText, typeLabel, type PetitionView } from "./leave-labels";
import { spanText } from "~/models/leave/labels";

const KINDS = {
  accept: { title: "อนุมัติคำขอลา", submit: "อนุมัติ", color: "green", question: "อนุมัติคำขอลานี้?" },
  reject: { title: "ไม่อนุมัติคำขอลา", submit: "ไม่อนุมัติ", color: "red", question: "ไม่อนุมัติคำขอลานี้?" },
  cancel: {
    title: "ยกเลิกคำขอลา",
    submit: "ยืนยันการยกเลิก",
    color: "red",
    question: "ยกเลิกคำขอลานี้? วันลาจะคืนสู่สิทธิ์ของพนักงาน และยกเลิกแล้วจะย้อนกลับไม่ได้",
  },
} as const;

/** The note's field: a rejection must give the employee its reason; otherwise it is optional. */
const NOTE_FIELD = {
  optional: { label: "หมายเหตุถึงพนักงาน", placeholder: "ไม่บังคับ", description: undefined },
  reason: {
    label: "เหตุผลที่ไม่อนุมัติ",
    placeholder: "เช่น มีผู้ลาในช่วงเดียวกันมากเกินไป",
    description: "ต้องระบุ พนักงานจะเห็นเหตุผลนี้ในประวัติการลาและใน LINE",
  },
} as const;

/**
 * Approve, reject or cancel a petition, with a note (required to reject, and checked here before
 * posting with the server's rule): posts `intent=decide` (with `action`) or `intent=cancel` to the
 * page, which calls the same model as the API.
 */
export function DecisionDialog({
  target,
  onClose,
  fetcher,
}: {
  target: { kind: keyof typeof KINDS; petition: PetitionView } | null;
  onClose: () => void;
  fetcher: DialogFetcher;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  const kind = target ? KINDS[target.kind] : null;
  const note = target?.kind === "reject" ? NOTE_FIELD.reason : NOTE_FIELD.optional;
  const { noteError, formProps: guarded } = useRejectionReason(target, target?.kind === "reject", formProps, fields.note);
  return (
    <Modal opened={target != null} onClose={onClose} title={kind?.title}>
      {target && kind ? (
        <fetcher.Form method="post" noValidate {...guarded}>
          <input type="hidden" name="intent" value={target.kind === "cancel" ? "cancel" : "decide"} />
          <input type="hidden" name="id" value={target.petition.id} />
          {target.kind !== "cancel" ? <input type="hidden" name="action" value={target.kind} /> : null}
          <Stack>
            <div>
              <Text fw={600}>
                {target.petition.employee.full_name} ({target.petition.employee.code})
              </Text>
              <Text fz="sm">
                {typeLabel(target.petition.type)} · {spanText(target.petition)} · {daysText(target.petition.days)}
              </Text>
            </div>
            <DecisionNoteEnd
              question={kind.question}
              note={note}
              required={target.kind === "reject"}
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
