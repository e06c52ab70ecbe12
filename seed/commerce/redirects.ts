import { commerceUrlRedirect } from "#platform/commerce/tables.ts";
import type { Seeder } from "#seed/seeder.ts";

/**
 * The demo URL redirects (docs/demo-data.md): old addresses of two real pages, as a shop that
 * moved from another platform keeps them. The storefront follows them (a 301 where the old
 * address would answer 404), and the Storefront API answers them to Hydrogen's
 * `storefrontRedirect` (the demo visit of platform/commerce/graphql/compatibility/hydrogen-starter.ts asks for
 * the first).
 */
export const DEMO_REDIRECTS = [
  { path: "/pages/notre-magasin", target: "/magasin/" },
  { path: "/blogs/recettes", target: "/blog/" },
] as const;

export const redirectsSeeder: Seeder = {
  name: "redirects",
  tables: [commerceUrlRedirect],
  async run(tx, _random, { now }) {
    await tx.insert(commerceUrlRedirect).values(
      DEMO_REDIRECTS.map((redirect) => ({
        ...redirect,
        updatedBy: "demo",
        createdAt: now,
        updatedAt: now,
      })),
    );
  },
};
