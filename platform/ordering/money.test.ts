import { describe, expect, it } from "vitest";
import { lineTotalCents, orderTotals, SERVICE_FEE_CENTS } from "#platform/ordering/money.ts";
import type { OrderingMode } from "#platform/ordering/schema.ts";
import { checkAutomaticVoucher, checkVoucher, type Voucher } from "#platform/ordering/vouchers.ts";

const NOW = new Date("2026-11-24T10:00:00Z");

/** An automatic lump voucher of 5 € from 30 €, valid in both modes, until December. */
const automatic: Voucher = {
  id: 1,
  whiteLabel: "comptoir",
  code: "AUTO5",
  description: "5 € offerts dès 30 €",
  isEnabled: true,
  startsAt: null,
  expiresAt: new Date("2026-12-31T23:00:00Z"),
  validOnOrdersOverCents: 3000,
  validForDelivery: true,
  validForPickup: true,
  kind: "lump",
  amount: 500,
  isAutomatic: true,
  maxUses: null,
  uses: 0,
  createdAt: NOW,
  updatedAt: NOW,
};

describe("the automatic voucher's five conditions (spec §4)", () => {
  const cases: {
    name: string;
    voucher: Partial<Voucher>;
    subtotalCents?: number;
    mode?: OrderingMode;
    applies: boolean;
    reason?: string;
  }[] = [
    { name: "applies when all five hold", voucher: {}, applies: true },
    {
      name: "1. refused when disabled",
      voucher: { isEnabled: false },
      applies: false,
      reason: "disabled",
    },
    {
      name: "2. refused once expired",
      voucher: { expiresAt: new Date("2026-11-24T09:59:59Z") },
      applies: false,
      reason: "expired",
    },
    {
      name: "2. refused at the very instant it expires",
      voucher: { expiresAt: NOW },
      applies: false,
      reason: "expired",
    },
    { name: "2. applies without an expiry date", voucher: { expiresAt: null }, applies: true },
    {
      name: "2. refused before its validity start (the admin area's start date)",
      voucher: { startsAt: new Date("2026-11-24T10:00:01Z") },
      applies: false,
      reason: "not_started",
    },
    {
      name: "2. applies from the very instant it starts",
      voucher: { startsAt: NOW },
      applies: true,
    },
    {
      name: "3. refused under ValidOnOrdersOver",
      voucher: {},
      subtotalCents: 2999,
      applies: false,
      reason: "below_minimum",
    },
    {
      name: "3. applies at exactly ValidOnOrdersOver",
      voucher: {},
      subtotalCents: 3000,
      applies: true,
    },
    {
      name: "4. refused in delivery when not valid for delivery",
      voucher: { validForDelivery: false },
      mode: 1,
      applies: false,
      reason: "not_for_delivery",
    },
    {
      name: "4. still applies in pickup then",
      voucher: { validForDelivery: false },
      mode: 2,
      applies: true,
    },
    {
      name: "4. refused in pickup when not valid for pickup",
      voucher: { validForPickup: false },
      mode: 2,
      applies: false,
      reason: "not_for_pickup",
    },
    {
      name: "5. refused without a lump discount amount",
      voucher: { amount: 0 },
      applies: false,
      reason: "no_discount",
    },
    {
      name: "5. refused when the discount is a percentage, not a lump",
      voucher: { kind: "percentage", amount: 10 },
      applies: false,
      reason: "no_discount",
    },
  ];

  it.each(cases)("$name", ({ voucher, subtotalCents = 4000, mode = 1, applies, reason }) => {
    const check = checkAutomaticVoucher(
      { ...automatic, ...voucher },
      { subtotalCents, mode, now: NOW },
    );
    expect(check.ok).toBe(applies);
    if (check.ok) expect(check.discountCents).toBe(500);
    else expect(check.reason).toBe(reason);
  });
});

describe("code vouchers", () => {
  const code: Voucher = {
    ...automatic,
    code: "DIX",
    isAutomatic: false,
    validOnOrdersOverCents: 0,
  };

  it.each([
    {
      name: "a percentage takes that share of the subtotal, to the cent",
      kind: "percentage" as const,
      amount: 10,
      subtotal: 2345,
      discount: 235,
    },
    {
      name: "a lump takes its amount",
      kind: "lump" as const,
      amount: 500,
      subtotal: 2345,
      discount: 500,
    },
    {
      name: "a lump never takes more than the subtotal",
      kind: "lump" as const,
      amount: 5000,
      subtotal: 1200,
      discount: 1200,
    },
  ])("$name", ({ kind, amount, subtotal, discount }) => {
    const check = checkVoucher(
      { ...code, kind, amount },
      { subtotalCents: subtotal, mode: 2, now: NOW },
    );
    expect(check).toEqual({ ok: true, discountCents: discount });
  });

  it("refuses a voucher with no use left", () => {
    const check = checkVoucher(
      { ...code, maxUses: 3, uses: 3 },
      { subtotalCents: 2000, mode: 1, now: NOW },
    );
    expect(check).toMatchObject({ ok: false, reason: "exhausted" });
  });
});

describe("fees and totals (spec §4, §9)", () => {
  it.each([
    {
      name: "delivery adds the 0.50 € service fee and the store's DeliveryFee",
      mode: 1 as const,
      subtotal: 2000,
      discount: 0,
      deliveryFee: 390,
      expected: { deliveryFeeCents: 390, totalCents: 2440 },
    },
    {
      name: "pickup adds the service fee only, whatever the store's DeliveryFee",
      mode: 2 as const,
      subtotal: 2000,
      discount: 0,
      deliveryFee: 390,
      expected: { deliveryFeeCents: 0, totalCents: 2050 },
    },
    {
      name: "a delivery store without a fee still adds the service fee",
      mode: 1 as const,
      subtotal: 1000,
      discount: 0,
      deliveryFee: 0,
      expected: { deliveryFeeCents: 0, totalCents: 1050 },
    },
    {
      name: "a discount comes off the subtotal, before the fees",
      mode: 1 as const,
      subtotal: 4000,
      discount: 500,
      deliveryFee: 390,
      expected: { discountCents: 500, totalCents: 3940 },
    },
    {
      name: "a discount above the subtotal is capped: the total is never below the fees, never below 0",
      mode: 2 as const,
      subtotal: 300,
      discount: 5000,
      deliveryFee: 390,
      expected: { discountCents: 300, totalCents: 50 },
    },
  ])("$name", ({ mode, subtotal, discount, deliveryFee, expected }) => {
    const totals = orderTotals({
      subtotalCents: subtotal,
      discountCents: discount,
      mode,
      storeDeliveryFeeCents: deliveryFee,
    });
    expect(totals.serviceFeeCents).toBe(SERVICE_FEE_CENTS);
    expect(SERVICE_FEE_CENTS).toBe(50);
    expect(totals).toMatchObject(expected);
    expect(totals.totalCents).toBeGreaterThanOrEqual(0);
  });

  it.each([
    {
      name: "item and options, times the quantity",
      unit: 1250,
      options: [150, 100],
      quantity: 2,
      total: 3000,
    },
    { name: "an item without options", unit: 400, options: [], quantity: 3, total: 1200 },
    { name: "a free option adds nothing", unit: 1250, options: [0], quantity: 1, total: 1250 },
  ])("prices a line: $name", ({ unit, options, quantity, total }) => {
    expect(lineTotalCents({ unitPriceCents: unit, optionPricesCents: options, quantity })).toBe(
      total,
    );
  });
});
