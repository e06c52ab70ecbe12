import type { MiddlewareHandler } from "hono";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * The `Host` values a production server answers to: PUBLIC_URL's, the ALLOWED_HOSTS, and, for a
 * shop left on its laptop origin (`http://localhost:PORT`), the loopback addresses at that port.
 * Each with and without the scheme's default port, as clients may send either.
 */
export function allowedHosts(publicUrl: string, extra: readonly string[] = []): Set<string> {
  const url = new URL(publicUrl);
  const names = url.hostname === "localhost" ? LOOPBACK_NAMES : [url.hostname];
  const port = url.port || DEFAULT_PORTS[url.protocol];
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(url.port ? `${name}:${url.port}` : name);
    if (port === DEFAULT_PORTS[url.protocol]) hosts.add(`${name}:${port}`);
  }
  for (const host of extra) hosts.add(host.toLowerCase());
  return hosts;
}

/**
 * Production answers only under the shop's own names: a request for another Host gets 400. Links
 * never come from Host (they come from PUBLIC_URL), but a page rendered for a forged Host, or a
 * redirect built by a library from it, must not reach a shopper or the page cache. Health checks
 * are mounted before this rule, so a load balancer may probe by address.
 */
export function trustedHost(options: {
  publicUrl: string;
  allowedHosts?: readonly string[];
}): MiddlewareHandler {
  const hosts = allowedHosts(options.publicUrl, options.allowedHosts);
  return async (c, next) => {
    // @hono/node-server builds the request's URL from its Host header.
    const host = new URL(c.req.url).host.toLowerCase();
    if (!hosts.has(host)) return c.text("Bad Request: unknown host", 400);
    return next();
  };
}
