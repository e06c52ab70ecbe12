import { webManifest } from "#app/lib/layout/site-icons.ts";
import { shopIdentity } from "#platform/shop-identity.ts";

/**
 * /site.webmanifest: the web app manifest, with the shop's name as configured (`SHOP_TRADE_NAME`,
 * platform/shop-identity.ts) and its colours; the icons it lists are files of public/.
 */
export function loader() {
  return new Response(JSON.stringify(webManifest(shopIdentity().tradeName)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
