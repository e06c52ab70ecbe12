import { describe, expect, it } from "vitest";
import {
  endSentence,
  formatQuantity,
  normaliseSearchTerm,
  plainText,
  previousPrice,
  seoDescription,
  truncateWords,
} from "./format.ts";

describe("previousPrice", () => {
  it.each<[string, string | null, number | null, string]>([
    ["10.0", "12.0", 1200, "above the current price: shown"],
    ["10.0", "10.0", null, "equal to the current price: hidden"],
    ["10.0", "8.0", null, "below the current price: hidden"],
    ["10.0", "0.0", null, "zero: hidden"],
    ["10.0", null, null, "absent: hidden"],
    ["0.0", "0.0", null, "zero on a free product: hidden"],
  ])("price %s, compare-at %s gives %s (%s)", (price, compareAt, expected) => {
    expect(previousPrice(price, compareAt)).toBe(expected);
  });
});

describe("formatQuantity", () => {
  it.each([
    [1, "pièce", "1 pièce"],
    [6, "pièce", "6 pièces"],
    [1, "part", "1 part"],
    [4, "part", "4 parts"],
    ["1,5", "part", "1,5 parts"],
    [250, "g", "250 g"],
    [2, "kg", "2 kg"],
    ["75", "cl", "75 cl"],
    [0.5, "l", "0,5 l"],
    ["", "pièce", "pièce"],
    [3, "", "3"],
  ])("%s %s gives %s (part and pièce plural above 1)", (quantity, unit, expected) => {
    expect(formatQuantity(quantity, unit)).toBe(expected);
  });
});

describe("truncateWords", () => {
  it("leaves a text that fits alone", () => {
    expect(truncateWords("Un comté fruité.", 40)).toBe("Un comté fruité.");
  });

  it("cuts at a word boundary and adds an ellipsis", () => {
    expect(truncateWords("Un comté affiné vingt-quatre mois en cave", 20)).toBe("Un comté affiné…");
  });

  it("never ends on punctuation before the ellipsis", () => {
    expect(truncateWords("Beurre, crème, lait entier et fromages", 16)).toBe("Beurre, crème…");
  });

  it("cuts inside a word longer than the room", () => {
    expect(truncateWords("Anticonstitutionnellement", 10)).toBe("Anticonst…");
  });
});

describe("seoDescription", () => {
  const long =
    "Un comté affiné dix-huit mois dans les caves du Jura. Sa pâte fondante révèle des notes de noisette et de fruits secs. À servir à température ambiante avec un vin jaune ou un pain de campagne.";

  it("keeps a description that fits", () => {
    expect(seoDescription("<p>Un comté fruité.</p>")).toBe("Un comté fruité.");
  });

  it("cuts a long one at the last sentence end within 156 characters", () => {
    const cut = seoDescription(long);
    expect(cut).toBe(
      "Un comté affiné dix-huit mois dans les caves du Jura. Sa pâte fondante révèle des notes de noisette et de fruits secs.",
    );
    expect(cut.length).toBeLessThanOrEqual(156);
  });

  it("falls back to a word cut with an ellipsis when no sentence ends in time", () => {
    const words = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(" ");
    const cut = seoDescription(words);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(156);
  });

  it("reads HTML as text", () => {
    expect(seoDescription("<p>Miel &amp; noix</p><p>de Provence</p>")).toBe(
      "Miel & noix de Provence",
    );
  });
});

describe("plainText and normaliseSearchTerm", () => {
  it("drops tags and decodes entities", () => {
    expect(plainText("<p>L&#39;huile <strong>d&#39;olive</strong></p>")).toBe("L'huile d'olive");
  });

  it("normalises a search term: trimmed, single spaces, lower case", () => {
    expect(normaliseSearchTerm("  Comté   AOP ")).toBe("comté aop");
    expect(normaliseSearchTerm(null)).toBe("");
  });
});

describe("endSentence", () => {
  it("adds a full stop to a sentence that has none", () => {
    expect(endSentence("Teneur en alcool : 12 %")).toBe("Teneur en alcool : 12 %.");
    expect(endSentence("  Origine : Normandie, France ")).toBe("Origine : Normandie, France.");
  });

  it("keeps the one a text already ends with, an abbreviation's included", () => {
    expect(endSentence("Teneur en alcool : 13,5 % vol.")).toBe("Teneur en alcool : 13,5 % vol.");
    expect(endSentence("Quelle affaire !")).toBe("Quelle affaire !");
    expect(endSentence("Et puis…")).toBe("Et puis…");
    expect(endSentence("  ")).toBe("");
  });
});
