import { leaveColor } from "./leave-colors";

/** `blue.6` as the CSS variable Mantine's stylesheet defines. */
export const colorVar = (color: string) => `var(--mantine-color-${color.replace(".", "-")})`;

/** A leave type's colour as a dot, beside its name (hidden from screen readers: the name says it). */
export function LeaveTypeDot({ type, size = 10 }: { type: number; size?: number }) {
  return (
    <span
      aria-hidden
      data-leave-type={type}
      style={{ display: "inline-block", flex: "none", width: size, height: size, borderRadius: size / 2, background: colorVar(leaveColor(type)) }}
    />
  );
}
