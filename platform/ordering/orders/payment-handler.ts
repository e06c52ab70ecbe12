import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { countOrder, countSlotBooking } from "#platform/metrics.ts";
import type { Totals } from "#platform/ordering/money.ts";
import { type OrderLinks, queueOrderConfirmation } from "#platform/ordering/orders/confirmation.ts";
import { issueRestaurationInvoice } from "#platform/ordering/orders/invoice.ts";
import {
  type DeliveryLocation,
  type OrderingMode,
  type OrderLine,
  orderingOrder,
  orderingVoucher,
} from "#platform/ordering/schema.ts";
import { releaseSlot } from "#platform/ordering/slots.ts";
import {
  type Payment,
  type PaymentAttempt,
  type PaymentHandler,
  refundCharge,
} from "#platform/payments/index.ts";

/**
 * The restauration flow's payment handler (purpose `restauration`): what a submission holds while
 * its card is charged (the slot's place, the voucher's use, the titres-restaurant charge), kept in
 * the payment attempt's data, becomes the order once the provider says it is paid, or is given
 * back when the payment fails, expires or is refunded.
 */

export const RESTAURATION_PURPOSE = "restauration";

/** What a submission holds, in its attempt's data (JSON). */
export type RestaurationHold = {
  customerId: number;
  /** `<customerId>:<Idempotency-Key>`: the order's idempotency key. */
  key: string;
  storeId: number;
  mode: OrderingMode;
  slotKey: string;
  slotStart: string;
  deliveryLocation: DeliveryLocation | null;
  lines: OrderLine[];
  totals: Totals;
  voucherId: number | null;
  voucherCode: string | null;
  giftWrap: boolean;
  paymentAccountId: number | null;
  mealVoucher: { paymentAccountId: number; chargeId: string; amountCents: number } | null;
};

export const holdOf = (attempt: PaymentAttempt) => attempt.data as unknown as RestaurationHold;

export async function orderByIdempotencyKey(db: Db | Tx, key: string) {
  const [order] = await db
    .select()
    .from(orderingOrder)
    .where(eq(orderingOrder.idempotencyKey, key));
  return order ?? null;
}

export function restaurationPaymentHandler(links: OrderLinks): PaymentHandler {
  return {
    async place(tx: Tx, attempt: PaymentAttempt, payment: Payment, now: Date) {
      const hold = holdOf(attempt);
      const first = await orderByIdempotencyKey(tx, hold.key);
      if (first) return { ok: true, resultRef: String(first.id) };
      const [order] = await tx
        .insert(orderingOrder)
        .values({
          storeId: hold.storeId,
          customerId: hold.customerId,
          mode: hold.mode,
          slotKey: hold.slotKey,
          slotStart: new Date(hold.slotStart),
          deliveryLocation: hold.deliveryLocation,
          lines: hold.lines,
          subtotalCents: hold.totals.subtotalCents,
          voucherId: hold.voucherId,
          voucherCode: hold.voucherCode,
          discountCents: hold.totals.discountCents,
          serviceFeeCents: hold.totals.serviceFeeCents,
          deliveryFeeCents: hold.totals.deliveryFeeCents,
          totalCents: hold.totals.totalCents,
          giftWrap: hold.giftWrap,
          paymentAccountId: hold.paymentAccountId,
          paymentIntentId: payment.id,
          // The card as the payment names it, saved or new on the hosted page: the receipt and
          // the invoice name it even without a saved account.
          cardBrand: payment.card?.brand ?? null,
          cardLast4: payment.card?.last4 ?? null,
          mealVoucherPaymentAccountId: hold.mealVoucher?.paymentAccountId ?? null,
          mealVoucherChargeId: hold.mealVoucher?.chargeId ?? null,
          mealVoucherAmountCents: hold.mealVoucher?.amountCents ?? 0,
          idempotencyKey: hold.key,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!order) throw new Error("The order was not stored");
      const invoice = await issueRestaurationInvoice(tx, order.id, now);
      await queueOrderConfirmation(tx, order.id, links, invoice);
      countOrder("restauration");
      countSlotBooking("restauration", "booked");
      return { ok: true, resultRef: String(order.id) };
    },

    async release(tx: Tx, attempt: PaymentAttempt, now: Date) {
      const hold = holdOf(attempt);
      await releaseSlot(tx, {
        storeId: hold.storeId,
        mode: hold.mode,
        start: new Date(hold.slotStart),
      });
      if (hold.voucherId !== null) {
        await tx
          .update(orderingVoucher)
          .set({ uses: sql`greatest(${orderingVoucher.uses} - 1, 0)`, updatedAt: sql`now()` })
          .where(eq(orderingVoucher.id, hold.voucherId));
      }
      if (hold.mealVoucher) {
        const refunded = await refundCharge(
          tx,
          {
            chargeId: hold.mealVoucher.chargeId,
            amountCents: hold.mealVoucher.amountCents,
            idempotencyKey: `${attempt.id}:titres-restaurant:release`,
            reason: "Paiement par carte non abouti",
          },
          now,
        );
        if (!refunded.ok) throw new Error(`The titres-restaurant charge was not given back`);
      }
    },
  };
}
