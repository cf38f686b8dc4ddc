import { useSearchParams } from "@remix-run/react";

/**
 * Changes a tabbed page's query string: keeps `tab`, sets or (for null) removes the given keys,
 * and with `resetPage` drops `page` unless it is one of them (a new filter starts at page 1).
 */
export function useTabParams(tab: string, { resetPage = false, replace = false } = {}) {
  const [params, setParams] = useSearchParams();
  const update = (changes: { [key: string]: string | null }) => {
    const next = new URLSearchParams(params);
    next.set("tab", tab);
    if (resetPage && !("page" in changes)) next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { preventScrollReset: true, replace });
  };
  return [params, update] as const;
}
