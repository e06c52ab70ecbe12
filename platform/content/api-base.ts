import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { CONTENT_ERROR_STATUS, ContentError } from "#platform/content/errors.ts";

export { notFound } from "#platform/content/errors.ts";

export type ContentEnv = { Variables: { requestId: string } };
export type ContentScope = { space: string; environment: string };

/**
 * What the content service's APIs (delivery and management) share: a request id, Contentful's
 * error shape for every `ContentError`, and a token check. `readToken` says where a token may be
 * sent (the delivery API also takes `?access_token=`).
 */
export function contentApiBase(
  basePath: string,
  token: string,
  readToken: (c: Context<ContentEnv>) => string | undefined = bearerToken,
) {
  const expected = digest(token);
  const api = new Hono<ContentEnv>().basePath(basePath);

  api.onError((error, c) => {
    if (!(error instanceof ContentError)) throw error;
    const body = {
      sys: { type: "Error", id: error.id },
      message: error.message,
      details: error.details,
      requestId: c.get("requestId"),
    };
    return c.json(body, CONTENT_ERROR_STATUS[error.id]);
  });

  api.use("*", async (c, next) => {
    const requestId = randomUUID();
    c.set("requestId", requestId);
    c.header("X-Contentful-Request-Id", requestId);
    const sent = readToken(c);
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      throw new ContentError(
        "AccessTokenInvalid",
        "The access token you sent could not be found or is invalid.",
      );
    }
    await next();
  });
  return api;
}

export function bearerToken(c: Context<ContentEnv>): string | undefined {
  const header = c.req.header("authorization");
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1];
}

/** Tokens are compared as SHA-256 digests, so the comparison takes the same time at any length. */
const digest = (token: string) => createHash("sha256").update(token).digest();
