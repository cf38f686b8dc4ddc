// Which request an unexpected error on a page came from (docs/decisions/054-metrics-and-request-logs.md).
// In production Remix hands the page a bare `Error("Unexpected Server Error")` instead of the one
// thrown on the server. When this document's own loaders failed, the reference is the request id
// the root loader returned; when a later navigation's or form's data request failed, server.mjs
// put the id in the message: `Unexpected Server Error (ref abc123def456)`.

/** Remix's message for any error thrown on the server, in production. */
export const SANITIZED_SERVER_ERROR = "Unexpected Server Error";

const IN_MESSAGE = /\(ref ([A-Za-z0-9-]{8,64})\)$/;

/** The reference to show for `error`, or null (an error response with a status, or one from the browser itself). */
export function errorReference(error: unknown, documentRequestId: string | null | undefined): string | null {
  if (!(error instanceof Error)) return null;
  const inMessage = IN_MESSAGE.exec(error.message);
  if (inMessage) return inMessage[1];
  return error.message === SANITIZED_SERVER_ERROR ? (documentRequestId ?? null) : null;
}
