import { useFetcher } from "@remix-run/react";
import { useActionToasts, type ActionAnswer } from "./action-toasts";
import { PlainSwitch } from "./PlainMantine";

/**
 * A switch that posts `fields` plus its new value (`name`: "true"/"false") to the page action on
 * a fetcher of its own, so one row never waits for another. It shows the submitted value at
 * once and the loader's value after revalidation; a refusal is toasted in red.
 */
export function FetcherSwitch({
  fetcherKey,
  checked,
  label,
  fields,
  name = "value",
}: {
  fetcherKey: string;
  checked: boolean;
  label: string;
  fields: Record<string, string>;
  name?: string;
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: fetcherKey });
  useActionToasts(fetcher, { failuresOnly: true });
  const pending = fetcher.formData?.get(name);
  return (
    <PlainSwitch
      checked={pending != null ? pending === "true" : checked}
      aria-label={label}
      onChange={(e) => fetcher.submit({ ...fields, [name]: String(e.currentTarget.checked) }, { method: "post" })}
    />
  );
}
