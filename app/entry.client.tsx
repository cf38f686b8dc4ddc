import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { setAppTimeZone } from "./lib/thai-date";

// Before the first render, so the browser formats dates in the zone the server rendered them in.
const timeZone = document.documentElement.dataset.timeZone;
if (timeZone) setAppTimeZone(timeZone);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
