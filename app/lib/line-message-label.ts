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
