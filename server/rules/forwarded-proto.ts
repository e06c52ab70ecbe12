import type { Context } from "hono";
import { type IpMatcher, peerAddress } from "./client-ip.ts";

/**
 * The request as the browser made it. Behind a TLS-terminating proxy the server sees
 * `http://…`, while the browser's `Origin` says `https://…`: React Router would take every form
 * post for a cross-site one and refuse it. A trusted proxy's `X-Forwarded-Proto: https` restores
 * the scheme; anyone else's is ignored.
 */
export function asBrowserSaw(c: Context, isTrustedProxy: IpMatcher): Request {
  const request = c.req.raw;
  const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const peer = peerAddress(c);
  if (proto !== "https" || peer === undefined || !isTrustedProxy(peer)) return request;
  const url = new URL(request.url);
  if (url.protocol === "https:") return request;
  url.protocol = "https:";
  return new Request(url, request);
}
