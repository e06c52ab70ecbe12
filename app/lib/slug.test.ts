import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it("lowercases and turns spaces into dashes", () => {
    expect(slugify("Fruits Rouges du Jardin")).toBe("fruits-rouges-du-jardin");
  });

  it("removes accents and spells ligatures out", () => {
    expect(slugify("Épicerie salée")).toBe("epicerie-salee");
    expect(slugify("Bleu-Blanc-Cœur")).toBe("bleu-blanc-coeur");
    expect(slugify("Crème brûlée à l'ÆGLE")).toBe("creme-brulee-a-l-aegle");
  });

  it("spells & as -and-", () => {
    expect(slugify("Sel & Poivre")).toBe("sel-and-poivre");
    expect(slugify("Sel&Poivre")).toBe("sel-and-poivre");
  });

  it("drops other symbols", () => {
    expect(slugify("Chocolat noir 70 % Équateur !")).toBe("chocolat-noir-70-equateur");
    expect(slugify("Cuvée n°3 (2019), 75 cl")).toBe("cuvee-n3-2019-75-cl");
  });

  it("keeps the words of an elision apart", () => {
    expect(slugify("Huile d'olive vierge extra")).toBe("huile-d-olive-vierge-extra");
    expect(slugify("Pâte d’amande")).toBe("pate-d-amande");
  });

  it("never leaves doubled, leading or trailing dashes", () => {
    expect(slugify("  -- Comté  AOP -- ")).toBe("comte-aop");
    expect(slugify("€ %")).toBe("");
  });
});
