/**
 * Whether the browser that asked for a page is a phone, from what it says of itself: Chromium's
 * `Sec-CH-UA-Mobile` (?1 / ?0), else the user agent's "Mobi" (the marker browsers use for phones,
 * LINE's in-app browser included). Null when neither tells (a script, an unknown client).
 * Only a hint for the server's first render: the page follows the real width once it runs.
 */
export function phoneHint(headers: Headers): boolean | null {
  const mobile = headers.get("sec-ch-ua-mobile")?.trim();
  if (mobile === "?1") return true;
  if (mobile === "?0") return false;
  const agent = headers.get("user-agent");
  if (!agent || !agent.startsWith("Mozilla/")) return null;
  return /Mobi/i.test(agent);
}
