import type { useFetcher } from "@remix-run/react";

/** The employee page's one fetcher, as the dialogs see it: success or `{ error, fields }`. */
export type FormFetcher = ReturnType<
  typeof useFetcher<{ ok: boolean; fields?: Record<string, string>; error?: string }>
>;
