import { describe, expect, it } from "vitest";
import { restaurationMealVoucherCents } from "#platform/ordering/orders/orders.ts";
import type { OrderLine } from "#platform/ordering/schema.ts";

function line(lineTotalCents: number): OrderLine {
  return {
    menuItemId: 1,
    name: "Plat",
    quantity: 1,
    unitPriceCents: lineTotalCents,
    options: [],
    lineTotalCents,
  };
}

const totals = (subtotalCents: number, discountCents: number, deliveryFeeCents = 0) => ({
  subtotalCents,
  discountCents,
  serviceFeeCents: 50,
  deliveryFeeCents,
  totalCents: subtotalCents - discountCents + 50 + deliveryFeeCents,
});

describe("restaurationMealVoucherCents", () => {
  it("pays the food, never the service fee nor the delivery", () => {
    expect(restaurationMealVoucherCents([line(1250)], [false], totals(1250, 0, 390))).toBe(1250);
  });

  it("never pays alcohol", () => {
    expect(
      restaurationMealVoucherCents([line(1000), line(1200)], [false, true], totals(2200, 0)),
    ).toBe(1000);
    expect(restaurationMealVoucherCents([line(1200)], [true], totals(1200, 0))).toBe(0);
  });

  it("takes each line's share of the voucher off, rounded down", () => {
    // 10 € off 30 €: the 10 € dish is charged 6,66 €, the 20 € wine is not eligible.
    expect(
      restaurationMealVoucherCents([line(1000), line(2000)], [false, true], totals(3000, 1000)),
    ).toBe(666);
  });

  it("never asks more than the daily limit", () => {
    expect(restaurationMealVoucherCents([line(4000)], [false], totals(4000, 0))).toBe(2500);
  });
});
