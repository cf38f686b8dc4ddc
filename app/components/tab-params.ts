import { useSearchParams } from "@remix-run/react";

type Options = { resetPage?: boolean; replace?: boolean };

/**
 * Changes the page's query string without scrolling: sets or (for null) removes the given keys and
 * keeps the others, and with `resetPage` drops `page` unless it is one of them (a new filter starts
 * at page 1). Given a `tab`, also keeps `tab` set to it.
 */
export function useSearchParamsUpdate({ resetPage = false, replace = false, tab }: Options & { tab?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const update = (changes: { [key: string]: string | null }) => {
    const next = new URLSearchParams(params);
    if (tab !== undefined) next.set("tab", tab);
    if (resetPage && !("page" in changes)) next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { preventScrollReset: true, replace });
  };
  return [params, update] as const;
}

/** Changes a tabbed page's query string: {@link useSearchParamsUpdate} that keeps `tab` set to this tab. */
export function useTabParams(tab: string, options: Options = {}) {
  return useSearchParamsUpdate({ ...options, tab });
}
