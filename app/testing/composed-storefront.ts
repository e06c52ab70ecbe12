/**
 * The storefront's integration-test harness: the composed server (`#server/testing.ts`) over a
 * test database seeded with the demo data. Kept out of `app/routes/`, which holds only route
 * modules.
 */
import type { SQL } from "drizzle-orm";
import { createTestDatabase } from "#db/testing/index.ts";
import { composedShops } from "#server/testing.ts";

/** The address a shopper's requests come from, unless a test says otherwise. */
export const SHOPPER_ADDRESS = "203.0.113.9";

export type Row = Record<string, unknown>;

export type ComposedStorefront = Awaited<ReturnType<typeof composeStorefront>>;

/**
 * The whole server in-process for the storefront's integration tests: a test database seeded
 * with the demo data (seed 1), the storefront loaded through Vite, the real rules and services.
 * `request` sends a request without following redirects, from `remoteAddress` (a shopper's
 * address by default); `pageCache` is the server's page cache; `rows` runs a query; `close`
 * stops Vite and closes the database.
 */
export async function composeStorefront(
  options: { env?: Record<string, string>; remoteAddress?: string } = {},
) {
  const database = await createTestDatabase({ seeded: true });
  let shops: Awaited<ReturnType<typeof composedShops>>;
  try {
    shops = await composedShops(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { app, request, pageCache } = shops.shop(
    { ...options.env },
    { remoteAddress: options.remoteAddress ?? SHOPPER_ADDRESS },
  );
  const rows = async (query: SQL): Promise<Row[]> =>
    ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const close = async () => {
    await shops.close();
    await database.close();
  };
  return { database, app, request, pageCache, rows, close };
}
