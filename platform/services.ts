/**
 * How the storefront (and the back office) reach the platform services and the shop's own API:
 * one code path, two transports (DESIGN.md §3).
 * The server registers each service at boot — embedded ones with an in-process handler (no
 * socket), remote ones with a base URL — and the storefront's typed clients call `serviceFetch`.
 * Credentials stay here, on the server: they are added to requests, never sent to the browser.
 */
import { processGlobal } from "#platform/process-global.ts";

/**
 * The four services, `contentPreview` (the content service's Preview API, with its own token,
 * for pages rendered with the drafts), and `api`: the shop's own API routes (`/api/…`, server/api/).
 */
export type ServiceName = "commerce" | "content" | "contentPreview" | "ordering" | "search" | "api";

export type ServiceConfig = {
  /** Base URL of the service; for an embedded one, any origin (requests never leave). */
  baseUrl: string;
  /** Answers requests in-process when the service is embedded. */
  handler?: (request: Request) => Response | Promise<Response>;
  /** Headers every call carries (access tokens). */
  headers?: Record<string, string>;
};

// The server and the storefront bundle each load this module: both must see the same registry.
const registry = () => processGlobal("services", () => new Map<ServiceName, ServiceConfig>());

export function configureService(name: ServiceName, config: ServiceConfig) {
  registry().set(name, config);
}

/** How a service is reached now (a test wraps its handler to see what the storefront asks). */
export function serviceConfig(name: ServiceName): ServiceConfig | undefined {
  return registry().get(name);
}

export async function serviceFetch(
  name: ServiceName,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const config = registry().get(name);
  if (!config) throw new Error(`The ${name} service is not configured`);
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(config.headers ?? {})) headers.set(key, value);
  const request = new Request(new URL(path, config.baseUrl), { ...init, headers });
  return config.handler ? config.handler(request) : fetch(request);
}
