import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { catalogueSearchSource as source } from "#platform/commerce/index.ts";
import { rebuildSearchIndex } from "#platform/search/indexer.ts";
import { predictiveSearch, searchProducts } from "#platform/search/search.ts";
import {
  deleteSearchSynonym,
  forgetSynonymRules,
  listSearchSynonyms,
  SYNONYM_MESSAGES,
  type SynonymInput,
  saveSearchSynonym,
  synonymRules,
} from "#platform/search/synonyms.ts";
import { insertTestProducts } from "#platform/search/testing.ts";
import { DEMO_SYNONYMS } from "#seed/search/synonyms.ts";

/**
 * Search synonyms on both engines: the office's writes and their checks, and searches expanded
 * by the rules at query time, an edit counting at the next search (once the kept rules are
 * dropped, as the `search-synonyms` event does on every instance), a rebuild leaving them alone.
 * Then the demo synonyms, each finding demo products.
 */

let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  forgetSynonymRules();
  database = await createTestDatabase();
  const products = [
    { handle: "eau-petillante", title: "Eau minérale pétillante des Vosges" },
    { handle: "eau-plate", title: "Eau minérale plate" },
    { handle: "papier-toilette", title: "Papier toilette recyclé, 12 rouleaux" },
    { handle: "mozzarella", title: "Mozzarella di bufala campana" },
    { handle: "jambon-sec", title: "Jambon sec de montagne" },
  ];
  const inserted = await insertTestProducts(database.db, products);
  products.forEach((product, index) => {
    ids[product.handle] = inserted[index] ?? 0;
  });
  await rebuildSearchIndex(database.db, source);
});
afterAll(() => database?.close());

const save = (input: SynonymInput, id?: number) =>
  database.db.transaction((tx) => saveSearchSynonym(tx, input, { id, by: "eric@comptoir.test" }));

const remove = (id: number) => database.db.transaction((tx) => deleteSearchSynonym(tx, id));

/** What the office does once a write has committed. */
const edited = async <T>(write: Promise<T>): Promise<T> => {
  const result = await write;
  forgetSynonymRules();
  return result;
};

const found = async (query: string) =>
  (await searchProducts(database.db, source, { query, first: 10 })).ids;

const predicted = async (query: string) =>
  (await predictiveSearch(database.db, { query })).products.map((hit) => hit.id);

describe("synonym writes", () => {
  it("creates a synonym, its term normalised and its replacements as typed", async () => {
    const saved = await save({ term: " Mozza ", replacements: "Mozzarella", kind: "one-way" });
    expect(saved).toMatchObject({
      ok: true,
      before: undefined,
      synonym: {
        term: "mozza",
        replacements: ["Mozzarella"],
        kind: "one-way",
        updatedBy: "eric@comptoir.test",
      },
    });
    expect((await listSearchSynonyms(database.db)).map((row) => row.term)).toEqual(["mozza"]);
  });

  it("refuses a duplicate term, however it is written, and bad fields, writing nothing", async () => {
    expect(await save({ term: "MOZZA", replacements: "bufala", kind: "one-way" })).toEqual({
      ok: false,
      errors: { term: SYNONYM_MESSAGES.termTaken("mozza") },
    });
    expect(await save({ term: "", replacements: "", kind: "both" })).toEqual({
      ok: false,
      errors: {
        term: SYNONYM_MESSAGES.termMissing,
        replacements: SYNONYM_MESSAGES.replacementsMissing,
        kind: SYNONYM_MESSAGES.kindMissing,
      },
    });
    expect(
      await save({ term: "pq", replacements: "PQ, papier toilette", kind: "one-way" }),
    ).toMatchObject({ ok: false, errors: { replacements: SYNONYM_MESSAGES.replacementIsTerm } });
    expect(await listSearchSynonyms(database.db)).toHaveLength(1);
  });

  it("changes a synonym, answering it as it was; refuses one that is gone", async () => {
    const [row] = await listSearchSynonyms(database.db);
    if (!row) throw new Error("no synonym");
    const changed = await save(
      { term: "mozza", replacements: "mozzarella, burrata", kind: "one-way" },
      row.id,
    );
    expect(changed).toMatchObject({
      ok: true,
      before: { replacements: ["Mozzarella"] },
      synonym: { id: row.id, replacements: ["mozzarella", "burrata"] },
    });
    expect(
      await save({ term: "mozza", replacements: "mozzarella", kind: "one-way" }, row.id + 1000),
    ).toEqual({ ok: false, errors: {}, message: SYNONYM_MESSAGES.notFound });
  });

  it("deletes a synonym once", async () => {
    const [row] = await listSearchSynonyms(database.db);
    if (!row) throw new Error("no synonym");
    expect(await remove(row.id)).toMatchObject({ term: "mozza" });
    expect(await remove(row.id)).toBeUndefined();
    expect(await listSearchSynonyms(database.db)).toEqual([]);
  });
});

