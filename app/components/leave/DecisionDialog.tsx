import { Alert, Modal, Stack, Text, Textarea } from "@mantine/core";
import { DialogButtons } from "~/components/DialogButtons";
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

/**
 * Approve, reject or cancel a petition, with an optional note: posts `intent=decide` (with
 * `action`) or `intent=cancel` to the page, which calls the same model as the API.
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
  return (
    <Modal opened={target != null} onClose={onClose} title={kind?.title}>
      {target && kind ? (
        <fetcher.Form method="post" noValidate {...formProps}>
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
            <Text fz="sm">{kind.question}</Text>
            <Textarea
              name="note"
              label="หมายเหตุถึงพนักงาน"
              placeholder="ไม่บังคับ"
              autosize
              minRows={2}
              maxLength={500}
              error={fields.note}
              data-autofocus
            />
            {error ? <Alert color="red">{error}</Alert> : null}
            <DialogButtons busy={busy} onClose={onClose} submit={kind.submit} submitProps={{ color: kind.color }} />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
