import { readCookie } from "#app/lib/cookies.ts";
import { PROVINCE_COOKIE } from "#app/lib/page-cookies.ts";

/**
 * Whether the visitor chose a delivery address outside Paris: the order-mode modal then sets the
 * `isProvince` cookie (ordering-and-server.md §3), and listings show the province assortment. The
 * page cache keys on the same cookie (server/rules/page-cache.ts), so both stay in step.
 */
export function isProvinceVisitor(request: Request): boolean {
  return readCookie(request, PROVINCE_COOKIE) === "true";
}
