import type { OrderingMode } from "#platform/ordering/schema.ts";

/** The fixed 0.50 € added to every order (spec §4, §9). */
export const SERVICE_FEE_CENTS = 50;

/** One basket line as priced: the item's price plus its options' prices, times the quantity. */
export type PricedLineInput = {
  unitPriceCents: number;
  optionPricesCents: number[];
  quantity: number;
};

export type Totals = {
  subtotalCents: number;
  discountCents: number;
  serviceFeeCents: number;
  deliveryFeeCents: number;
  totalCents: number;
};

/** A line's total: (item price + option prices) × quantity. */
export function lineTotalCents(line: PricedLineInput): number {
  const unit = line.unitPriceCents + line.optionPricesCents.reduce((sum, price) => sum + price, 0);
  return unit * line.quantity;
}

/**
 * The order's totals (spec §4): subtotal minus the voucher discount, plus the fixed service fee,
 * plus the store's delivery fee in delivery mode only. A discount never exceeds the subtotal (the
 * fees are always paid), so the total is never below 0.
 */
export function orderTotals(input: {
  subtotalCents: number;
  discountCents: number;
  mode: OrderingMode;
  storeDeliveryFeeCents: number;
}): Totals {
  const discountCents = Math.min(Math.max(input.discountCents, 0), input.subtotalCents);
  const deliveryFeeCents = input.mode === 1 ? input.storeDeliveryFeeCents : 0;
  const totalCents = Math.max(
    0,
    input.subtotalCents - discountCents + SERVICE_FEE_CENTS + deliveryFeeCents,
  );
  return {
    subtotalCents: input.subtotalCents,
    discountCents,
    serviceFeeCents: SERVICE_FEE_CENTS,
    deliveryFeeCents,
    totalCents,
  };
}

/** Cents as the decimal euros Flipdish's API carries (`1250` → `12.5`). */
export function euros(cents: number): number {
  return Math.round(cents) / 100;
}
