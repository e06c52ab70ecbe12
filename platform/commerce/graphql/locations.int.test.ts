import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  graphqlRequest,
  TEST_SLOTS,
  type TestStorefrontApi,
  testStorefrontApi,
} from "#platform/commerce/testing.ts";

/**
 * Local pickup as Shopify models it (issue 52, item 5), on the demo data: `locations` are the
 * ordering service's pickup stores, sorted by id, name, city or distance; a variant's
 * `storeAvailability` says, store by store, whether it can be picked up and from when. The clock
 * is fixed: Monday 7 December 2026, 9:00 in Paris.
 */
const NOW = new Date("2026-12-07T08:00:00.000Z");
let database: Database;
let api: TestStorefrontApi;
let variants: { available: string; unavailable: string };

const LOCATIONS = /* GraphQL */ `
  query ($near: GeoCoordinateInput, $sortKey: LocationSortKeys) {
    locations(first: 10, near: $near, sortKey: $sortKey) {
      nodes { id name address { address1 city zip countryCode formatted latitude longitude phone } }
    }
  }`;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  api = testStorefrontApi(database.db, { slots: TEST_SLOTS, now: () => NOW });
  const pick = async (available: boolean) => {
    const { rows } = (await database.db.execute(sql`select v.id from commerce_variant v
      join commerce_product p on p.id = v.product_id
      where not p.archived and p.available_for_sale = ${available}
        and v.available_for_sale = ${available}
      order by v.id limit 1`)) as unknown as { rows: { id: number }[] };
    return `gid://shopify/ProductVariant/${rows[0]?.id}`;
  };
  variants = { available: await pick(true), unavailable: await pick(false) };
});
afterAll(() => database?.close());

const names = (data: { locations: { nodes: { name: string }[] } }) =>
  data.locations.nodes.map((node) => node.name);

describe("locations", () => {
  it("are the pickup stores, with their French addresses, in id order by default", async () => {
    const { data, errors } = await graphqlRequest(api, LOCATIONS);
    expect(errors).toBeUndefined();
    expect(names(data)).toEqual([
      "Comptoir Haussmann",
      "Comptoir Rive Gauche",
      "Point retrait Bastille",
    ]);
    expect(data.locations.nodes[0]).toEqual({
      id: "gid://shopify/Location/2101",
      name: "Comptoir Haussmann",
      address: {
        address1: "42 boulevard Haussmann",
        city: "Paris",
        zip: "75009",
        countryCode: "FR",
        formatted: ["42 boulevard Haussmann", "75009 Paris", "France"],
        latitude: expect.closeTo(48.8738, 3),
        longitude: expect.closeTo(2.3321, 3),
        phone: "+33 1 42 68 10 10",
      },
    });
  });

  it("sort by distance from a point, and by name", async () => {
    const bastille = { latitude: 48.8532, longitude: 2.3691 };
    const near = await graphqlRequest(api, LOCATIONS, { near: bastille, sortKey: "DISTANCE" });
    expect(names(near.data)[0]).toBe("Point retrait Bastille");
    const invalides = { latitude: 48.8566, longitude: 2.3125 };
    const other = await graphqlRequest(api, LOCATIONS, { near: invalides, sortKey: "DISTANCE" });
    expect(names(other.data)[0]).toBe("Comptoir Rive Gauche");
    const byName = await graphqlRequest(api, LOCATIONS, { sortKey: "NAME" });
    expect(names(byName.data)).toEqual([...names(byName.data)].sort((a, b) => a.localeCompare(b)));
  });

  it("resolve through node(id:)", async () => {
    const { data } = await graphqlRequest(
      api,
      `{ node(id: "gid://shopify/Location/2103") { ... on Location { name } } }`,
    );
    expect(data.node).toEqual({ name: "Point retrait Bastille" });
  });
});

describe("a variant's storeAvailability", () => {
  const AVAILABILITY = /* GraphQL */ `
    query ($id: ID!) {
      node(id: $id) { ... on ProductVariant {
        storeAvailability(first: 5) { nodes { available pickUpTime location { name } } } } }
    }`;

  it("says where a variant for sale can be picked up, and from when", async () => {
    const { data, errors } = await graphqlRequest(api, AVAILABILITY, { id: variants.available });
    expect(errors).toBeUndefined();
    const stores = data.node.storeAvailability.nodes;
    expect(stores).toHaveLength(3);
    for (const store of stores) {
      expect(store.available, store.location.name).toBe(true);
      // The first slot past the 2-hour lead time, that same Monday.
      expect(store.pickUpTime).toMatch(/^Retrait possible dès le 7 décembre 2026 à \d{1,2}h\d{2}$/);
    }
  });

  it("says a variant that is not for sale is available nowhere", async () => {
    const { data } = await graphqlRequest(api, AVAILABILITY, { id: variants.unavailable });
    expect(
      data.node.storeAvailability.nodes.map((store: { available: boolean }) => store.available),
    ).toEqual([false, false, false]);
  });
});
