import { describe, expect, it } from "vitest";
import { appliedIntents, findIntents, intentPositions } from "#platform/search/intents.ts";
import { normaliseTerm } from "#platform/search/query.ts";

const normalise = (word: string) => normaliseTerm(word).join(" ");

describe("findIntents", () => {
  it("takes diets, labels and allergen exclusions out of the words", () => {
    const found = findIntents(["pâtes", "sans", "gluten", "bio"], normalise);
    expect(found.words).toEqual(["pâtes"]);
    expect(found.intents).toEqual([
      {
        label: "Sans gluten",
        words: ["sans", "gluten"],
        tokens: ["regimesansgluten0"],
        exclude: false,
      },
      { label: "Bio", words: ["bio"], tokens: ["labelab0"], exclude: false },
    ]);
  });

  it("reads « végétarien » as vegetarian or vegan, and « sans lait » as an exclusion", () => {
    const [vegetarian] = findIntents(["végétarienne"], normalise).intents;
    expect(vegetarian?.tokens).toEqual(["regimevegetarien0", "regimevegan0"]);
    const [withoutMilk] = findIntents(["biscuits", "sans", "lait"], normalise).intents;
    expect(withoutMilk).toMatchObject({ label: "Sans lait", exclude: true });
  });

  it("prefers the longest phrase and leaves other uses of « sans » as words", () => {
    const sugar = findIntents(["confiture", "sans", "sucres", "ajoutés"], normalise);
    expect(sugar.words).toEqual(["confiture"]);
    expect(sugar.intents.map((intent) => intent.label)).toEqual(["Sans sucres ajoutés"]);
    const untreated = findIntents(["oranges", "sans", "traitement"], normalise);
    expect(untreated).toEqual({ words: ["oranges", "sans", "traitement"], intents: [] });
  });
});

describe("appliedIntents", () => {
  it("gives each intent with the term as typed minus its words", () => {
    expect(appliedIntents("Huile d'olive BIO", normalise)).toEqual([
      { label: "Bio", without: "Huile d'olive" },
    ]);
    expect(appliedIntents("vegan", normalise)).toEqual([{ label: "Vegan", without: "" }]);
    expect(appliedIntents("chocolat noir", normalise)).toEqual([]);
  });

  it("gives the positions of the words that name an intent", () => {
    expect([...intentPositions(["chocolat", "vegan"])]).toEqual([1]);
  });
});
