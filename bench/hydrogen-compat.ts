/**
 * `npm run compat:hydrogen`: the official Hydrogen starter against our Storefront API (issue 21).
 * Starts the API in-process on a throw-away PGlite holding the demo data, sends every Storefront
 * API document of the starter as the starter would, and prints one line per document — OK, or the
 * first error — as a Markdown table, then the list of passing documents for the ratchet of
 * platform/commerce/graphql/compatibility/hydrogen-starter.int.test.ts; `-- --details` adds every error of
 * each failing document. Exits 0 whatever the results: it reports progress, the test guards it.
 */
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { storefrontApi } from "#platform/commerce/index.ts";
import {
  demoVisit,
  formatHydrogenReport,
  runHydrogenStarter,
  STARTER_API_VERSION,
} from "#platform/commerce/testing.ts";
import { SEED_NOW, seedDatabase } from "#seed/index.ts";
import { pickupModeAttributes, servedStorefrontOptions } from "#server/storefront-api-testing.ts";

const TOKEN = "hydrogen-compat-public-token";
const ORIGIN = "http://localhost:3000";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

console.error("Seeding a throw-away PGlite with the demo data…");
const database = await openDatabase();
try {
  await migrate(database);
  await seedDatabase(database, { seed: 1 });
  const api = storefrontApi({
    db: database.db,
    // Menus, pages, the blog and search, as the server wires them (server/platform.ts).
    ...servedStorefrontOptions(database.db),
    publicToken: TOKEN,
    privateToken: `${TOKEN}-private`,
    publicOrigin: ORIGIN,
    // The demo data's clock, as the ratchet test runs.
    now: () => SEED_NOW,
    // Internal messages in the answers, where the report shows them; nothing on the console.
    exposeErrors: true,
    logging: quiet,
  });
  const send = async (query: string, variables: Record<string, unknown>) => {
    const res = await api.request(`${ORIGIN}/api/${STARTER_API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-storefront-access-token": TOKEN },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const visit = await demoVisit(send);
  // The order mode the shop's storefront would write on the cart: its delivery options follow.
  visit.orderMode = await pickupModeAttributes(database.db, SEED_NOW);
  const results = await runHydrogenStarter(send, visit);
  const details = process.argv.includes("--details");
  console.log(formatHydrogenReport(results, STARTER_API_VERSION, { details }));
} finally {
  await database.close();
}
