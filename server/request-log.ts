import type { MiddlewareHandler } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import type { Logger } from "#server/logger.ts";

/**
 * One structured line per request. Only the path is logged, never the query string (it can carry
 * the site password) nor headers (cookies, tokens).
 */
export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        cache: c.res.headers.get("x-cache") ?? undefined,
      },
      "request",
    );
  };
}
