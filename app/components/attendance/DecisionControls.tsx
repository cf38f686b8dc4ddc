import { Text } from "@mantine/core";
import { PlainButton, PlainTextarea } from "~/components/PlainControls";
import { PlainGroup, PlainText } from "~/components/PlainMantine";
import { modals } from "@mantine/modals";
import { useFetcher } from "@remix-run/react";
import { useId, useRef, useState, type ReactNode } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { rejectNoteMissing } from "~/models/core/decision-note";

type Choice<D extends string> = { decision: D; label: string };

/** One part of the item decided on its own (a record's check-in): its buttons under its label, its fields added to the post. */
export type DecisionPart = { key: string; label: string; fields: Record<string, string>; rejectBody: ReactNode };

/**
 * An admin's decision on one queued item: a note, a reject button that asks for confirmation
 * first, and an accept button; posted as a page intent through its own fetcher. With
 * `reject.noteRequired` (the server's words), a rejection without a note says so at the note
 * instead of asking to confirm. With `parts`, each part gets its own labelled pair of buttons
 * under the one note (a record's check-in and check-out).
 */
export function DecisionControls<D extends string>({
  fetcherKey,
  fields,
  placeholder,
  accept,
  reject,
  parts,
}: {
  fetcherKey: string;
  /** The form fields for a decision and its note (intent, id, …). */
  fields: (decision: D, note: string) => Record<string, string>;
  placeholder: string;
  accept: Choice<D>;
  reject: Choice<D> & { title: string; body: ReactNode; confirmLabel: string; noteRequired?: string };
  parts?: DecisionPart[];
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: fetcherKey });
  useActionToasts(fetcher);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const busy = fetcher.state !== "idle";
  const submit = (decision: D, part?: DecisionPart) => fetcher.submit({ ...fields(decision, note), ...part?.fields }, { method: "post" });
  const confirmReject = (part?: DecisionPart) => {
    if (reject.noteRequired && rejectNoteMissing(true, note)) {
      setMissing(true);
      noteRef.current?.focus();
      return;
    }
    modals.openConfirmModal({
      title: part ? `${reject.title}: ${part.label}` : reject.title,
      children: <Text fz="sm">{part ? part.rejectBody : reject.body}</Text>,
      labels: { confirm: reject.confirmLabel, cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => submit(reject.decision, part),
    });
  };
  const showMissing = missing && rejectNoteMissing(true, note);
  const buttons = (part?: DecisionPart) => (
    <PlainGroup justify="flex-end" gap="xs">
      <PlainButton variant="light" color="red" onClick={() => confirmReject(part)} disabled={busy}>
        {reject.label}
      </PlainButton>
      <PlainButton color="green" onClick={() => submit(accept.decision, part)} loading={busy}>
        {accept.label}
      </PlainButton>
    </PlainGroup>
  );
  return (
    <>
      <PlainTextarea
        ref={noteRef}
        label="หมายเหตุ"
        placeholder={placeholder}
        minRows={1}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        aria-invalid={showMissing}
        aria-describedby={showMissing ? errorId : undefined}
      />
      {showMissing ? (
        <Text id={errorId} c="red.8" fz="sm" role="alert">
          {reject.noteRequired}
        </Text>
      ) : null}
      {parts
        ? parts.map((part) => (
            <PlainGroup key={part.key} justify="space-between" gap="xs" wrap="nowrap" role="group" aria-label={part.label}>
              <PlainText fz="sm" fw={600}>
                {part.label}
              </PlainText>
              {buttons(part)}
            </PlainGroup>
          ))
        : buttons()}
    </>
  );
}

/** The note a decided item keeps, or nothing. */
export const DecisionNote = ({ note }: { note: string | null | undefined }) => (note ? <PlainText fz="sm">หมายเหตุ: {note}</PlainText> : null);
