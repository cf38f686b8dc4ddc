import { finished } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { htmlBody } from "./lib/html-stream.server";
import { pageRenders } from "./lib/page-renders.server";
import { NonceProvider } from "./lib/nonce";
import { sqliteCode, storageFailure } from "./lib/storage-errors.server";

export { onServerStart, onServerStop } from "./server/startup.server";

const ABORT_DELAY = 5_000;

/**
 * An uncaught loader/action error. A storage failure (disk full, data folder read-only, ...) is
 * not a bug: it is logged in one line and server.mjs answers 503 in Thai instead of a 500.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const failure = storageFailure(error);
  if (failure) {
    console.warn(`storage failure (${sqliteCode(error)}) on ${request.method} ${new URL(request.url).pathname}: ${error instanceof Error ? error.message : ""}`);
    context.reportStorageFailure?.(failure);
    return;
  }
  if (!request.signal.aborted) {
    // Remix's default: a thrown route error response carries the original error in `error`.
    const inner: unknown = isRouteErrorResponse(error) && "error" in error ? error.error : undefined;
    console.error(inner ?? error);
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
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    // The slot is held until the whole document has gone through the body stream.
    void pageRenders(
      () =>
        new Promise<void>((rendered) => {
          let shellRendered = false;
          try {
            const { pipe, abort } = renderToPipeableStream(
              <NonceProvider value={nonce}>
                <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
              </NonceProvider>,
              {
                nonce,
                [waitForAll ? "onAllReady" : "onShellReady"]() {
                  shellRendered = true;
                  const body = htmlBody();
                  finished(body, () => rendered());
                  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                  resolve(
                    new Response(createReadableStreamFromReadable(body), {
                      headers: responseHeaders,
                      status: responseStatusCode,
                    }),
                  );
                  pipe(body);
                },
                onShellError(error: unknown) {
                  rendered();
                  reject(error);
                },
                onError(error: unknown) {
                  responseStatusCode = 500;
                  if (shellRendered) console.error(error);
                },
              },
            );
            setTimeout(abort, ABORT_DELAY);
          } catch (error) {
            rendered();
            reject(error);
          }
        }),
    );
  });
}
