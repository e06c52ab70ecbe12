import { serviceFetch } from "#app/lib/services.server.ts";

/** The Storefront API version the shop speaks (storefront.md §7). */
export const STOREFRONT_API_VERSION = "2024-01";

export class StorefrontError extends Error {
  readonly errors: unknown[];
  constructor(message: string, errors: unknown[] = []) {
    super(message);
    this.errors = errors;
  }
}

/**
 * Sends one GraphQL document to the commerce service's Storefront API and returns its `data`.
 * Top-level errors throw a `StorefrontError`; `userErrors` are data, left to the caller.
 */
export async function storefrontQuery<T>(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await serviceFetch("commerce", `/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  let body: { data?: T; errors?: unknown[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new StorefrontError(`Storefront API answered ${response.status} without JSON`);
  }
  if (!response.ok || body.errors?.length || body.data === undefined) {
    throw new StorefrontError(
      `Storefront API error (${response.status})`,
      body.errors ?? [{ status: response.status }],
    );
  }
  return body.data;
}
