import type { InputBaseProps } from "@mantine/core";
import { InputBase } from "~mantine-core/components/InputBase/InputBase";
import IconChevronDown from "@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs";
import type { ChangeEvent } from "react";

type Props = Pick<InputBaseProps, "label" | "size"> & {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  data: { value: string; label: string }[];
  "aria-label"?: string;
};

/**
 * A phone's own <select> in Mantine's input, as NativeSelect draws it. NativeSelect itself takes its
 * chevron from Combobox, whose file brings Popover, ScrollArea and floating-ui (~30 kB compressed) into
 * every page that reaches it (docs/decisions/038-employee-page-bytes.md).
 */
export function PlainSelect({ data, size, ...rest }: Props) {
  return (
    <InputBase
      component="select"
      size={size}
      pointer
      rightSection={<IconChevronDown size={size === "xs" ? 14 : 16} aria-hidden />}
      rightSectionPointerEvents="none"
      {...rest}
    >
      {data.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </InputBase>
  );
}
