// "แชร์ให้ทีม": a Thai Flex card to a chat the employee picks with LIFF's share target picker.
// Outside LINE the SDK opens LINE's own picker in a popup and waits for its answer itself.
import { initLiff, type LiffOptions } from "./liff-client";

type Liff = (typeof import("@line/liff"))["default"];
export type ShareMessages = Parameters<Liff["shareTargetPicker"]>[0];
export type ShareOutcome = "shared" | "cancelled";

/** Whether this LINE app (or browser) can open the share target picker. */
export async function canShare(options: LiffOptions) {
  try {
    return (await initLiff(options)).isApiAvailable("shareTargetPicker");
  } catch {
    // No LIFF here (a plain browser, LIFF not reachable): the button is not offered.
    return false;
  }
}

/** Opens the picker; a closed picker is "cancelled", not an error. LIFF's own failures are thrown. */
export async function shareToChat(options: LiffOptions, messages: ShareMessages): Promise<ShareOutcome> {
  const liff = await initLiff(options);
  const result = await liff.shareTargetPicker(messages, { isMultiple: true });
  return result ? "shared" : "cancelled";
}

const text = (value: string, extra: Record<string, unknown> = {}) => ({ type: "text" as const, text: value, wrap: true, ...extra });

/**
 * A card of who, what and when only: nothing private (no reason, no photo, no place), since it
 * goes to a chat of the employee's choosing.
 */
export function shareCard(card: { title: string; name: string; lines: string[]; color: string }): ShareMessages {
  return [
    {
      type: "flex",
      altText: `${card.name} ${card.title}`,
      contents: {
        type: "bubble",
        size: "kilo",
        header: {
          type: "box",
          layout: "vertical",
          backgroundColor: card.color,
          paddingAll: "12px",
          contents: [text(card.title, { color: "#FFFFFF", weight: "bold", size: "md" })],
        },
        body: {
          type: "box",
          layout: "vertical",
          spacing: "sm",
          contents: [text(card.name, { weight: "bold", size: "md" }), ...card.lines.map((line) => text(line, { size: "sm", color: "#444444" }))],
        },
      },
    },
  ];
}