describe("searches expanded by synonyms", () => {
  // A failed test leaves no rule behind for the next.
  afterEach(async () => {
    for (const row of await listSearchSynonyms(database.db)) await remove(row.id);
    forgetSynonymRules();
  });

  it("finds “pétillante” for `gazeuse` once the equivalents exist, and stops when deleted", async () => {
    expect(await found("gazeuse")).toEqual([]);
    const saved = await edited(
      save({ term: "gazeuse", replacements: "pétillante", kind: "equivalent" }),
    );
    if (!saved.ok) throw new Error("not saved");
    expect(await found("gazeuse")).toEqual([ids["eau-petillante"]]);
    // The sparkling water has every word: first.
    expect((await found("eau gazeuse"))[0]).toBe(ids["eau-petillante"]);
    expect(await predicted("gazeuse")).toEqual([ids["eau-petillante"]]);
    // Either word finds the other's products.
    expect(await found("petillante")).toEqual([ids["eau-petillante"]]);

    await edited(remove(saved.synonym.id));
    expect(await found("gazeuse")).toEqual([]);
    expect(await predicted("gazeuse")).toEqual([]);
  });

  it("replaces a one-way term by its replacement: `pq` finds “Papier toilette”", async () => {
    expect(await found("pq")).toEqual([]);
    const saved = await edited(
      save({ term: "PQ", replacements: "papier toilette", kind: "one-way" }),
    );
    if (!saved.ok) throw new Error("not saved");
    expect(await found("pq")).toEqual([ids["papier-toilette"]]);
    expect(await predicted("pq recycle")).toEqual([ids["papier-toilette"]]);
    // One way only: the replacement does not find the term.
    expect(await synonymRules(database.db)).toEqual([
      { kind: "one-way", term: ["pq"], replacements: [["papier", "toilette"]] },
    ]);
    await edited(remove(saved.synonym.id));
  });

  it("matches a run of words: `jambon cru` finds “Jambon sec”", async () => {
    const saved = await edited(
      save({ term: "jambon cru", replacements: "jambon sec", kind: "equivalent" }),
    );
    if (!saved.ok) throw new Error("not saved");
    expect(await found("jambon cru")).toEqual([ids["jambon-sec"]]);
    // `cru` alone is not the term.
    expect(await found("cru")).toEqual([]);
    await edited(remove(saved.synonym.id));
  });

  it("keeps the rules read until an edit drops them", async () => {
    const saved = await save({ term: "pq", replacements: "papier toilette", kind: "one-way" });
    if (!saved.ok) throw new Error("not saved");
    expect(await found("pq")).toEqual([ids["papier-toilette"]]);
    await remove(saved.synonym.id);
    // Not told: the rules kept still hold it.
    expect(await found("pq")).toEqual([ids["papier-toilette"]]);
    forgetSynonymRules();
    expect(await found("pq")).toEqual([]);
  });

  it("keeps each database's rules apart", async () => {
    const saved = await edited(
      save({ term: "pq", replacements: "papier toilette", kind: "one-way" }),
    );
    if (!saved.ok) throw new Error("not saved");
    const other = await createTestDatabase();
    try {
      expect((await synonymRules(database.db)).map((rule) => rule.term)).toEqual([["pq"]]);
      expect(await synonymRules(other.db)).toEqual([]);
    } finally {
      await other.close();
      await edited(remove(saved.synonym.id));
    }
  });

  it("survives an index rebuild: synonyms are not part of the index", async () => {
    const saved = await edited(
      save({ term: "gazeuse", replacements: "pétillante", kind: "equivalent" }),
    );
    if (!saved.ok) throw new Error("not saved");
    const rebuilt = await rebuildSearchIndex(database.db, source);
    expect(rebuilt.documents).toBeGreaterThan(0);
    expect(await listSearchSynonyms(database.db)).toHaveLength(1);
    expect(await found("gazeuse")).toEqual([ids["eau-petillante"]]);
    await edited(remove(saved.synonym.id));
  });
});

describe("the demo synonyms", () => {
  let seeded: Database;
  beforeAll(async () => {
    forgetSynonymRules();
    seeded = await createTestDatabase({ seeded: true });
  });
  afterAll(async () => {
    forgetSynonymRules();
    await seeded?.close();
  });

  it("are seeded, and each finds demo products", async () => {
    const terms = (await listSearchSynonyms(seeded.db)).map((row) => row.term);
    expect(terms.toSorted()).toEqual(
      DEMO_SYNONYMS.map((synonym) =>
        synonym.term
          .normalize("NFD")
          .replace(/\p{M}+/gu, "")
          .toLowerCase(),
      ).toSorted(),
    );
    for (const synonym of DEMO_SYNONYMS) {
      const page = await searchProducts(seeded.db, source, { query: synonym.term, first: 5 });
      expect(page.totalCount, synonym.term).toBeGreaterThan(0);
    }
  });
});
