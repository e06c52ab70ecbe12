import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#db/client.ts";
import type { ReceiptData } from "#platform/ordering/receipts/data.ts";
import {
  orderingCustomer,
  orderingOrder,
  orderingPaymentAccount,
  orderingStore,
} from "#platform/ordering/schema.ts";
import { localToInstant } from "#platform/ordering/slots.ts";
import { formatFrenchPhone } from "#platform/phone.ts";

const mealVoucherAccount = alias(orderingPaymentAccount, "meal_voucher_account");

/** A slot key's day and local times: `2026-11-24 12:00-13:00`. */
const SLOT_KEY = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

/**
 * What the PDF receipt of an order shows, read from the stored order alone (its lines, prices,
 * voucher and fees as they were at submission), never from what a client sends; null when there
 * is no such order. The caller decides who may have it (`customerId` says whose it is).
 */
export async function receiptDataForOrder(
  db: Db | Tx,
  orderId: number,
): Promise<ReceiptData | null> {
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2_147_483_647) return null;
  const [found] = await db
    .select({
      order: orderingOrder,
      store: orderingStore,
      customer: orderingCustomer,
      savedCard: { brand: orderingPaymentAccount.brand, last4: orderingPaymentAccount.last4 },
      mealVoucherLast4: mealVoucherAccount.last4,
    })
    .from(orderingOrder)
    .innerJoin(orderingStore, eq(orderingStore.id, orderingOrder.storeId))
    .innerJoin(orderingCustomer, eq(orderingCustomer.id, orderingOrder.customerId))
    // The card as saved, for orders that do not name their own card (charged by the test
    // processor, or placed before issue 48): a card deleted since leaves those receipts without
    // its last digits. Orders paid through the provider keep the card's digits themselves.
    .leftJoin(orderingPaymentAccount, eq(orderingPaymentAccount.id, orderingOrder.paymentAccountId))
    .leftJoin(
      mealVoucherAccount,
      eq(mealVoucherAccount.id, orderingOrder.mealVoucherPaymentAccountId),
    )
    .where(eq(orderingOrder.id, orderId));
  if (!found) return null;
  const { order, store, customer, savedCard, mealVoucherLast4 } = found;
  const card = order.cardBrand
    ? { brand: order.cardBrand, last4: order.cardLast4 }
    : savedCard?.brand
      ? savedCard
      : null;
  const location = order.deliveryLocation;

  return {
    orderId: order.id,
    orderNumber: String(order.orderNumber),
    placedAt: order.createdAt,
    customerId: customer.id,
    customer: {
      name: customer.name?.trim() || formatFrenchPhone(customer.phone),
      email: customer.email,
      phone: customer.phone,
    },
    mode: order.mode,
    store: {
      name: store.name,
      addressLines: addressLines(store.address, store.postcode, store.city),
    },
    deliveryAddress:
      order.mode === 1 && location
        ? {
            addressLines: addressLines(location.address, location.postcode, location.city),
            instructions: location.instructions?.trim() || null,
          }
        : null,
    slot: {
      start: order.slotStart,
      end: slotEnd(order.slotKey, order.slotStart, store.slotIntervalMinutes),
    },
    lines: order.lines.map((line) => ({
      name: line.name,
      options: line.options.map((option) => ({ name: option.name, priceCents: option.priceCents })),
      quantity: line.quantity,
      unitPriceCents:
        line.unitPriceCents + line.options.reduce((sum, option) => sum + option.priceCents, 0),
      totalCents: line.lineTotalCents,
    })),
    subtotalCents: order.subtotalCents,
    voucher:
      order.discountCents > 0
        ? { code: order.voucherCode ?? "Remise automatique", amountCents: order.discountCents }
        : null,
    serviceFeeCents: order.serviceFeeCents,
    deliveryFeeCents: order.deliveryFeeCents,
    totalCents: order.totalCents,
    // Charged by the test processor (chargeId) or through the payment provider (paymentIntentId,
    // issue 48), with a saved card or a new one on the hosted page: the order's own card names
    // it, else the saved account.
    payment:
      (order.chargeId || order.paymentIntentId) && card ? paymentOf(card.brand, card.last4) : null,
    mealVoucher:
      order.mealVoucherChargeId && mealVoucherLast4 && /^\d{4}$/.test(mealVoucherLast4)
        ? { last4: mealVoucherLast4, amountCents: order.mealVoucherAmountCents }
        : null,
    // Orders carry no gift wrap choice yet (spec §3 `isWrap`).
    giftWrap: order.giftWrap,
  };
}

/** Street, then postcode and city: one entry per printed line, empty parts left out. */
function addressLines(street: string, postcode: string, city: string): string[] {
  return [street.trim(), `${postcode} ${city}`.trim()].filter(Boolean);
}

/**
 * When the slot ends: the end time its key names (in Paris time), else one interval after its
 * start.
 */
function slotEnd(key: string, start: Date, intervalMinutes: number): Date {
  const match = SLOT_KEY.exec(key);
  if (match?.[1]) {
    const end = localToInstant(match[1], Number(match[4]) * 60 + Number(match[5]));
    if (end.getTime() > start.getTime()) return end;
  }
  return new Date(start.getTime() + intervalMinutes * 60_000);
}

const BRANDS = new Set(["visa", "mastercard", "amex"]);

function paymentOf(brand: string, last4: string | null): ReceiptData["payment"] {
  if (!last4 || !/^\d{4}$/.test(last4)) return null;
  const known = BRANDS.has(brand) ? (brand as "visa" | "mastercard" | "amex") : "other";
  return { brand: known, last4 };
}
