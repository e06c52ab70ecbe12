import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, parseSearchQuery, type SearchNode } from "./search-syntax.ts";

const text = (value: string, extra: Partial<SearchNode & { kind: "term" }> = {}): SearchNode => ({
  kind: "term",
  comparator: "=",
  value,
  prefix: false,
  quoted: false,
  ...extra,
});
const field = (name: string, value: string, extra: Partial<SearchNode & { kind: "term" }> = {}) =>
  text(value, { field: name, ...extra });

describe("parseSearchQuery", () => {
  it("reads free text, with AND implied between terms", () => {
    expect(parseSearchQuery("chablis")).toEqual(text("chablis"));
    expect(parseSearchQuery("  vin  blanc ")).toEqual({
      kind: "and",
      nodes: [text("vin"), text("blanc")],
    });
  });

  it("reads fields, comparators, quotes and prefixes", () => {
    expect(parseSearchQuery("title:chablis")).toEqual(field("title", "chablis"));
    expect(parseSearchQuery("Vendor:'Domaine des Trois Vallons'")).toEqual(
      field("vendor", "Domaine des Trois Vallons", { quoted: true }),
    );
    expect(parseSearchQuery("variants.price:>=12.5")).toEqual(
      field("variants.price", "12.5", { comparator: ">=" }),
    );
    expect(parseSearchQuery("variants.price:<10")).toEqual(
      field("variants.price", "10", { comparator: "<" }),
    );
    expect(parseSearchQuery('created_at:>"2024-01-01"')).toEqual(
      field("created_at", "2024-01-01", { comparator: ">", quoted: true }),
    );
    expect(parseSearchQuery("choc*")).toEqual(text("choc", { prefix: true }));
    expect(parseSearchQuery('"pâte à tartiner"')).toEqual(
      text("pâte à tartiner", { quoted: true }),
    );
    expect(parseSearchQuery("tag:*")).toEqual(field("tag", "", { exists: true }));
  });

  it("reads connectives, modifiers and parentheses, AND before OR", () => {
    expect(parseSearchQuery("a b OR c")).toEqual({
      kind: "or",
      nodes: [{ kind: "and", nodes: [text("a"), text("b")] }, text("c")],
    });
    expect(parseSearchQuery("a AND (b OR c)")).toEqual({
      kind: "and",
      nodes: [text("a"), { kind: "or", nodes: [text("b"), text("c")] }],
    });
    expect(parseSearchQuery("-tag:promo NOT vendor:x")).toEqual({
      kind: "and",
      nodes: [
        { kind: "not", node: field("tag", "promo") },
        { kind: "not", node: field("vendor", "x") },
      ],
    });
    expect(parseSearchQuery("-(a OR b)")).toEqual({
      kind: "not",
      node: { kind: "or", nodes: [text("a"), text("b")] },
    });
    // Lower-case connectives are words.
    expect(parseSearchQuery("sel or poivre")).toEqual({
      kind: "and",
      nodes: [text("sel"), text("or"), text("poivre")],
    });
  });

  it("resolves escapes: an escaped colon or parenthesis is text", () => {
    expect(parseSearchQuery("title:D\\(Addario\\)")).toEqual(field("title", "D(Addario)"));
    expect(parseSearchQuery("a\\:b")).toEqual(text("a:b"));
    expect(parseSearchQuery('"a:b"')).toEqual(text("a:b", { quoted: true }));
  });

  it("forgives a malformed query, and gives null when no term is left", () => {
    expect(parseSearchQuery("(miel OR confiture")).toEqual({
      kind: "or",
      nodes: [text("miel"), text("confiture")],
    });
    expect(parseSearchQuery("miel) confiture")).toEqual({
      kind: "and",
      nodes: [text("miel"), text("confiture")],
    });
    expect(parseSearchQuery('title:"chablis')).toEqual(field("title", "chablis", { quoted: true }));
    expect(parseSearchQuery("OR miel AND")).toEqual(text("miel"));
    for (const empty of ["", "   ", "()", "AND OR", "NOT", "*", "title:", '""']) {
      expect(parseSearchQuery(empty), empty).toBeNull();
    }
  });

  it("bounds the terms and the nesting of a hostile query", () => {
    const many = Array.from({ length: MAX_SEARCH_TERMS + 30 }, (_, i) => `w${i}`).join(" OR ");
    const parsed = parseSearchQuery(many);
    expect(parsed?.kind === "or" && parsed.nodes.length).toBe(MAX_SEARCH_TERMS);
    const deep = `${"(".repeat(5000)}miel${")".repeat(5000)}`;
    expect(parseSearchQuery(deep)).toEqual(text("miel"));
  });
});
