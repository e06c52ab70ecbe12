import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { islandsLoaded } from "#app/components/layout/island.tsx";
import { serverContext } from "#app/lib/server-context.ts";

/**
 * React Router's default Node entry, plus the page's Content-Security-Policy nonce (issue 16):
 * `<ServerRouter nonce>` hands it to `<Scripts>`, `<ScrollRestoration>` and the streamed data
 * scripts, and React puts it on its own inline scripts and styles. The nonce comes from the server
 * (server/rules/security-headers.ts), which sends the CSP that names it.
 */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD — the same headers as the page, without it.
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce, logger } = loadContext.get(serverContext);
  // Islands render inline on the server: their modules must be in (decision 020).
  await islandsLoaded();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA mode wait for all content; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Aborted after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce: nonce === undefined ? undefined : { script: nonce, style: nonce },
        // A Suspense boundary that is complete stays where it is in the document: by default
        // React moves one of more than 500 bytes past the first 12.8 kB to a hidden element
        // revealed by a script, which a browser without JavaScript never shows (islands,
        // decision 020).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Cleared so the closure is not kept (memory) once the stream ends.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; these come after it.
          if (shellRendered) logger.error({ err: error }, "page rendering failed");
        },
      },
    );
  });
}

/**
 * Errors of loaders, actions and rendering, logged through the server's logger rather than
 * React Router's default `console.error`: its error serializer keeps SQL text and query
 * parameters (customer data) out of the logs (server/log-errors.ts). A request the client gave
 * up on is no error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger } = (context as RouterContextProvider).get(serverContext);
  logger.error({ err: error, path: new URL(request.url).pathname }, "request failed");
};
