import { decodeEncodedVariant } from "@shopify/hydrogen-react";
import { describe, expect, it } from "vitest";
import {
  adjacentVariants,
  encodedVariantAvailability,
  encodedVariantExistence,
  encodeOptionValues,
  productOptions,
  selectedOptionsOf,
  selectedOrFirstAvailableVariant,
  variantBySelectedOptions,
} from "#platform/commerce/catalogue/variant-options.ts";

const exact = { ignoreUnknownOptions: false, caseInsensitiveMatch: false };
const lenient = { ignoreUnknownOptions: true, caseInsensitiveMatch: true };

const single = [{ id: 7, title: "Default Title", availableForSale: true }];
const formats = [
  { id: 10, title: "250 g", availableForSale: false },
  { id: 11, title: "500 g", availableForSale: true },
  { id: 12, title: "1 kg", availableForSale: true },
];

describe("a product's options, derived from its variants", () => {
  it("are Shopify's Title / Default Title for a product sold one way", () => {
    expect(productOptions(single)).toEqual([{ name: "Title", values: ["Default Title"] }]);
    expect(selectedOptionsOf(single[0] as (typeof single)[0], single)).toEqual([
      { name: "Title", value: "Default Title" },
    ]);
  });

  it("are one Format option whose values are the formats, in variant order", () => {
    expect(productOptions(formats)).toEqual([
      { name: "Format", values: ["250 g", "500 g", "1 kg"] },
    ]);
    expect(selectedOptionsOf(formats[2] as (typeof formats)[0], formats)).toEqual([
      { name: "Format", value: "1 kg" },
    ]);
  });
});

describe("choosing a variant by its options", () => {
  it("finds the exact variant, and nothing for an unknown value or option when strict", () => {
    expect(variantBySelectedOptions(formats, [{ name: "Format", value: "500 g" }], exact)?.id).toBe(
      11,
    );
    expect(
      variantBySelectedOptions(formats, [{ name: "Format", value: "2 kg" }], exact),
    ).toBeNull();
    expect(
      variantBySelectedOptions(
        formats,
        [
          { name: "Format", value: "500 g" },
          { name: "Couleur", value: "Rouge" },
        ],
        exact,
      ),
    ).toBeNull();
    expect(variantBySelectedOptions(formats, [], exact)).toBeNull();
  });

  it("ignores unknown options and case when asked, as the Hydrogen starter asks", () => {
    const chosen = [
      { name: "format", value: "1 KG" },
      { name: "utm_source", value: "x" },
    ];
    expect(variantBySelectedOptions(formats, chosen, lenient)?.id).toBe(12);
    expect(selectedOrFirstAvailableVariant(formats, chosen, lenient)?.id).toBe(12);
  });

  it("falls back to the first available variant, then the first", () => {
    expect(selectedOrFirstAvailableVariant(formats, [], lenient)?.id).toBe(11);
    expect(selectedOrFirstAvailableVariant(formats, null, lenient)?.id).toBe(11);
    const none = formats.map((variant) => ({ ...variant, availableForSale: false }));
    expect(selectedOrFirstAvailableVariant(none, undefined, lenient)?.id).toBe(10);
    expect(selectedOrFirstAvailableVariant([], undefined, lenient)).toBeNull();
  });

  it("lists the variants one value away from the selected one", () => {
    const chosen = [{ name: "Format", value: "500 g" }];
    expect(adjacentVariants(formats, chosen, lenient).map((variant) => variant.id)).toEqual([
      10, 12,
    ]);
    expect(adjacentVariants(single, [], lenient)).toEqual([]);
  });
});

describe("Shopify's v1 encoding of option combinations", () => {
  it("encodes the documented example", () => {
    const combinations = [
      [0, 0, 0],
      [0, 1, 0],
      [0, 1, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 1],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const encoded = encodeOptionValues(combinations, 3);
    expect(encoded).toBe("v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,");
    expect(decodeEncodedVariant(encoded)).toEqual(combinations);
  });

  it("says which formats exist and which are available, as hydrogen-react decodes them", () => {
    expect(decodeEncodedVariant(encodedVariantExistence(formats))).toEqual([[0], [1], [2]]);
    expect(decodeEncodedVariant(encodedVariantAvailability(formats))).toEqual([[1], [2]]);
    expect(decodeEncodedVariant(encodedVariantExistence(single))).toEqual([[0]]);
    expect(encodedVariantAvailability([])).toBe("v1_");
  });
});
