/**
 * The first `count` user-perceived characters (graphemes) of a name, for avatars. Slicing UTF-16
 * units cuts an emoji in half, which the server sends as U+FFFD and the browser hydrates as the
 * half surrogate: a hydration error and a broken initial.
 */
export function initials(name: string, count = 1): string {
  const text = name.trim();
  if (typeof Intl !== "undefined" && typeof Intl.Segmenter === "function") {
    const graphemes: string[] = [];
    for (const { segment } of graphemeSegmenter(Intl.Segmenter).segment(text)) {
      graphemes.push(segment);
      if (graphemes.length === count) break;
    }
    return graphemes.join("");
  }
  return Array.from(text).slice(0, count).join("");
}

let cached: { of: typeof Intl.Segmenter; segmenter: Intl.Segmenter } | null = null;

/** One segmenter for every call: building one loads ICU data, which cost more than a list row's whole render. */
function graphemeSegmenter(of: typeof Intl.Segmenter): Intl.Segmenter {
  if (cached?.of !== of) cached = { of, segmenter: new of(undefined, { granularity: "grapheme" }) };
  return cached.segmenter;
}
