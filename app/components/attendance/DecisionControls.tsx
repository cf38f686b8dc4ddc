import { Text } from "@mantine/core";
import { PlainButton, PlainTextarea } from "~/components/PlainControls";
import { PlainGroup, PlainText } from "~/components/PlainMantine";
import { modals } from "@mantine/modals";
import { useFetcher } from "@remix-run/react";
import { useId, useRef, useState, type ReactNode } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";

type Choice<D extends string> = { decision: D; label: string };

/**
 * An admin's decision on one queued item: a note, a reject button that asks for confirmation
 * first, and an accept button; posted as a page intent through its own fetcher. With
 * `reject.noteRequired` (the server's words), a rejection without a note says so at the note
 * instead of asking to confirm.
 */
export function DecisionControls<D extends string>({
  fetcherKey,
  fields,
  placeholder,
  accept,
  reject,
}: {
  fetcherKey: string;
  /** The form fields for a decision and its note (intent, id, …). */
  fields: (decision: D, note: string) => Record<string, string>;
  placeholder: string;
  accept: Choice<D>;
  reject: Choice<D> & { title: string; body: ReactNode; confirmLabel: string; noteRequired?: string };
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: fetcherKey });
  useActionToasts(fetcher);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const busy = fetcher.state !== "idle";
  const submit = (decision: D) => fetcher.submit(fields(decision, note), { method: "post" });
  const confirmReject = () => {
    if (reject.noteRequired && !note.trim()) {
      setMissing(true);
      noteRef.current?.focus();
      return;
    }
    modals.openConfirmModal({
      title: reject.title,
      children: <Text fz="sm">{reject.body}</Text>,
      labels: { confirm: reject.confirmLabel, cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => submit(reject.decision),
    });
  };
  const showMissing = missing && !note.trim();
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
      <PlainGroup justify="flex-end" gap="xs">
        <PlainButton variant="light" color="red" onClick={confirmReject} disabled={busy}>
          {reject.label}
        </PlainButton>
        <PlainButton color="green" onClick={() => submit(accept.decision)} loading={busy}>
          {accept.label}
        </PlainButton>
      </PlainGroup>
    </>
  );
}

/** The note a decided item keeps, or nothing. */
export const DecisionNote = ({ note }: { note: string | null | undefined }) => (note ? <PlainText fz="sm">หมายเหตุ: {note}</PlainText> : null);
