// No zod here: the push log on the employee page labels messages without the schema bundle.

/** A short Thai label for a message object (table cells, preview of non-text types). */
export function describeMessage(message: Record<string, unknown>): string {
  switch (message.type) {
    case "text":
      return String(message.text ?? "");
    case "sticker":
      return "[สติกเกอร์]";
    case "image":
      return "[รูปภาพ]";
    case "video":
      return "[วิดีโอ]";
    case "audio":
      return "[เสียง]";
    case "location":
      return `[ตำแหน่ง] ${String(message.title ?? "")}`;
    default:
      return `[${String(message.altText ?? message.type ?? "ข้อความ")}]`;
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The lines a bubble's part shows: each text on its own line, except a row of texts (a
 * label/value box, "baseline" or "horizontal") which reads as one line, `label: value`.
 */
function partLines(node: unknown): string[] {
  if (!isObject(node)) return [];
  if (node.type === "text") {
    const text = typeof node.text === "string" ? node.text.trim() : "";
    return text ? [text] : [];
  }
  if (node.type !== "box" || !Array.isArray(node.contents)) return [];
  const children = node.contents.filter(isObject);
  if ((node.layout === "baseline" || node.layout === "horizontal") && children.length > 1 && children.every((c) => c.type === "text")) {
    const texts = children.flatMap(partLines);
    return texts.length ? [texts.join(": ")] : [];
  }
  return children.flatMap(partLines);
}

function bubbleLines(bubble: unknown): string[] {
  if (!isObject(bubble)) return [];
  return ["header", "body"].flatMap((part) => partLines(bubble[part]));
}

export type FlexSummary = { altText: string; lines: string[]; more: number };

/**
 * A Flex message as a person reads it: its altText and the texts of its (first) bubble's header
 * and body, label/value rows on one line each. `more` counts a carousel's further bubbles.
 * Null for any other message type.
 */
export function summarizeFlex(message: Record<string, unknown>): FlexSummary | null {
  if (message.type !== "flex") return null;
  const contents = message.contents;
  const altText = typeof message.altText === "string" ? message.altText : "";
  if (isObject(contents) && contents.type === "carousel" && Array.isArray(contents.contents)) {
    return { altText, lines: bubbleLines(contents.contents[0]), more: Math.max(0, contents.contents.length - 1) };
  }
  return { altText, lines: bubbleLines(contents), more: 0 };
}
