import { ActionIcon, Anchor, Avatar, Badge, Button, Card, DEFAULT_THEME, Group, Image, MantineProvider, Paper, Stack, Switch, Table, Text, Textarea, UnstyledButton } from "@mantine/core";
import { createElement, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { theme } from "~/lib/theme";
import { PlainActionIcon, PlainAnchor, PlainButton, PlainImage, PlainTextarea, PlainUnstyledButton } from "./PlainControls";
import { PlainAvatar, PlainBadge, PlainCard, PlainGroup, PlainPaper, PlainStack, PlainSwitch, PlainTd, PlainText, PlainTr } from "./PlainMantine";

// Mantine's polymorphic components and the plain ones, built from the same loose props.
const h = (type: unknown, props: object | null, ...children: ReactNode[]) => createElement(type as FunctionComponent, props, ...children);

// The markup of each element alone, with its attributes in one order (React writes them in the
// order the component spreads them).
function markup(node: ReactNode) {
  const html = renderToStaticMarkup(h(MantineProvider, { theme, env: "test" }, node)).replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
  return html.replace(/<([a-z]+)((?:\s+[\w-]+="[^"]*")*)\s*>/g, (_, tag: string, attrs: string) => {
    const sorted = (attrs.match(/[\w-]+="[^"]*"/g) ?? []).sort().join(" ");
    return `<${tag}${sorted ? ` ${sorted}` : ""}>`;
  });
}

const COLORS = Object.keys(DEFAULT_THEME.colors);
const VARIANTS = ["filled", "light", "outline"] as const;
const SIZES = [undefined, "xs", "sm", "md", "lg", "xl"] as const;

test("PlainBadge is Mantine's Badge, for every theme colour, variant and size", () => {
  for (const color of [undefined, ...COLORS]) {
    for (const variant of [undefined, ...VARIANTS]) {
      for (const size of SIZES) {
        const props = { color, variant, size };
        expect(markup(h(PlainBadge, props, "สาย")), JSON.stringify(props)).toBe(markup(h(Badge, props, "สาย")));
      }
    }
  }
  const extras = [
    { variant: "outline", color: "teal", tt: "none", title: "1 ธ.ค.", "data-testid": "away" },
    { size: "xs", color: "yellow", variant: "outline", style: { flexShrink: 0 }, tt: "none" },
  ] as const;
  for (const extra of extras) expect(markup(h(PlainBadge, extra, "ก"))).toBe(markup(h(Badge, extra, "ก")));
});

test("PlainText is Mantine's Text for the sizes, colours, weights and decoration lists use", () => {
  const cases = [
    {},
    { fz: "xs", c: "dimmed" },
    { fz: "sm", fw: 500 },
    { fz: "sm", c: "red", fw: 600, "data-testid": "over-quota" },
    { span: true, fw: 600, fz: "xs" },
    { span: true, c: "dimmed", fz: "xs", td: "line-through" },
    { fz: "xs", style: { wordBreak: "break-word" } },
    { fz: "sm", fw: 600, c: "red.7" },
    { fz: 10, c: "red.7", lineClamp: 2 },
    { fz: 12, c: "teal" },
    { fz: "sm", ff: "monospace" },
    { fz: "xs", c: "dimmed", ff: "monospace" },
  ] as const;
  for (const props of cases) {
    expect(markup(h(PlainText, props, "ข้อความ")), JSON.stringify(props)).toBe(markup(h(Text, props, "ข้อความ")));
  }
});

test("PlainTr and PlainTd are a Mantine Table's rows and cells, with the table's options", () => {
  const options = [{}, { striped: true }, { highlightOnHover: true }, { striped: true, highlightOnHover: true, withRowBorders: false }];
  for (const o of options) {
    const mantine = h(Table, o, h(Table.Tbody, null, h(Table.Tr, { "data-testid": "row" }, h(Table.Td, null, "ก"))));
    const plain = h(
      Table,
      o,
      h(
        Table.Tbody,
        null,
        h(PlainTr, { striped: "striped" in o, hover: "highlightOnHover" in o, rowBorders: o.withRowBorders ?? true, "data-testid": "row" }, h(PlainTd, null, "ก")),
      ),
    );
    expect(markup(plain), JSON.stringify(o)).toBe(markup(mantine));
  }
});

test("a PlainTd with the text-align and weight style is a Table.Td with ta and fw", () => {
  const row = (cell: ReactNode) => h(Table, null, h(Table.Tbody, null, h(Table.Tr, null, cell)));
  expect(markup(row(h(PlainTd, { style: { textAlign: "right" } }, "1.5")))).toBe(markup(row(h(Table.Td, { ta: "right" }, "1.5"))));
  expect(markup(row(h(PlainTd, { style: { fontWeight: 600, textAlign: "right" } }, "3")))).toBe(markup(row(h(Table.Td, { ta: "right", fw: 600 }, "3"))));
});

test("PlainGroup and PlainStack are Mantine's Group and Stack for gaps, alignments and wrapping", () => {
  const cases = [
    {},
    { gap: 4, "data-testid": "away" },
    { gap: "xs", justify: "space-between", wrap: "nowrap" },
    { justify: "space-between", align: "flex-start", wrap: "wrap" },
    { gap: 2, style: { minWidth: 0 } },
    { gap: "sm", align: "center" },
    { gap: 0 },
  ] as const;
  for (const props of cases) {
    expect(markup(h(PlainGroup, props, "ก")), JSON.stringify(props)).toBe(markup(h(Group, props, "ก")));
    const { wrap: _wrap, ...stackProps } = props as { wrap?: string };
    expect(markup(h(PlainStack, stackProps, "ก")), JSON.stringify(stackProps)).toBe(markup(h(Stack, stackProps, "ก")));
  }
});

test("PlainSwitch is Mantine's Switch without a label, on and off; its input's id ties the label to it", () => {
  const sameId = (html: string) => html.replace(/mantine-R[\w]+/g, "ID");
  for (const checked of [true, false]) {
    const props = { checked, "aria-label": "ตรวจแล้ว สมชาย", onChange: () => {} };
    const plain = markup(h(PlainSwitch, props));
    expect(sameId(plain), JSON.stringify({ checked })).toBe(sameId(markup(h(Switch, props))));
    const [, forId] = /for="([^"]+)"/.exec(plain) ?? [];
    expect(plain).toContain(`id="${forId}"`);
  }
});

