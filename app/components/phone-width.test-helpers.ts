import { PHONE_QUERY } from "./PhoneCards";

/** Makes window.matchMedia answer as a phone (390 px wide) until the returned function is called. */
export function atPhoneWidth(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: query === PHONE_QUERY, media: query });
  return () => {
    window.matchMedia = original;
  };
}
