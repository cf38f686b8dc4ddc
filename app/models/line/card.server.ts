// The flex card every LINE notice uses: a coloured header with a title, then label/value rows.
import { env } from "~/lib/env.server";
import { liffPageUrl as liffUrl } from "~/lib/liff-url";
import type { LineMessage } from "~/lib/line.server";

export const NEGATIVE_COLOR = "#E03131";
const LABEL_COLOR = "#868E96";
const TEXT_COLOR = "#212529";

/** LINE's limit for a flex message's altText. */
export const MAX_ALT_TEXT = 400;
/** Longest reason or note shown on the card; the full text stays in the app. */
export const MAX_CARD_TEXT = 300;

/** Cuts to `max` characters (whole code points), ending with … when cut. */
export function truncate(text: string, max: number) {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function cardRow(label: string, value: string, color = TEXT_COLOR) {
  return {
    type: "box",
    layout: "baseline",
    spacing: "sm",
    contents: [
      { type: "text", text: label, size: "sm", color: LABEL_COLOR, flex: 2 },
      // LINE refuses an empty text component.
      { type: "text", text: value.trim() || "-", size: "sm", color, wrap: true, flex: 5 },
    ],
  };
}

export type CardButton = {
  label: string;
  style: "primary" | "secondary";
  color?: string;
} & (
  | {
      /** Postback data the webhook receives when the button is tapped. */
      data: string;
      /** Shown in the chat as the tapper's message, so the group sees who pressed what. */
      displayText: string;
    }
  | { uri: string }
);

function footerOf(buttons: CardButton[], layout: "horizontal" | "vertical") {
  return {
    type: "box",
    layout,
    spacing: "sm",
    contents: buttons.map((b) => ({
      type: "button",
      style: b.style,
      height: "sm",
      ...(b.color ? { color: b.color } : {}),
      action: "uri" in b ? { type: "uri", label: b.label, uri: b.uri } : { type: "postback", label: b.label, data: b.data, displayText: b.displayText },
    })),
  };
}

export type LiffPage = "checkin-out" | "petition" | "vending-machine" | "overtime";

/** The LIFF page an employee opens from a card (`https://liff.line.me/<LIFF_ID>/<page>`); none in demo mode. */
export function liffPageUrl(page: LiffPage): string | null {
  const liffId = env().LIFF_ID;
  return liffId ? liffUrl(liffId, page) : null;
}

/** A button that opens an employee's LIFF page (no button in demo mode). */
export function liffButtons(label: string, page: LiffPage): CardButton[] {
  const uri = liffPageUrl(page);
  return uri ? [{ label, uri, style: "primary" }] : [];
}

/**
 * A bubble with the title on a `color` header and the rows as its body, and buttons (postback or
 * a LIFF page) in the footer when given, side by side or (`buttonLayout: "vertical"`, for long
 * labels) one under another; altText on one line, within LINE's limit.
 */
export function flexCard(input: {
  title: string;
  color: string;
  rows: ReturnType<typeof cardRow>[];
  altText: string;
  buttons?: CardButton[];
  buttonLayout?: "horizontal" | "vertical";
}): LineMessage {
  return {
    type: "flex",
    altText: truncate(oneLine(input.altText), MAX_ALT_TEXT),
    contents: {
      type: "bubble",
      header: {
        type: "box",
        layout: "vertical",
        backgroundColor: input.color,
        contents: [{ type: "text", text: input.title, weight: "bold", size: "lg", color: "#FFFFFF" }],
      },
      body: { type: "box", layout: "vertical", spacing: "sm", contents: input.rows },
      ...(input.buttons?.length ? { footer: footerOf(input.buttons, input.buttonLayout ?? "horizontal") } : {}),
    },
  };
}
