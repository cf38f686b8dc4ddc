import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~mantine-core/components/TextInput/TextInput";
import { useEffect, useState } from "react";

/**
 * `830`, `0830`, `8.30` or `8:30` as `08:30`; anything else as it was typed (the server's schema
 * says what is wrong with it).
 */
export function normalizeTime(text: string) {
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text.trim());
  if (!match) return text;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return text;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

type Props = Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type"> & {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
};

/**
 * A time of day as 24-hour `ชช:นน` text, the same in every browser and language (an
 * `<input type="time">` shows "08:30 AM" in an English browser). Posts the text under `name`.
 */
export function TimeField({ value, defaultValue, onChange, onBlur, ...props }: Props) {
  const [text, setText] = useState(value ?? defaultValue ?? "");
  useEffect(() => {
    if (value !== undefined) setText(value);
  }, [value]);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="ชช:นน"
      maxLength={5}
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onChange?.(event.currentTarget.value);
      }}
      onBlur={(event) => {
        const normal = normalizeTime(text);
        if (normal !== text) {
          setText(normal);
          onChange?.(normal);
        }
        onBlur?.(event);
      }}
    />
  );
}
