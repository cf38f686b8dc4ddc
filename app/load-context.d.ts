import "@remix-run/node";
import type { DomainError } from "~/lib/errors";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** This request's id (server.mjs): in every log line of it, and the reference an error page shows. */
    requestId?: string;
    /** server.mjs answers the request with this error (a 503) instead of Remix's 500. */
    reportStorageFailure?: (failure: DomainError) => void;
  }
}
