import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { syncContentProducts } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  entityStatus,
  findEntry,
  publishEntry,
  putEntry,
  updateEntry,
} from "#platform/content/index.ts";
import { readDocument } from "#platform/documents/index.ts";
import { seedOrderingProductIds } from "#server/api/testing.ts";

/**
 * The catalogue sync against records that editors are working on: it writes the fields the
 * commerce service owns into the draft and the published copy, and leaves the editors' other
 * fields, their pending drafts and their unpublished records as they are (decision 027).
 */
const ACTOR = { id: null, email: "sync@comptoir.test" };

let database: Database;
let ids: Map<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seedOrderingProductIds(database.db);
  // The stew's record is published with a stale price, then an editor saves a draft of it.
  await putEntry(database.db, {
    id: "product-boeuf",
    contentType: "product",
    fields: {
      name: "Bœuf bourguignon",
      slug: "boeuf-bourguignon",
      short_description: "Texte publié.",
      prediscount_price: 12,
      tags: ["restauration"],
    },
  });
  const stew = await findEntry(database.db, "product-boeuf");
  await updateEntry(
    { db: database.db, by: "redaction@comptoir.test" },
    {
      id: "product-boeuf",
      version: stew?.revision ?? 0,
      fields: { ...stew?.fields, short_description: "Brouillon de la rédaction." },
    },
  );
  // The salad's record was never published; a lost product's record has a pending draft.
  await putEntry(database.db, {
    id: "product-salade",
    contentType: "product",
    fields: { name: "Salade", slug: "salade-cesar", short_description: "À relire." },
    publish: false,
  });
  await putEntry(database.db, {
    id: "product-disparu",
    contentType: "product",
    fields: { name: "Produit disparu", slug: "produit-disparu", tags: [] },
  });
  const lost = await findEntry(database.db, "product-disparu");
  await updateEntry(
    { db: database.db },
    {
      id: "product-disparu",
      version: lost?.revision ?? 0,
      fields: { ...lost?.fields, short_description: "Brouillon." },
    },
  );
});

afterAll(() => database?.close());

const sync = () =>
  syncContentProducts(database.db, {
    scope: { kind: "all" },
    actor: ACTOR,
    action: "sync-products-bdd",
    documents: true,
  });

describe("syncContentProducts", () => {
  it("writes its own fields into both copies and publishes no editor's draft", async () => {
    const before = await findEntry(database.db, "product-boeuf");
    const report = await sync();
    expect(report).toMatchObject({ created: 2, updated: 2, archivedOrphans: ["produit-disparu"] });

    const stew = await findEntry(database.db, "product-boeuf");
    expect(stew && entityStatus(stew)).toBe("changed");
    expect(stew?.publishedVersion).toBe(before?.publishedVersion);
    expect(stew?.fields).toMatchObject({
      prediscount_price: 14.5,
      short_description: "Brouillon de la rédaction.",
    });
    expect(stew?.publishedFields).toMatchObject({
      prediscount_price: 14.5,
      short_description: "Texte publié.",
    });
    // The product's document shows what shoppers see, not the draft.
    const document = await readDocument(database.db, `products/${ids.get("boeuf-bourguignon")}`);
    expect(document?.body).toMatchObject({
      product: { prediscount_price: 14.5, short_description: "Texte publié." },
    });

    const salad = await findEntry(database.db, "product-salade");
    expect(salad && entityStatus(salad)).toBe("draft");
    expect(salad?.publishedFields).toBeNull();
    expect(salad?.fields).toMatchObject({ name: "Salade César", short_description: "À relire." });

    const lost = await findEntry(database.db, "product-disparu");
    expect(lost && entityStatus(lost)).toBe("changed");
    expect(lost?.fields).toMatchObject({ tags: ["Archive"], short_description: "Brouillon." });
    expect(lost?.publishedFields).toMatchObject({ tags: ["Archive"] });
    expect(lost?.publishedFields).not.toHaveProperty("short_description");

    // A product without a record gets one, published.
    const caviar = await findEntry(database.db, `product-${ids.get("caviar-oscietre")}`);
    expect(caviar && entityStatus(caviar)).toBe("published");
  });

  it("changes nothing the second time, and the editor's draft still publishes", async () => {
    const stew = await findEntry(database.db, "product-boeuf");
    expect(await sync()).toMatchObject({ created: 0, updated: 0, documents: 0 });
    expect((await findEntry(database.db, "product-boeuf"))?.revision).toBe(stew?.revision);

    const published = await publishEntry(
      { db: database.db },
      { id: "product-boeuf", version: stew?.revision ?? 0 },
    );
    expect(published.publishedFields).toMatchObject({
      prediscount_price: 14.5,
      short_description: "Brouillon de la rédaction.",
    });
  });
});
