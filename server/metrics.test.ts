import { describe, expect, it } from "vitest";
import { routeKind } from "#server/metrics.ts";

describe("routeKind", () => {
  it("sorts every path into a few kinds, never the path itself", () => {
    const kinds = {
      "/": "page",
      "/p/comte-affine/": "page",
      "/checkout/abc/": "api-storefront",
      "/sitemap.xml": "page",
      "/c/fromagerie/_.data": "data",
      "/visitor.json": "data",
      "/__manifest": "data",
      "/api/2024-01/graphql.json": "api-storefront",
      "/api/unstable/graphql": "api-storefront",
      "/cart.js": "api-storefront",
      "/cart/add.js": "api-storefront",
      "/api/search/predictive": "api-storefront",
      "/ordering/Restaurant/DeliverySlots/101": "api-ordering",
      "/api/flipdish/stores": "api-ordering",
      "/content/spaces/x/entries": "api-content",
      "/content-management/spaces/x": "api-content",
      "/content-preview/spaces/x/entries": "api-content",
      "/assets/entry-AbC123.js": "asset",
      "/favicon.ico": "asset",
      "/robots.txt": "asset",
      "/cdn/images/p/comte.webp": "image",
      "/api/images/delete": "image",
      "/middleware/dashboard/": "admin",
      "/MiddleWare/orders.data": "admin",
      "/healthz": "health",
      "/readyz": "health",
      "/metrics": "health",
      "/api/db/user/favourites": "other",
      "/api/purge": "other",
    } as const;
    for (const [path, kind] of Object.entries(kinds))
      expect([path, routeKind(path)]).toEqual([path, kind]);
  });
});
