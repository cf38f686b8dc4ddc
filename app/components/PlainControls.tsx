import {
  forwardRef,
  useId,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type ElementType,
  type ImgHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import TextareaAutosize from "react-textarea-autosize";
import { rem } from "./PlainMantine";

// Mantine's Button, ActionIcon, UnstyledButton, Textarea, Image and Anchor as plain elements with the same
// classes, attributes and CSS variables, for the controls, photos and links repeated on every card
// of a queue and every row of the daily list (ADR 030).
// PlainMantine.ssr.test.ts compares each with Mantine's own markup.

type ButtonVariant = "filled" | "light" | "subtle" | "outline" | "default";
type ButtonSize = "xs" | "sm" | "md" | "compact-xs" | "compact-sm";

const BORDER = "calc(0.0625rem * var(--mantine-scale)) solid";

function buttonColors(variant: ButtonVariant, c: string): Record<string, string> {
  switch (variant) {
    case "filled":
      return { bg: `var(--mantine-color-${c}-filled)`, hover: `var(--mantine-color-${c}-filled-hover)`, color: "var(--mantine-color-white)", bd: `${BORDER} transparent` };
    case "light":
      return { bg: `var(--mantine-color-${c}-light)`, hover: `var(--mantine-color-${c}-light-hover)`, color: `var(--mantine-color-${c}-light-color)`, bd: `${BORDER} transparent` };
    case "subtle":
      return { bg: "transparent", hover: `var(--mantine-color-${c}-light-hover)`, color: `var(--mantine-color-${c}-light-color)`, bd: `${BORDER} transparent` };
    case "outline":
      return { bg: "transparent", hover: `var(--mantine-color-${c}-outline-hover)`, color: `var(--mantine-color-${c}-outline)`, bd: `${BORDER} var(--mantine-color-${c}-outline)` };
    case "default":
      return { bg: "var(--mantine-color-default)", hover: "var(--mantine-color-default-hover)", color: "var(--mantine-color-default-color)", bd: `${BORDER} var(--mantine-color-default-border)` };
  }
}

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "color"> & {
  variant?: ButtonVariant;
  /** A theme colour's name; the primary colour (blue) when a variant is given without one. */
  color?: string;
  size?: ButtonSize;
  leftSection?: ReactNode;
  /** Busy: disabled, with Mantine's loader over the label. */
  loading?: boolean;
};

export function PlainButton({ variant, color, size, leftSection, loading, disabled, type = "button", style, children, ...rest }: PlainButtonProps) {
  const vars: Record<string, string> = {};
  if (size) {
    vars["--button-height"] = `var(--button-height-${size})`;
    vars["--button-padding-x"] = `var(--button-padding-x-${size})`;
    vars["--button-fz"] = `var(--mantine-font-size-${size.replace("compact-", "")})`;
  }
  if (color || variant) {
    const { bg, hover, color: text, bd } = buttonColors(variant ?? "filled", color ?? "blue");
    Object.assign(vars, { "--button-bg": bg, "--button-hover": hover, "--button-color": text, "--button-bd": bd });
  } else {
    vars["--button-color"] = "var(--mantine-color-white)";
  }
  const inactive = disabled || loading;
  return (
    <button
      style={{ ...vars, ...style } as CSSProperties}
      className={`mantine-focus-auto${inactive ? "" : " mantine-active"} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-with-left-section={leftSection ? true : undefined}
      type={type}
      disabled={inactive}
      {...rest}
    >
      {loading ? (
        <span className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span
            style={{ "--loader-size": "calc(var(--button-height) / 1.8)", "--loader-color": "var(--button-color)" } as CSSProperties}
            className="m_b34414df m_5ae2e3c mantine-Loader-root"
          />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection ? (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}

type PlainTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "style" | "value"> & {
  label: string;
  value: string;
  /** The fewest rows it shrinks to; it grows with its text, as Mantine's `autosize`. */
  minRows?: number;
};

/** Mantine's `Textarea` with a label and `autosize` (size sm, no description or error). */
export const PlainTextarea = forwardRef<HTMLTextAreaElement, PlainTextareaProps>(function PlainTextarea({ label, minRows, disabled, ...rest }, ref) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-Textarea-root" data-size="sm">
      <label
        style={{ "--input-label-size": "var(--mantine-font-size-sm)" } as CSSProperties}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-Textarea-label"
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      <div
        style={{ "--input-height": "var(--input-height-sm)", "--input-fz": "var(--mantine-font-size-sm)", "--input-padding-y": "var(--input-padding-y-sm)" } as CSSProperties}
        className="m_6c018570 mantine-Input-wrapper mantine-Textarea-wrapper"
        data-variant="default"
        data-size="sm"
        data-multiline="true"
        data-disabled={disabled || undefined}
      >
        <TextareaAutosize
          className="m_8fb7ebe7 mantine-Input-input mantine-Textarea-input"
          data-variant="default"
          data-disabled={disabled || undefined}
          data-no-overflow="true"
          aria-invalid="false"
          id={id}
          disabled={disabled}
          minRows={minRows}
          ref={ref}
          {...rest}
        />
      </div>
    </div>
  );
});

/** Mantine's `UnstyledButton` (a photo that opens larger). */
export function PlainUnstyledButton({ type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button className="mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root" type={type} {...rest} />;
}

/** Mantine's `Image` of a fixed size in pixels (a thumbnail). */
export function PlainImage({ w, h, radius, fit, style, ...rest }: Omit<ImgHTMLAttributes<HTMLImageElement>, "width" | "height"> & {
  w: number;
  h: number;
  radius?: "xs" | "sm" | "md" | "lg" | "xl";
  fit?: "cover" | "contain";
}) {
  const css = {
    ...(radius ? { "--image-radius": `var(--mantine-radius-${radius})` } : null),
    ...(fit ? { "--image-object-fit": fit } : null),
    width: rem(w),
    height: rem(h),
    ...style,
  } as CSSProperties;
  return <img style={css} className="m_9e117634 mantine-Image-root" {...rest} />;
}

type PlainAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  fz?: "xs" | "sm" | "md";
  fw?: number;
  /** What renders the link (Remix's `Link`, with its props), as Mantine's `component`. */
  component?: ElementType;
  [prop: string]: unknown;
};

/** Mantine's `Anchor` (underlined on hover). */
export function PlainAnchor({ fz, fw, component: Root = "a", style, ...rest }: PlainAnchorProps) {
  const css = { ...(fz ? { fontSize: `var(--mantine-font-size-${fz})` } : null), ...(fw ? { fontWeight: fw } : null), ...style };
  return (
    <Root
      style={Object.keys(css).length ? css : undefined}
      className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root"
      data-underline="hover"
      {...rest}
    />
  );
}

type PlainActionIconProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "color"> & {
  variant: ButtonVariant;
  /** A theme colour's name; blue when not given. */
  color?: string;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  "aria-label": string;
};

/** Mantine's `ActionIcon` (an icon button: a row's "⋯", a pager's arrows). */
export function PlainActionIcon({ variant, color = "blue", size, type = "button", disabled, style, children, ...rest }: PlainActionIconProps) {
  const { bg, hover, color: text, bd } = buttonColors(variant, color);
  const css = { ...(size ? { "--ai-size": `var(--ai-size-${size})` } : null), "--ai-bg": bg, "--ai-hover": hover, "--ai-color": text, "--ai-bd": bd, ...style } as CSSProperties;
  return (
    <button
      style={css}
      className={`mantine-focus-auto${disabled ? "" : " mantine-active"} m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      type={type}
      disabled={disabled}
      {...rest}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}
