import { useEffect, useId, useState, type ChangeEventHandler, type CSSProperties, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from "react";

// Mantine's Badge, Text, Card, Paper and table rows as plain elements with the same classes, attributes and
// CSS variables, so that they look the same with Mantine's stylesheet. Each Mantine component
// costs a Box, its style props and theme lookups on every server render; a list page holds
// hundreds of them (ADR 030). PlainMantine.ssr.test.ts compares each with Mantine's own markup.

type BadgeVariant = "filled" | "light" | "outline";
type Size = "xs" | "sm" | "md" | "lg" | "xl";

const BADGE_COLORS: Record<BadgeVariant, (color: string) => CSSProperties> = {
  filled: (c) => ({ "--badge-bg": `var(--mantine-color-${c}-filled)`, "--badge-color": "var(--mantine-color-white)" }) as CSSProperties,
  light: (c) => ({ "--badge-bg": `var(--mantine-color-${c}-light)`, "--badge-color": `var(--mantine-color-${c}-light-color)` }) as CSSProperties,
  outline: (c) => ({ "--badge-bg": "transparent", "--badge-color": `var(--mantine-color-${c}-outline)` }) as CSSProperties,
};
const BORDER_WIDTH = "calc(0.0625rem * var(--mantine-scale))";

type PlainBadgeProps = Omit<HTMLAttributes<HTMLDivElement>, "color"> & {
  /** A theme colour's name; the primary colour (blue) when a variant is given without one. */
  color?: string;
  variant?: BadgeVariant;
  size?: Size;
  tt?: "none";
  children: ReactNode;
};

export function PlainBadge({ color, variant, size, tt, children, style, ...rest }: PlainBadgeProps) {
  const vars: Record<string, string> = {};
  if (size) {
    vars["--badge-height"] = `var(--badge-height-${size})`;
    vars["--badge-padding-x"] = `var(--badge-padding-x-${size})`;
    vars["--badge-fz"] = `var(--badge-fz-${size})`;
  }
  if (color || variant) {
    const v = variant ?? "filled";
    const c = color ?? "blue";
    Object.assign(vars, BADGE_COLORS[v](c));
    vars["--badge-bd"] = `${BORDER_WIDTH} solid ${v === "outline" ? `var(--mantine-color-${c}-outline)` : "transparent"}`;
  }
  const css = { ...vars, ...style, ...(tt ? { textTransform: tt } : null) } as CSSProperties;
  return (
    <div
      style={Object.keys(css).length ? css : undefined}
      className="m_347db0ec mantine-Badge-root"
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

type PlainTextProps = Omit<HTMLAttributes<HTMLElement>, "color"> & {
  /** A theme size, or pixels. */
  fz?: Size | number;
  /** "dimmed", a theme colour's name (its text shade), or a colour and shade ("red.7"). */
  c?: string;
  fw?: number;
  td?: "line-through";
  ff?: "monospace";
  lineClamp?: number;
  span?: boolean;
};

/** A theme colour as Mantine's style props write it: "red.0" is a shade, "red" the colour's filled one. */
const themeColor = (color: string, plain: (name: string) => string) => {
  const [name, shade] = color.split(".");
  return shade === undefined ? plain(name) : `var(--mantine-color-${name}-${shade})`;
};

/** Pixels as Mantine's scaled rem. */
export const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

export function PlainText({ fz, c, fw, td, ff, lineClamp, span, style, ...rest }: PlainTextProps) {
  const css = {
    ...(lineClamp ? { "--text-line-clamp": lineClamp } : null),
    ...style,
    ...(c ? { color: c === "dimmed" ? "var(--mantine-color-dimmed)" : themeColor(c, (name) => `var(--mantine-color-${name}-text)`) } : null),
    ...(ff ? { fontFamily: "var(--mantine-font-family-monospace)" } : null),
    ...(fz ? { fontSize: typeof fz === "number" ? rem(fz) : `var(--mantine-font-size-${fz})` } : null),
    ...(fw ? { fontWeight: fw } : null),
    ...(td ? { textDecoration: td } : null),
  } as CSSProperties;
  const Element = span ? "span" : "p";
  return (
    <Element
      style={Object.keys(css).length ? css : undefined}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-line-clamp={lineClamp ? true : undefined}
      {...rest}
    />
  );
}

/** Mantine's `Paper` with a border, a padding in pixels, a height and a background shade ("red.0"). */
export function PlainPaper({ p, h, bg, style, ...rest }: HTMLAttributes<HTMLDivElement> & { p?: number; h?: string; bg?: string }) {
  const css = {
    ...(p !== undefined ? { padding: rem(p) } : null),
    ...(bg ? { background: themeColor(bg, (name) => `var(--mantine-color-${name}-filled)`) } : null),
    ...(h ? { height: h } : null),
    ...style,
  } as CSSProperties;
  return <div style={Object.keys(css).length ? css : undefined} className="m_1b7284a3 mantine-Paper-root" data-with-border="true" {...rest} />;
}

type PlainTrProps = HTMLAttributes<HTMLTableRowElement> & {
  /** The Table's `striped` (true is Mantine's "odd"). */
  striped?: boolean;
  /** The Table's `highlightOnHover`. */
  hover?: boolean;
  /** The Table's `withRowBorders` (on by default, as in Mantine). */
  rowBorders?: boolean;
};

/** A `Table.Tr` of a Mantine `Table` with the same `striped` / `highlightOnHover` / `withRowBorders`. */
export function PlainTr({ striped, hover, rowBorders = true, ...rest }: PlainTrProps) {
  return (
    <tr
      className="m_4e7aa4fd mantine-Table-tr"
      data-with-row-border={rowBorders || undefined}
      data-striped={striped ? "odd" : undefined}
      data-hover={hover || undefined}
      {...rest}
    />
  );
}

export function PlainTd(props: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className="m_4e7aa4ef mantine-Table-td" {...props} />;
}

/** Mantine's `Card` without sections: a queue's card. */
export function PlainCard({ radius, withBorder, style, ...rest }: HTMLAttributes<HTMLDivElement> & { radius: Size; withBorder?: boolean }) {
  const css = { "--paper-radius": `var(--mantine-radius-${radius})`, ...style } as CSSProperties;
  return <div style={css} className="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root" data-with-border={withBorder || undefined} {...rest} />;
}

type Gap = "xs" | "sm" | "md" | "lg" | "xl" | number;

/** Mantine's spacing value: a theme size's variable, or pixels as scaled rem. */
function spacing(gap: Gap) {
  if (gap === 0) return "0rem";
  return typeof gap === "number" ? rem(gap) : `var(--mantine-spacing-${gap})`;
}

type FlexProps = HTMLAttributes<HTMLDivElement> & {
  gap?: Gap;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
};

export function PlainGroup({ gap = "md", align = "center", justify = "flex-start", wrap = "wrap", style, ...rest }: FlexProps & { wrap?: "wrap" | "nowrap" }) {
  const css = { "--group-gap": spacing(gap), "--group-align": align, "--group-justify": justify, "--group-wrap": wrap, ...style } as CSSProperties;
  return <div style={css} className="m_4081bf90 mantine-Group-root" {...rest} />;
}

export function PlainStack({ gap = "md", align = "stretch", justify = "flex-start", style, ...rest }: FlexProps) {
  const css = { "--stack-gap": spacing(gap), "--stack-align": align, "--stack-justify": justify, ...style } as CSSProperties;
  return <div style={css} className="m_6d731127 mantine-Stack-root" {...rest} />;
}

/**
 * Mantine's `Switch` without a label (a row's on/off control): the same root, track and thumb, and
 * a checkbox input with `role="switch"` whose change is the caller's.
 */
export function PlainSwitch({ checked, onChange, ...rest }: { checked: boolean; onChange: ChangeEventHandler<HTMLInputElement>; "aria-label": string }) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  return (
    <div className="m_5f93f3bb mantine-Switch-root m_5f75b09e mantine-Switch-root" data-label-position="right" data-checked={checked}>
      <label className="m_5f6e695e mantine-Switch-body" htmlFor={id}>
        <input {...rest} data-checked={checked} id={id} type="checkbox" role="switch" className="m_926b4011 mantine-Switch-input" checked={checked} onChange={onChange} />
        <span className="m_9307d992 mantine-Switch-track" data-label-position="right" data-without-labels="true" aria-hidden="true">
          <span className="m_93039a1d mantine-Switch-thumb" data-reduce-motion="true" data-with-thumb-indicator="true" />
          <span className="m_8277e082 mantine-Switch-trackLabel" />
        </span>
        <div className="m_d3ea56bb mantine-Switch-labelWrapper" />
      </label>
    </div>
  );
}

/**
 * Mantine's `Avatar` for a list row (no colour): the photo, or the placeholder with `children`
 * (initials) when there is none or it fails to load, as Mantine's does.
 */
export function PlainAvatar({ src, alt, radius, size, children }: { src?: string | null; alt?: string; radius: Size; size?: Size; children: ReactNode }) {
  const [error, setError] = useState(!src);
  useEffect(() => setError(!src), [src]);
  const css = { ...(size ? { "--avatar-size": `var(--avatar-size-${size})` } : null), "--avatar-radius": `var(--mantine-radius-${radius})` } as CSSProperties;
  return (
    <div style={css} className="m_f85678b6 mantine-Avatar-root" data-size={size}>
      {error || !src ? (
        <span className="m_104cd71f mantine-Avatar-placeholder" title={alt}>
          {children}
        </span>
      ) : (
        <img className="m_11f8ac07 mantine-Avatar-image" src={src} alt={alt} onError={() => setError(true)} />
      )}
    </div>
  );
}