test("PlainAvatar is Mantine's Avatar for a list row: the photo, or the initials without one", () => {
  const cases = [
    { src: "/uploads/1/thumb", radius: "xl", size: "sm" },
    { src: null, radius: "xl", size: "sm" },
    { src: "/uploads/1/thumb", radius: "xl", alt: "" },
    { src: undefined, radius: "xl", alt: "" },
  ] as const;
  for (const props of cases) {
    expect(markup(h(PlainAvatar, props, "สม")), JSON.stringify(props)).toBe(markup(h(Avatar, props, "สม")));
  }
});

test("PlainCard is Mantine's Card without sections", () => {
  const cases = [{ radius: "md", withBorder: true, "data-testid": "review-card" }, { radius: "sm" }, { radius: "md", withBorder: true, style: { opacity: 0.5 } }] as const;
  for (const props of cases) expect(markup(h(PlainCard, props, "ก")), JSON.stringify(props)).toBe(markup(h(Card, props, "ก")));
});

test("PlainButton is Mantine's Button for every theme colour, variant and size, busy, disabled, with an icon", () => {
  const variants = [undefined, "filled", "light", "subtle", "outline", "default"] as const;
  const sizes = [undefined, "xs", "sm", "md", "compact-xs", "compact-sm"] as const;
  for (const color of [undefined, ...COLORS]) {
    for (const variant of variants) {
      for (const size of sizes) {
        const props = { color, variant, size };
        expect(markup(h(PlainButton, props, "อนุมัติ")), JSON.stringify(props)).toBe(markup(h(Button, props, "อนุมัติ")));
      }
    }
  }
  const icon = h("svg", { width: 16, "aria-hidden": true });
  const extras = [
    { color: "green", loading: true },
    { variant: "light", color: "red", loading: false, disabled: true },
    { variant: "light", color: "red", disabled: false },
    { variant: "subtle", size: "compact-sm", leftSection: icon, "data-testid": "quota" },
    { type: "submit", color: "green", loading: true, size: "xs" },
    { variant: "default", style: { flexShrink: 0 }, title: "แก้ไข" },
    { color: "green", loading: true, disabled: true },
  ] as const;
  for (const extra of extras) expect(markup(h(PlainButton, extra, "ก")), JSON.stringify(extra)).toBe(markup(h(Button, extra, "ก")));
});

