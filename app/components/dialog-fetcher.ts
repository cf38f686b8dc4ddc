import { notifications } from "@mantine/notifications";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

/** What a page action answers a dialog: `pageAction`'s shape (app/lib/page-action.server.ts). */
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
