import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from "@mantine/core";

/**
 * Other names people type for a province: the official two-letter abbreviations of the larger
 * provinces and a few everyday names. Keys are the province's `name_th`.
 */
export const PROVINCE_ALIASES: Record<string, readonly string[]> = {
  กรุงเทพมหานคร: ["กทม", "กรุงเทพ", "กรุงเทพฯ", "bkk"],
  นครราชสีมา: ["โคราช", "นม", "korat"],
  พระนครศรีอยุธยา: ["อยุธยา", "อย"],
  เชียงใหม่: ["ชม"],
  เชียงราย: ["ชร"],
  ขอนแก่น: ["ขก"],
  ชลบุรี: ["ชบ"],
  ภูเก็ต: ["ภก"],
  สงขลา: ["สข"],
  นนทบุรี: ["นบ"],
  ปทุมธานี: ["ปท"],
  สมุทรปราการ: ["สป"],
  นครปฐม: ["นฐ"],
  นครศรีธรรมราช: ["นศ", "นครศรี"],
  อุบลราชธานี: ["อบ", "อุบล"],
  อุดรธานี: ["อด", "อุดร"],
  สุราษฎร์ธานี: ["สฎ"],
};

/** Lower case, without dots, spaces and a leading "จ." / "จังหวัด", so "จ.กทม." finds กทม. */
export function normalizePlace(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^(จังหวัด|จ\.)\s*/, "")
    .replace(/[.\s]/g, "");
}

export type PlaceNames = { th: string; en: string; aliases?: readonly string[] };

/** Whether typing `search` should offer this place: Thai or English name, or an alias. */
export function placeMatches(search: string, place: PlaceNames): boolean {
  const wanted = normalizePlace(search);
  if (!wanted) return true;
  if (normalizePlace(place.th).includes(wanted) || normalizePlace(place.en).includes(wanted)) return true;
  return (place.aliases ?? []).some((alias) => normalizePlace(alias).startsWith(wanted));
}

/** A Mantine Select filter over `names` (keyed by option value); options without names match by label. */
export function placeFilter(names: ReadonlyMap<string, PlaceNames>): OptionsFilter {
  return ({ options, search }) => {
    const keep = (option: ComboboxParsedItem): option is ComboboxItem => {
      if ("group" in option) return false;
      return placeMatches(search, names.get(option.value) ?? { th: option.label, en: "" });
    };
    return options.filter(keep);
  };
}
