import { notifications } from "@mantine/notifications";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";

/** What a page action answers a dialog: `pageAction`'s shape (app/http/page-action.server.ts). */
export type DialogResult = { ok: boolean; message?: string; error?: string; fields?: Record<string, string> };
export type DialogFetcher<D extends DialogResult = DialogResult> = ReturnType<typeof useFetcher<D>>;

/**
 * The fetcher behind a page's form dialogs. `renew()` (call it when a dialog opens) gives a fresh
 * fetcher, so an error from an earlier dialog never shows in the next. On success: a green toast
 * and `onDone`. A failure stays in the dialog, which shows it with `dialogErrors`.
 */
export function useDialogFetcher<D extends DialogResult>(name: string, onDone: () => void) {
  const [round, setRound] = useState(0);
  const fetcher = useFetcher<D>({ key: `${name}-${round}` });
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    notifications.show({ color: "green", message: fetcher.data.message });
    done.current();
  }, [fetcher.state, fetcher.data]);

  const renew = useCallback(() => setRound((n) => n + 1), []);
  return { fetcher, renew };
}

/** A dialog's view of its fetcher: field messages, the message no field shows, and busy. */
export function dialogErrors(fetcher: DialogFetcher) {
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const fields = failed?.fields ?? {};
  const error = failed && Object.keys(fields).length === 0 ? failed.error : undefined;
  return { fields, error, busy: fetcher.state !== "idle" };
}

/**
 * `dialogErrors` for a dialog's form, plus what the form needs to behave while it is used:
 * - one submission at a time (`useSubmitGuard`), the submit button busy from the first click.
 * - a field's error goes away as soon as that field changes (by `name`, through the form's
 *   onChange; fields without a native input call `clearField`).
 * Spread `formProps` on the `fetcher.Form`.
 */
export function useDialogForm(fetcher: DialogFetcher) {
  const { fields: answered, error } = dialogErrors(fetcher);
  const guard = useSubmitGuard(fetcher.state, fetcher.data);
  const [cleared, setCleared] = useState<{ answer: unknown; names: string[] }>({ answer: null, names: [] });
  const answer = useRef<unknown>(fetcher.data);
  answer.current = fetcher.data;

  const clearField = useCallback((...names: string[]) => {
    setCleared((c) => {
      const kept = c.answer === answer.current ? c.names : [];
      return { answer: answer.current, names: [...kept, ...names] };
    });
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!guard.claim()) event.preventDefault();
  };

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const target: unknown = event.target;
    if (
      (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) &&
      target.name &&
      answered[target.name] !== undefined
    ) {
      clearField(target.name);
    }
  };

  const fields =
    cleared.answer === fetcher.data && cleared.names.length > 0
      ? Object.fromEntries(Object.entries(answered).filter(([name]) => !cleared.names.includes(name)))
      : answered;
  return { fields, error, busy: guard.busy, clearField, formProps: { onSubmit, onChange } };
}

/**
 * One submission at a time for a fetcher whose state is `state`. Remix updates a fetcher's state
 * in a transition, so a quick second click (or Enter) would still find it idle and post the same
 * form again; the guard is set at once, in the submit event. `claim()` (in the submit event)
 * answers false while a submission is under way; it is released when the fetcher is idle again,
 * or when its answer (`data`) changes while idle: on a busy page React can render the fetcher's
 * last state only, so a quick submission may never be seen as anything but idle.
 */
export function useSubmitGuard(state: DialogFetcher["state"], data?: unknown) {
  const sending = useRef(false);
  const [claimed, setClaimed] = useState(false);
  useEffect(() => {
    if (state !== "idle") return;
    sending.current = false;
    setClaimed(false);
  }, [state, data]);
  const claim = () => {
    if (sending.current || state !== "idle") return false;
    sending.current = true;
    setClaimed(true);
    return true;
  };
  return { busy: claimed || state !== "idle", claim };
}
