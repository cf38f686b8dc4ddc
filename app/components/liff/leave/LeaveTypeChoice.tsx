import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { useId } from "react";
import { quotaText, type LeaveTypeRules } from "~/models/leave/catalogue";
import { formatDays } from "./leave-format";
import type { LeaveBalance } from "./leave-types";

type Props = {
  types: readonly LeaveTypeRules[];
  /** The balances of the year the leave falls in; null while they load. */
  balances: readonly LeaveBalance[] | null;
  value: number;
  onChange: (type: number) => void;
  error?: string;
  disabled: boolean;
};

/**
 * `3 วัน/ปี · คงเหลือ 2 วัน`; a per-event type gives its quota per event and what this year took of
 * it; sterilisation `ตามใบรับรองแพทย์`; an unpaid kind says so.
 */
export function typeBalanceLine(t: LeaveTypeRules, b: LeaveBalance | null): string {
  const parts = [quotaText(t)];
  if (b && b.remaining !== null) {
    if (t.per === "year") parts.push(`คงเหลือ ${formatDays(b.remaining)}`);
    else if (b.used + b.pending > 0) parts.push(`ปีนี้ใช้ไป ${formatDays(b.used + b.pending)}`);
  }
  if (t.paid_days === 0) parts.push("ไม่ได้รับค่าจ้าง");
  return parts.join(" · ");
}

/**
 * The leave types that are on, as radio cards with each one's balance. Native radios (arrow keys,
 * the name alone as the accessible name, the balance as its description): Mantine's Radio would add
 * bytes to a page near its budget (ADR 038).
 */
export function LeaveTypeChoice({ types, balances, value, onChange, error, disabled }: Props) {
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <Text component="div" id={`${id}-label`} fw={500} fz="sm" mb={4}>
        ประเภทการลา
      </Text>
      <Stack gap={6}>
        {types.map((t) => {
          const checked = t.id === value;
          const balance = balances?.find((b) => b.type === t.id) ?? null;
          const over = t.per === "year" && balance?.remaining != null && balance.remaining < 0;
          return (
            <label
              key={t.id}
              data-testid={`type-${t.id}`}
              data-checked={checked || undefined}
              style={{
                display: "flex",
                alignItems: "center",
                gap: "var(--mantine-spacing-sm)",
                padding: "8px var(--mantine-spacing-sm)",
                border: `1px solid ${checked ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
                background: checked ? "var(--mantine-primary-color-light)" : undefined,
                borderRadius: "var(--mantine-radius-md)",
                cursor: disabled ? "not-allowed" : "pointer",
              }}
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={t.id}
                checked={checked}
                onChange={() => onChange(t.id)}
                disabled={disabled}
                aria-labelledby={`${id}-${t.id}`}
                aria-describedby={`${id}-${t.id}-balance`}
                style={{ width: 18, height: 18, margin: 0, flexShrink: 0, accentColor: "var(--mantine-primary-color-filled)" }}
              />
              <div style={{ minWidth: 0 }}>
                <Text id={`${id}-${t.id}`} fw={600} fz="sm">
                  {t.name_th}
                </Text>
                <Text id={`${id}-${t.id}-balance`} fz="xs" c={over ? "red" : "dimmed"}>
                  {typeBalanceLine(t, balance)}
                </Text>
              </div>
            </label>
          );
        })}
      </Stack>
      {error ? (
        <Text id={`${id}-error`} c="red" fz="sm" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
