import { describe, expect, it } from "vitest";
import {
  allergenAlert,
  BRAND_SENTENCES,
  brandSentence,
  withIngredient,
} from "#seed/catalogue/products.ts";

describe("the sentences a product's texts are built of end once", () => {
  it("the brand's sentence, whether the brand or the origin ends with a full stop or not", () => {
    for (const template of BRAND_SENTENCES) {
      for (const [brand, origin] of [
        ["Maison Dupont", "France"],
        ["Dupont & Cie.", "Normandie, France."],
      ] as const) {
        const sentence = brandSentence(template, brand, origin);
        expect(sentence, sentence).toMatch(/[^.]\.$/);
        expect(sentence, sentence).not.toMatch(/\.\s*\./);
      }
    }
    expect(brandSentence(BRAND_SENTENCES[1] ?? "", "Maison Dupont", "France")).toBe(
      "Une référence Maison Dupont, origine : France.",
    );
  });

  it("a list of ingredients with one more", () => {
    expect(withIngredient("Lait cru de vache, sel.", "truffe noire")).toBe(
      "Lait cru de vache, sel, truffe noire.",
    );
    expect(withIngredient("Lait cru de vache, sel.", "truffe noire (2 %).")).toBe(
      "Lait cru de vache, sel, truffe noire (2 %).",
    );
  });

  it("the allergens' alert", () => {
    expect(allergenAlert(["lait"], ["fruits-a-coque"])).toMatch(
      /^Contient : [^.]+\. Peut contenir des traces de [^.]+\.$/,
    );
    expect(allergenAlert([], [])).toBe("");
  });
});
