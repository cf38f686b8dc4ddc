import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { bytesResponse } from "~/http/answers.server";
import { logger } from "./lib/log.server";
import { pageRenders } from "./lib/page-renders.server";
import { NonceProvider } from "./lib/nonce";
import { sqliteCode, storageFailure } from "./lib/storage-errors.server";

export { onServerStart, onServerStop } from "~/jobs/startup.server";
// For server.mjs: the one logger and request scope, and the metrics (ADR 054).
export { inRequest, logger } from "./lib/log.server";
export { metricsAnswer, observeRequest } from "./lib/metrics.server";

/**
 * An uncaught loader/action error. A storage failure (disk full, data folder read-only, ...) is
 * not a bug: it is logged in one line and server.mjs answers 503 in Thai instead of a 500.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const failure = storageFailure(error);
  if (failure) {
    logger.warn(`storage failure (${sqliteCode(error)}) on ${request.method} ${new URL(request.url).pathname}: ${error instanceof Error ? error.message : ""}`);
    context.reportStorageFailure?.(failure);
    return;
  }
  if (!request.signal.aborted) {
    // Remix's default: a thrown route error response carries the original error in `error`.
    const inner: unknown = isRouteErrorResponse(error) && "error" in error ? error.error : undefined;
    logger.error({ err: inner ?? error }, `unexpected error on ${request.method} ${new URL(request.url).pathname}`);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  return pageRenders(async () => {
    // Renders queued for a slot start on the next turn of the event loop, so that the requests
    // waiting in it (a check-in, an API read) are served between two pages.
    await new Promise((resolve) => setImmediate(resolve));
    // One string, not a stream: no route defers data and server.mjs sends pages whole, so React's
    // stream only added chunks and hops between streams to every page (ADR 030).
    const html = renderToString(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
    );
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return bytesResponse(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
  });
}
