import { invalidateContentCache } from "#app/lib/content.server.ts";
import type { Db } from "#db/client.ts";
import type { StorefrontApiOptions } from "#platform/commerce/index.ts";
import { createContentApi } from "#platform/content/index.ts";
import { configureService } from "#platform/services.ts";
import { onlineStoreContent } from "#server/online-store-content.ts";
import { catalogueSearch } from "#server/storefront-api-wiring.ts";

/**
 * For tests and tools that run the Storefront API in-process as the server serves it: the
 * content service answering on `db` (menus, pages, blog), read through the content port, and the
 * search module behind the search port. Give these options to the API you build.
 */
export function servedStorefrontOptions(db: Db): Pick<StorefrontApiOptions, "content" | "search"> {
  const token = "in-process-content-token";
  const content = createContentApi({ db, accessToken: token });
  configureService("content", {
    baseUrl: "http://content.embedded",
    handler: (request) => content.fetch(request),
    headers: { Authorization: `Bearer ${token}` },
  });
  invalidateContentCache();
  return { content: onlineStoreContent(), search: catalogueSearch(db) };
}
