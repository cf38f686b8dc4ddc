import { within } from "@testing-library/react";
import { expect } from "vitest";
import { PHONE_QUERY } from "./PhoneCards";

/** Makes window.matchMedia answer as a phone (390 px wide) until the returned function is called. */
export function atPhoneWidth(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: query === PHONE_QUERY, media: query });
  return () => {
    window.matchMedia = original;
  };
}

/**
 * A card shows `name` before anything else it says (its fields and its controls), and its
 * controls sit in the card itself, not behind a scrolled-away column. Returns the card's queries.
 */
export function expectCardNameFirst(card: HTMLElement, name: string) {
  const parts = card.querySelectorAll("[data-card-title], [data-card-actions], [data-card-field]");
  expect(parts[0]).toHaveAttribute("data-card-title");
  expect(parts[0]).toHaveTextContent(name);
  return within(card);
}
