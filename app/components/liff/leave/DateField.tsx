import type { DatePickerInputProps } from "@mantine/dates";
import { Input } from "~mantine-core/components/Input/Input";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { formatThaiDate } from "~/lib/thai-date";

// @mantine/dates imports the whole of @mantine/core, so the date picker brings every component
// the back office uses (~77 kB compressed with the picker itself), half again the rest of the
// leave page. It is fetched on the first tap of a date field, not with the page (ADR 038).
const ThaiDateInput = lazy(() => import("~/components/ThaiDateInput").then((m) => ({ default: m.ThaiDateInput })));

type Props = DatePickerInputProps<"default"> & { value: string | null };

/**
 * The leave form's Thai date field: drawn as Mantine draws a closed date picker (label, value in
 * Buddhist Era, placeholder, error) until the first tap, which loads the picker and opens it.
 */
export function DateField(props: Props) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <ClosedDateField {...props} onOpen={() => setWanted(true)} />;
  return (
    <Suspense fallback={<ClosedDateField {...props} loading />}>
      <OpenOnArrival {...props} />
    </Suspense>
  );
}

/** The real picker, opened once as it replaces the closed field the employee tapped. */
function OpenOnArrival(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>("button[data-dates-input]")?.click();
  }, []);
  return (
    <div ref={box} style={{ display: "contents" }}>
      <ThaiDateInput {...props} />
    </div>
  );
}

function ClosedDateField({ label, withAsterisk, error, description, disabled, value, onOpen, loading }: Props & { onOpen?: () => void; loading?: boolean }) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} withAsterisk={withAsterisk} error={error} description={description}>
      <Input
        id={id}
        component="button"
        type="button"
        multiline
        pointer
        data-dates-input
        disabled={disabled}
        error={error}
        aria-busy={loading || undefined}
        onClick={onOpen}
        rightSection={loading ? <Loader size="xs" /> : undefined}
        styles={{ input: { lineHeight: "unset" } }}
      >
        {value ? formatThaiDate(value) : <Input.Placeholder>เลือกวันที่</Input.Placeholder>}
      </Input>
    </Input.Wrapper>
  );
}
