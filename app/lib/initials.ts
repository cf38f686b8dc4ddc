/**
 * The first `count` user-perceived characters (graphemes) of a name, for avatars. Slicing UTF-16
 * units cuts an emoji in half, which the server sends as U+FFFD and the browser hydrates as the
 * half surrogate: a hydration error and a broken initial.
 */
export function initials(name: string, count = 1): string {
  const text = name.trim();
  if (typeof Intl !== "undefined" && typeof Intl.Segmenter === "function") {
    const graphemes: string[] = [];
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) {
      graphemes.push(segment);
      if (graphemes.length === count) break;
    }
    return graphemes.join("");
  }
  return Array.from(text).slice(0, count).join("");
}
