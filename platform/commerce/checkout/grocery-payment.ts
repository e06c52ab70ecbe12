import type { Tx } from "#db/client.ts";
import { giveBackStock } from "#platform/commerce/catalogue/stock.ts";
import { refundHeldMealVoucher } from "#platform/commerce/checkout/payment.ts";
import { createHeldOrder, type HeldCheckout } from "#platform/commerce/checkout/place-order.ts";
import { orderGid } from "#platform/commerce/orders/orders.ts";
import type { SlotBookings } from "#platform/commerce/slot-port.ts";
import { formatCents } from "#platform/format.ts";
import { countOrder } from "#platform/metrics.ts";
import type { Payment, PaymentAttempt, PaymentHandler } from "#platform/payments/index.ts";

/**
 * The grocery checkout's payment handler (purpose `grocery`): when the provider says a held
 * checkout was paid, the order is made from what the hold kept; when the hold is given back
 * (the hosted page expired or was abandoned, or a payment for a lost hold was refunded), the
 * slot's place, the counted stock and the titres-restaurant charge are given back.
 */

export const GROCERY_PAYMENT_MESSAGES = {
  refunded: (reason: string, cents: number) =>
    `${reason} Votre paiement de ${formatCents(cents)} a été remboursé et aucune commande n'a été passée. Vérifiez votre panier et payez à nouveau.`,
};

/** The hold an attempt keeps (hold.ts wrote it). */
export const heldCheckoutOf = (attempt: Pick<PaymentAttempt, "data">) =>
  attempt.data as unknown as HeldCheckout;

export function groceryPaymentHandler(options: {
  slots: SlotBookings;
  storefrontOrigin: string;
}): PaymentHandler {
  return {
    async place(tx: Tx, attempt: PaymentAttempt, payment: Payment, now: Date) {
      const held = heldCheckoutOf(attempt);
      const placed = await createHeldOrder(
        tx,
        held,
        {
          paymentIntentId: payment.id,
          card: payment.card,
          authorisedCents: attempt.captureMethod === "manual" ? payment.amount : null,
        },
        now,
        options.storefrontOrigin,
      );
      if (!placed.ok) {
        return {
          ok: false,
          message: GROCERY_PAYMENT_MESSAGES.refunded(placed.reason, attempt.amountCents),
        };
      }
      countOrder("grocery");
      return { ok: true, resultRef: orderGid(placed.order) };
    },

    async release(tx: Tx, attempt: PaymentAttempt, now: Date) {
      const held = heldCheckoutOf(attempt);
      await options.slots.release(tx, {
        storeId: held.slot.store.id,
        mode: held.slot.mode,
        start: new Date(held.slot.start),
      });
      await giveBackStock(tx, held.stock ?? []);
      if (held.mealVoucher) {
        await refundHeldMealVoucher(tx, held.mealVoucher, `${attempt.id}:titres-restaurant`, now);
      }
    },
  };
}
