import { useId, type ReactNode } from "react";

/**
 * The accessible name of a picker field that shows no label of its own, only its value (a
 * toolbar's date or month): the label, then the value as shown, so what a speech user reads on
 * the button is in its name (WCAG 2.5.3) and a screen reader hears the value too. Render `label`
 * beside the field and spread `props` on it.
 */
export function useLabelWithValue(text: string): { label: ReactNode; props: { id: string; "aria-labelledby": string } } {
  const id = useId();
  return {
    label: (
      <span id={`${id}-label`} hidden>
        {text}
      </span>
    ),
    props: { id, "aria-labelledby": `${id}-label ${id}` },
  };
}
