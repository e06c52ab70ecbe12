import { describe, expect, it } from "vitest";
import { parseTsvector } from "#platform/search/memory-index.ts";

describe("parseTsvector", () => {
  it("reads lexemes with their positions and weights, D when none is written", () => {
    expect(parseTsvector("'chocolat':1A 'noir':2B,7 'tablett':4C")).toEqual([
      { lexeme: "chocolat", positions: [[1, "A"]] },
      {
        lexeme: "noir",
        positions: [
          [2, "B"],
          [7, "D"],
        ],
      },
      { lexeme: "tablett", positions: [[4, "C"]] },
    ]);
  });

  it("reads quotes and backslashes inside a lexeme, and a lexeme without positions", () => {
    expect(parseTsvector("'l''ile':3 'a\\\\b' 'x'")).toEqual([
      { lexeme: "l'ile", positions: [[3, "D"]] },
      { lexeme: "a\\b", positions: [] },
      { lexeme: "x", positions: [] },
    ]);
  });

  it("reads an empty vector as no lexeme", () => {
    expect(parseTsvector("")).toEqual([]);
  });
});
