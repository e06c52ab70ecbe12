import { describe, expect, it } from "vitest";
import { ndcgAt10, precisionAt5 } from "./relevance.ts";
import { JUDGED_QUERIES } from "./relevance-queries.ts";

describe("the judged query set", () => {
  it("holds at least 80 distinct queries of every kind", () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(JUDGED_QUERIES.map((q) => q.query.toLowerCase())).size).toBe(
      JUDGED_QUERIES.length,
    );
    const kinds = new Set(JUDGED_QUERIES.map((q) => q.kind));
    expect([...kinds].sort()).toEqual(
      ["brand", "diet", "misspelt", "multi", "partial", "plain", "plural"].sort(),
    );
  });

  it("judges from the product's data, accents and case aside", () => {
    const rule = (query: string) => {
      const found = JUDGED_QUERIES.find((q) => q.query === query);
      if (!found) throw new Error(query);
      return found.relevant;
    };
    const product = {
      handle: "x",
      title: "Confiture extra de FRAISES",
      vendor: "Confiturerie Marquisat",
      collections: ["Épicerie sucrée", "Confitures, miels et pâtes à tartiner"],
      diets: ["vegan"],
      labels: ["ab"],
      allergens: [],
    };
    expect(rule("confiture fraise")(product)).toBe(true);
    expect(rule("miel")(product)).toBe(false);
    expect(rule("vegan")(product)).toBe(true);
    expect(rule("végétarien")(product)).toBe(true);
    expect(rule("bio")(product)).toBe(true);
    // « Valençay frais » is not a strawberry.
    expect(rule("confiture fraise")({ ...product, title: "Valençay AOP frais" })).toBe(false);
  });
});

describe("the measures", () => {
  it("count precision@5 out of five, or out of all the catalogue holds", () => {
    expect(precisionAt5([true, true, false, true, true, false], 40)).toBe(0.8);
    expect(precisionAt5([true, true, false], 2)).toBe(1);
    expect(precisionAt5([false, true], 2)).toBe(0.5);
    expect(precisionAt5([], 3)).toBe(0);
  });

  it("give NDCG@10 of 1 for an ideal order and less when a relevant one comes late", () => {
    expect(ndcgAt10([true, true, true], 3)).toBe(1);
    expect(ndcgAt10([false, true, true], 2)).toBeLessThan(1);
    expect(ndcgAt10([false, true, true], 2)).toBeGreaterThan(0.5);
    expect(ndcgAt10(Array(10).fill(false), 5)).toBe(0);
  });
});
