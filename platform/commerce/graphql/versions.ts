/**
 * Storefront API versions as Shopify names them: quarterly releases `YYYY-MM` (January, April,
 * July, October) and `unstable`. Shopify supports each stable version for at least 12 months, then
 * answers requests for it with the oldest one still supported. We serve one schema, a subset common
 * to all of them, so we keep answering every version from 2023-01 (clients in the wild pin anything
 * from then to now): 2023-01 is our oldest supported version. Add Shopify's releases as they come.
 */
export const SUPPORTED_VERSIONS = [
  "2023-01",
  "2023-04",
  "2023-07",
  "2023-10",
  "2024-01",
  "2024-04",
  "2024-07",
  "2024-10",
  "2025-01",
  "2025-04",
  "2025-07",
  "2025-10",
  "2026-01",
  "2026-04",
  "2026-07",
  "2026-10",
] as const;

export const UNSTABLE_VERSION = "unstable";
export const OLDEST_SUPPORTED_VERSION = SUPPORTED_VERSIONS[0];

/** The response header naming the version that answered, as Shopify sends it. */
export const API_VERSION_HEADER = "X-Shopify-API-Version";

const QUARTERLY = /^\d{4}-(01|04|07|10)$/;

/**
 * The version that answers a request for `requested`, or undefined (404) when there is none.
 * A supported version or `unstable` answers as itself. A retired one (well-formed, older than the
 * oldest supported) answers as the oldest supported, as Shopify "falls forward" rather than fail.
 * A malformed name, or a version newer than the newest we know (Shopify's next release, which we
 * cannot have), has none.
 */
export function answeringVersion(requested: string): string | undefined {
  if (requested === UNSTABLE_VERSION) return UNSTABLE_VERSION;
  if (!QUARTERLY.test(requested)) return undefined;
  if ((SUPPORTED_VERSIONS as readonly string[]).includes(requested)) return requested;
  // `YYYY-MM` names sort as the dates they are.
  return requested < OLDEST_SUPPORTED_VERSION ? OLDEST_SUPPORTED_VERSION : undefined;
}