test("PlainTextarea is Mantine's Textarea with a label and autosize; the label names its textarea", () => {
  const sameId = (html: string) => html.replace(/mantine-R[\w]+/g, "ID");
  const cases = [
    { label: "หมายเหตุ", placeholder: "เหตุผลประกอบ (ถ้ามี)", minRows: 1, maxLength: 500, value: "" },
    { label: "หมายเหตุ", value: "ข้อความเดิม", disabled: true },
  ];
  for (const props of cases) {
    const all = { ...props, onChange: () => {} };
    const plain = markup(h(PlainTextarea, all));
    expect(sameId(plain), JSON.stringify(props)).toBe(sameId(markup(h(Textarea, { ...all, autosize: true }))));
    const [, forId] = /for="([^"]+)"/.exec(plain) ?? [];
    expect(plain).toMatch(new RegExp(`<textarea [^>]*id="${forId}"`));
  }
});

test("PlainUnstyledButton, PlainImage and PlainAnchor are Mantine's, as a row's photo and map link use them", () => {
  const image = { src: "/uploads/attendance/7/thumb", alt: "เข้างาน สมชาย", w: 40, h: 40, radius: "sm", fit: "cover" } as const;
  expect(markup(h(PlainUnstyledButton, { "aria-label": "ดูรูป", onClick: () => {} }, h(PlainImage, image)))).toBe(
    markup(h(UnstyledButton, { "aria-label": "ดูรูป", onClick: () => {} }, h(Image, image))),
  );
  for (const props of [image, { src: "/a.jpg", alt: "", w: 96, h: 96 }, { src: "/b.jpg", alt: "b", w: 32, h: 32, fit: "contain", radius: "xl" }] as const) {
    expect(markup(h(PlainImage, props)), JSON.stringify(props)).toBe(markup(h(Image, props)));
  }
  for (const props of [{ href: "https://maps.example/?q=1", target: "_blank", rel: "noreferrer", fz: "xs" }, { href: "/uploads/1", target: "_blank", rel: "noreferrer" }] as const) {
    expect(markup(h(PlainAnchor, props, "แผนที่")), JSON.stringify(props)).toBe(markup(h(Anchor, props, "แผนที่")));
  }
  // As a router link: what Mantine's `component` hands the link, PlainAnchor hands it too.
  const Link = ({ to, ...props }: { to: string }) => h("a", { ...props, href: to, "data-discover": "true" });
  for (const props of [{ component: Link, to: "/admin/employee/7", fz: "sm", fw: 500 }, { component: Link, to: "/admin/employee/7", fz: "sm", fw: 600 }] as const) {
    expect(markup(h(PlainAnchor, props, "สมชาย")), JSON.stringify(props.fw)).toBe(markup(h(Anchor, props, "สมชาย")));
  }
});

test("PlainPaper is Mantine's Paper with a border, as a calendar day draws it", () => {
  for (const bg of [undefined, "red.0", "gray.0", "teal"]) {
    const props = { withBorder: true, p: 4, h: "100%", bg };
    const { withBorder: _border, ...plain } = props;
    expect(markup(h(PlainPaper, plain, "ก")), JSON.stringify(props)).toBe(markup(h(Paper, props, "ก")));
  }
  const disabled = { onClick: () => {}, disabled: true, style: { minHeight: 72, opacity: 0.35 } };
  expect(markup(h(PlainUnstyledButton, disabled, "ก"))).toBe(markup(h(UnstyledButton, disabled, "ก")));
  const spaced = { gap: 2, style: { marginTop: "calc(0.125rem * var(--mantine-scale))" } };
  expect(markup(h(PlainGroup, spaced, "ก"))).toBe(markup(h(Group, { gap: 2, mt: 2 }, "ก")));
});

test("PlainActionIcon is Mantine's ActionIcon for the variants, colours and sizes icon buttons use", () => {
  const icon = h("svg", { width: 18 });
  for (const variant of ["subtle", "default", "light", "filled", "outline"] as const) {
    for (const color of [undefined, "gray", "red"]) {
      for (const size of [undefined, "sm", "lg"] as const) {
        for (const disabled of [undefined, true]) {
          const props = { variant, color, size, disabled, "aria-label": "การทำงาน", "aria-haspopup": "menu", "aria-expanded": false, onClick: () => {} };
          expect(markup(h(PlainActionIcon, props, icon)), JSON.stringify(props)).toBe(markup(h(ActionIcon, props, icon)));
        }
      }
    }
  }
});
