import { describe, expect, it } from "vitest";
import {
  expandWithSynonyms,
  MAX_REPLACEMENTS,
  readSynonymInput,
  SYNONYM_MESSAGES,
  type SynonymRule,
  splitReplacements,
  synonymRule,
} from "#platform/search/synonyms.ts";

const rule = (kind: SynonymRule["kind"], term: string, ...replacements: string[]) => {
  const made = synonymRule({ kind, term, replacements });
  if (!made) throw new Error(`no rule for ${term}`);
  return made;
};

const RULES = [
  rule("one-way", "pq", "papier toilette"),
  rule("one-way", "mozza", "Mozzarella"),
  rule("one-way", "bulles", "champagne", "crémant"),
  rule("equivalent", "gazeuse", "pétillante"),
  rule("equivalent", "jambon cru", "jambon sec"),
  rule("one-way", "jambon cru fume", "jambon fumé"),
];

describe("expandWithSynonyms", () => {
  it("replaces a one-way term by its first replacement's words", () => {
    expect(expandWithSynonyms(RULES, ["pq", "doux"])).toEqual({
      words: ["papier", "toilette", "doux"],
      alternatives: [[], [], []],
    });
    expect(expandWithSynonyms(RULES, ["mozza"]).words).toEqual(["mozzarella"]);
    expect(expandWithSynonyms(RULES, ["jambon", "cru", "fumé"]).words).toEqual(["jambon", "fumé"]);
  });

  it("adds a one-way term's further replacements as alternatives, word by word", () => {
    expect(expandWithSynonyms(RULES, ["bulles"])).toEqual({
      words: ["champagne"],
      alternatives: [["crémant"]],
    });
  });

  it("adds every other member of an equivalent group as alternatives, whichever is typed", () => {
    expect(expandWithSynonyms(RULES, ["eau", "gazeuse"])).toEqual({
      words: ["eau", "gazeuse"],
      alternatives: [[], ["pétillante"]],
    });
    expect(expandWithSynonyms(RULES, ["petillante"])).toEqual({
      words: ["petillante"],
      alternatives: [["gazeuse"]],
    });
  });

  it("matches words whatever their accents, and keeps the words typed", () => {
    expect(expandWithSynonyms(RULES, ["pétillante"])).toEqual({
      words: ["pétillante"],
      alternatives: [["gazeuse"]],
    });
    expect(expandWithSynonyms(RULES, ["gazéuse"])).toEqual({
      words: ["gazéuse"],
      alternatives: [["pétillante"]],
    });
  });

  it("matches a run of words, the longest rule first, and only whole runs", () => {
    expect(expandWithSynonyms(RULES, ["jambon", "sec"])).toEqual({
      words: ["jambon", "sec"],
      alternatives: [[], ["cru"]],
    });
    expect(expandWithSynonyms(RULES, ["jambon", "cru", "fume"]).words).toEqual(["jambon", "fumé"]);
    expect(expandWithSynonyms(RULES, ["cru"])).toEqual({ words: ["cru"], alternatives: [[]] });
    expect(expandWithSynonyms(RULES, ["jambon"])).toEqual({
      words: ["jambon"],
      alternatives: [[]],
    });
  });

  it("does not expand a replacement again and keeps a word met twice once", () => {
    const chained = [rule("one-way", "pq", "papier toilette"), rule("one-way", "papier", "pq")];
    expect(expandWithSynonyms(chained, ["pq"]).words).toEqual(["papier", "toilette"]);
    expect(expandWithSynonyms(RULES, ["papier", "pq"])).toEqual({
      words: ["papier", "toilette"],
      alternatives: [[], []],
    });
  });

  it("leaves the words alone without rules", () => {
    expect(expandWithSynonyms([], ["chocolat", "noir"])).toEqual({
      words: ["chocolat", "noir"],
      alternatives: [[], []],
    });
    expect(expandWithSynonyms(RULES, [])).toEqual({ words: [], alternatives: [] });
  });
});

describe("readSynonymInput", () => {
  it("normalises the term and keeps the replacements as typed", () => {
    expect(
      readSynonymInput({ term: "  Jambon  CRU ", replacements: "Jambon sec", kind: "equivalent" }),
    ).toEqual({ ok: true, term: "jambon cru", replacements: ["Jambon sec"], kind: "equivalent" });
    expect(
      readSynonymInput({
        term: "bulles",
        replacements: "champagne, Crémant,\ncrémant",
        kind: "one-way",
      }),
    ).toEqual({
      ok: true,
      term: "bulles",
      replacements: ["champagne", "Crémant"],
      kind: "one-way",
    });
  });

  it("refuses each bad field with its French message", () => {
    expect(readSynonymInput({ term: " ! ", replacements: "", kind: "" })).toEqual({
      ok: false,
      errors: {
        term: SYNONYM_MESSAGES.termMissing,
        replacements: SYNONYM_MESSAGES.replacementsMissing,
        kind: SYNONYM_MESSAGES.kindMissing,
      },
    });
    expect(
      readSynonymInput({ term: "a".repeat(61), replacements: "b".repeat(61), kind: "one-way" }),
    ).toEqual({
      ok: false,
      errors: {
        term: SYNONYM_MESSAGES.termLength,
        replacements: SYNONYM_MESSAGES.replacementLength("b".repeat(61)),
      },
    });
    expect(
      readSynonymInput({ term: "Gazeuse", replacements: "gazeusé", kind: "equivalent" }),
    ).toMatchObject({ errors: { replacements: SYNONYM_MESSAGES.replacementIsTerm } });
    const many = Array.from({ length: MAX_REPLACEMENTS + 1 }, (_, n) => `mot${n}`).join(", ");
    expect(readSynonymInput({ term: "x", replacements: many, kind: "one-way" })).toMatchObject({
      errors: { replacements: SYNONYM_MESSAGES.replacementsTooMany },
    });
    expect(readSynonymInput({ term: "x", replacements: "?!", kind: "one-way" })).toMatchObject({
      errors: { replacements: SYNONYM_MESSAGES.replacementEmpty("?!") },
    });
  });

  it("asks equivalents for as many words each, and a one-way term's replacements too", () => {
    expect(
      readSynonymInput({ term: "pq", replacements: "papier toilette", kind: "equivalent" }),
    ).toMatchObject({ errors: { replacements: SYNONYM_MESSAGES.equivalentWords } });
    expect(
      readSynonymInput({ term: "pq", replacements: "papier toilette, sopalin", kind: "one-way" }),
    ).toMatchObject({ errors: { replacements: SYNONYM_MESSAGES.oneWayWords } });
    expect(
      readSynonymInput({ term: "pq", replacements: "papier toilette", kind: "one-way" }),
    ).toMatchObject({ ok: true });
  });

  it("splits replacements on commas, semicolons and lines", () => {
    expect(splitReplacements(" a, b ;c\n\n d ,")).toEqual(["a", "b", "c", "d"]);
    expect(splitReplacements([" a ", ""])).toEqual(["a"]);
  });
});
