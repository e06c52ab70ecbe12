import { describe, expect, it } from "vitest";
import { readPriceOperation } from "#platform/backoffice/bulk-prices.ts";
import { parseEuros } from "#platform/backoffice/product-edits.ts";
import { productFilterParams, readProductFilter } from "#platform/backoffice/product-filter.ts";

describe("parseEuros", () => {
  it("reads prices as staff type them", () => {
    expect(parseEuros("12,50")).toBe(1250);
    expect(parseEuros("12.5")).toBe(1250);
    expect(parseEuros(" 1 234,05 € ")).toBe(123405);
    expect(parseEuros("0,01")).toBe(1);
  });

  it("refuses what is not a price", () => {
    for (const text of ["", "douze", "12,505", "-3", "1e3", "12,50,1"]) {
      expect(parseEuros(text)).toBeNull();
    }
  });
});

describe("readPriceOperation", () => {
  const read = (operation: string, valeur = "") =>
    readPriceOperation(new URLSearchParams({ operation, valeur }));

  it("reads each operation with its value", () => {
    expect(read("prix", "9,90")).toEqual({ ok: true, operation: { kind: "set", cents: 990 } });
    expect(read("pourcent", "-12,5")).toEqual({
      ok: true,
      operation: { kind: "percent", percent: -12.5 },
    });
    expect(read("montant", "-1,50")).toEqual({
      ok: true,
      operation: { kind: "amount", cents: -150 },
    });
    expect(read("promo-pourcent", "20 %")).toEqual({
      ok: true,
      operation: { kind: "promo-percent", percent: 20 },
    });
    expect(read("sans-barre")).toEqual({ ok: true, operation: { kind: "clear-compare" } });
  });

  it("explains in French what to fix, and waits when no operation is chosen", () => {
    expect(read("prix", "0")).toMatchObject({
      ok: false,
      message: expect.stringContaining("0,01 €"),
    });
    expect(read("pourcent", "-100")).toMatchObject({ ok: false });
    expect(read("promo-pourcent", "100")).toMatchObject({ ok: false });
    expect(read("inconnue")).toEqual({ ok: false, message: "Opération inconnue." });
    expect(readPriceOperation(new URLSearchParams())).toBeNull();
  });
});

describe("the product filter in the URL", () => {
  it("reads known values, ignores bad ones, and writes them back", () => {
    const params = new URLSearchParams(
      "q=miel&collection=3&marque=x&dispo=en-vente&archive=non&restauration=peut-etre",
    );
    const filter = readProductFilter(params);
    expect(filter).toEqual({
      query: "miel",
      collectionId: 3,
      brandId: undefined,
      availability: "available",
      archived: "no",
      restauration: undefined,
    });
    expect(productFilterParams(filter).toString()).toBe(
      "q=miel&collection=3&dispo=en-vente&archive=non",
    );
  });
});
