import { Alert, Text, Textarea } from "@mantine/core";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { DialogButtons } from "./DialogButtons";
import { REJECT_NOTE_REQUIRED, rejectNoteMissing } from "~/models/core/decision-note";

type FormHandlers = { onSubmit: (event: FormEvent<HTMLFormElement>) => void; onChange: (event: ChangeEvent<HTMLFormElement>) => void };

/**
 * A decision dialog's guard of a rejection's reason: a blank `note` is not posted when `rejecting`,
 * and the field says why (the server's words) until the form changes or another target opens.
 * Wraps the dialog form's own handlers (useDialogForm's `formProps`).
 */
export function useRejectionReason<T>(target: T | null, rejecting: boolean, form: FormHandlers, serverNoteError?: string) {
  // The target the missing reason was found for: another one starts without the message.
  const [missingFor, setMissingFor] = useState<T | null>(null);
  const noteError = missingFor !== null && missingFor === target ? REJECT_NOTE_REQUIRED : serverNoteError;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const text = new FormData(event.currentTarget).get("note");
    if (rejecting && rejectNoteMissing(true, typeof text === "string" ? text : "")) {
      event.preventDefault();
      setMissingFor(target);
      return;
    }
    form.onSubmit(event);
  };
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    setMissingFor(null);
    form.onChange(event);
  };
  return { noteError, formProps: { onSubmit, onChange } };
}

export type NoteField = { label: string; placeholder: string; description?: string };

/** A decision dialog's end: the question, the `note` field, the error no field shows, ยกเลิก and the submit button. */
export function DecisionNoteEnd(props: {
  question: string;
  note: NoteField;
  required: boolean;
  noteError?: string;
  error?: string;
  busy: boolean;
  onClose: () => void;
  submit: string;
  color: string;
}) {
  const { question, note, required, noteError, error, busy, onClose, submit, color } = props;
  return (
    <>
      <Text fz="sm">{question}</Text>
      <Textarea
        name="note"
        label={note.label}
        description={note.description}
        placeholder={note.placeholder}
        required={required}
        autosize
        minRows={2}
        maxLength={500}
        error={noteError}
        data-autofocus
      />
      {error ? <Alert color="red">{error}</Alert> : null}
      <DialogButtons busy={busy} onClose={onClose} submit={submit} submitProps={{ color }} />
    </>
  );
}
