import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";

/** A page action's answer as the page sees it (`pageAction`'s shape after serialisation). */
export type ActionAnswer = { ok: true; message?: string } | { ok: false; error: string };

type Fetched<D> = { state: "idle" | "loading" | "submitting"; data?: D };

/**
 * Toasts a row action's answer once it arrives: green with its message, or red "ไม่สำเร็จ" with
 * the error. `onSuccess` sees the answer (e.g. a code to show); `color` can turn a success orange.
 */
export function useActionToasts<D extends ActionAnswer>(
  fetcher: Fetched<D>,
  options: {
    onSuccess?: (data: Extract<D, { ok: true }>) => void;
    color?: (data: Extract<D, { ok: true }>) => string;
    /** Only failures are toasted (the control itself shows the success, e.g. a switch). */
    failuresOnly?: boolean;
  } = {},
) {
  const latest = useRef(options);
  latest.current = options;
  const handled = useRef<D | undefined>(undefined);
  useEffect(() => {
    const data = fetcher.data;
    // The answer is there once the fetcher stops submitting: a success is toasted while the page
    // reloads its data, so a row the reload removes (a decided queue item) still says so.
    if (fetcher.state === "submitting" || !data || data === handled.current) return;
    handled.current = data;
    const answer: ActionAnswer = data;
    if (!answer.ok) {
      notifications.show({ color: "red", title: "ไม่สำเร็จ", message: answer.error });
      return;
    }
    if (!isSuccess(data)) return;
    if (!latest.current.failuresOnly) notifications.show({ color: latest.current.color?.(data) ?? "green", message: data.message });
    latest.current.onSuccess?.(data);
  }, [fetcher.state, fetcher.data]);
}

function isSuccess<D extends ActionAnswer>(data: D): data is Extract<D, { ok: true }> {
  return data.ok;
}
