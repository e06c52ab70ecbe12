import { describe, expect, it } from "vitest";
import {
  formatVatRate,
  includedVat,
  orderVat,
  parseVatRate,
  shareByRate,
  VAT_INTERMEDIATE,
  VAT_REDUCED,
  VAT_STANDARD,
  vatBreakdown,
} from "#platform/vat.ts";

describe("French VAT", () => {
  it("computes the VAT included in a price, to the cent", () => {
    expect(includedVat(1100, VAT_INTERMEDIATE)).toBe(100);
    expect(includedVat(3790, VAT_INTERMEDIATE)).toBe(345);
    expect(includedVat(1055, VAT_REDUCED)).toBe(55);
    expect(includedVat(50, VAT_STANDARD)).toBe(8);
  });

  it("reads only the three French rates, as the form and the import write them", () => {
    expect(parseVatRate("5.5")).toBe(550);
    expect(parseVatRate("5,5 %")).toBe(550);
    expect(parseVatRate("10")).toBe(1000);
    expect(parseVatRate(" 20% ")).toBe(2000);
    expect(parseVatRate("19.6")).toBeNull();
    expect(parseVatRate("")).toBeNull();
    expect(parseVatRate("vingt")).toBeNull();
    expect(formatVatRate(550)).toBe("5,5\u00a0%");
  });

  it("groups amounts by rate and computes the VAT once per rate", () => {
    // Per line, 0,10 € at 5.5 % would be 0,01 € three times; on the rate's total it is 0,02 €.
    const lines = vatBreakdown([
      { rateBasisPoints: VAT_STANDARD, amountCents: 1200 },
      { rateBasisPoints: VAT_REDUCED, amountCents: 10 },
      { rateBasisPoints: VAT_REDUCED, amountCents: 10 },
      { rateBasisPoints: VAT_REDUCED, amountCents: 10 },
    ]);
    expect(lines).toEqual([
      { rateBasisPoints: VAT_REDUCED, netCents: 28, vatCents: 2, grossCents: 30 },
      { rateBasisPoints: VAT_STANDARD, netCents: 1000, vatCents: 200, grossCents: 1200 },
    ]);
  });

  it("shares a delivery fee between the goods' rates, to the cent", () => {
    const shares = shareByRate(590, [
      { rateBasisPoints: VAT_REDUCED, amountCents: 3000 },
      { rateBasisPoints: VAT_STANDARD, amountCents: 1000 },
    ]);
    expect(shares).toEqual([
      { rateBasisPoints: VAT_REDUCED, amountCents: 443 },
      { rateBasisPoints: VAT_STANDARD, amountCents: 147 },
    ]);
    expect(shareByRate(590, [])).toEqual([{ rateBasisPoints: VAT_REDUCED, amountCents: 590 }]);
  });

  it("adds the goods, the fees and the shared delivery of an order", () => {
    const vat = orderVat(
      [{ rateBasisPoints: VAT_REDUCED, amountCents: 2110 }],
      [{ rateBasisPoints: VAT_STANDARD, amountCents: 50 }],
      590,
    );
    expect(vat.map((line) => [line.rateBasisPoints, line.grossCents])).toEqual([
      [VAT_REDUCED, 2700],
      [VAT_STANDARD, 50],
    ]);
  });
});
