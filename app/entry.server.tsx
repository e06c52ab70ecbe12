import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
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

  const state = loadContext.get(serverContext);
  const { nonce, logger } = state;
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
          if (shellRendered) {
            state.errorLogged = true;
            logger.error({ err: error, reqId: state.requestId }, "page rendering failed");
          }
        },
      },
    );
  });
}

/**
 * Errors of loaders, actions and rendering, logged through the server's logger rather than
 * React Router's default `console.error`: its error serializer keeps SQL text and query
 * parameters (customer data) out of the logs (server/log-errors.ts). One line per failure, with
 * the request id and the cause, whatever was thrown (a string or a plain object is no `Error`,
 * and pino would log it without a message or a stack). A request the client gave up on is
 * still logged, as a warning: its answer was an error too.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const state = (context as RouterContextProvider).get(serverContext);
  // An ErrorResponse React Router made of a thrown error (a 405, a bad request) carries it.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  const line = {
    err: cause instanceof Error ? cause : new Error(`non-Error thrown: ${describeThrown(cause)}`),
    reqId: state.requestId,
    path: new URL(request.url).pathname,
  };
  state.errorLogged = true;
  if (request.signal.aborted) state.logger.warn(line, "request failed after the client left");
  else state.logger.error(line, "request failed");
};

function describeThrown(value: unknown): string {
  try {
    return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}
