import type { Db, Tx } from "#db/client.ts";
import { creditGiftCardsOnCancel } from "#platform/backoffice/gift-cards.ts";
import { releaseBeforeCancel } from "#platform/backoffice/orders/capture.ts";
import { refundMealVoucherOnCancel } from "#platform/backoffice/orders/meal-voucher-refunds.ts";
import { type OrderRef, orderRef } from "#platform/backoffice/orders/orders.ts";
import {
  type ProviderRefundOutcome,
  recordOrderRefund,
  refundAtProvider,
} from "#platform/backoffice/orders/provider-refunds.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  groceryPaymentOf,
  lockGroceryOrderForRefund,
  recordGroceryAuthorisationReleased,
  setGroceryOrderStatus,
  setGroceryRefunded,
} from "#platform/commerce/index.ts";
import { type InvoiceSource, issueCreditNote } from "#platform/invoices/index.ts";
import {
  orderRefundEmail,
  orderRefundSms,
  orderStatusEmail,
  orderStatusSms,
  queueEmail,
  queueSms,
} from "#platform/notify/index.ts";
import {
  type GroceryStatus,
  isGroceryStatus,
  isRestaurantStatus,
  type OrderKind,
  orderNumberLabel,
  type RestaurantStatus,
} from "#platform/order-status.ts";
import {
  lockRestaurantOrderForRefund,
  type OrderActionRefusal,
  type OrderActions,
  restaurantOrderForAdmin,
  setRestaurantOrderStatus,
} from "#platform/ordering/index.ts";
import { chargeRecords, type PaymentProvider, refundCharge } from "#platform/payments/index.ts";

/**
 * The back office's order actions: status changes and refunds, each logged (order history and
 * change log) and told to the customer by email and SMS through the outbox, all in the
 * transaction of the change; the ordering service's administrative API acts through them too.
 */

/** A change refused: the French message to show, nothing written. */
class Refused extends Error {
  readonly reason: OrderActionRefusal;
  readonly code: string | undefined;
  constructor(reason: OrderActionRefusal, message: string, code?: string) {
    super(message);
    this.reason = reason;
    this.code = code;
  }
}

export type OrderChangeResult =
  | { ok: true }
  | { ok: false; reason: OrderActionRefusal; message: string; code?: string };

function refusal(error: unknown): OrderChangeResult {
  if (!(error instanceof Refused)) throw error;
  return {
    ok: false,
    reason: error.reason,
    message: error.message,
    ...(error.code ? { code: error.code } : {}),
  };
}

/** How the order history names a change made through the ordering service's API. */
export const ORDER_API_ACTOR: Actor = { id: null, email: "API de commande" };

type Contact = {
  orderNumber: number;
  email: string | null;
  phone: string | null;
  firstName: string | null;
};

async function notifyStatus(
  tx: Tx,
  kind: OrderKind,
  status: GroceryStatus | RestaurantStatus,
  contact: Contact,
  refundCents: number | null,
  giftCardCreditCents = 0,
): Promise<void> {
  const parts = {
    giftCardCreditCents,
    kind,
    status,
    firstName: contact.firstName,
    orderName: orderNumberLabel(contact.orderNumber),
    refundCents,
  };
  if (contact.email) {
    await queueEmail(tx, { kind: "order-status", to: contact.email, ...orderStatusEmail(parts) });
  }
  if (contact.phone) {
    await queueSms(tx, { kind: "order-status", to: contact.phone, text: orderStatusSms(parts) });
  }
}

/** The invoices module's name for the service of an order. */
function invoiceSourceOf(ref: OrderRef): InvoiceSource {
  return ref.kind === "grocery" ? "epicerie" : "restauration";
}

async function changeStatusIn(
  tx: Tx,
  actor: Actor,
  ref: OrderRef,
  to: string,
  now: Date,
  note = "",
): Promise<
  Contact & {
    from: string;
    chargeId?: string | null;
    giftCardCreditCents: number;
    mealVoucherRefundCents: number;
  }
> {
  let change:
    | (Contact & { ok: true; from: string; to: string; mealVoucherChargeId?: string | null })
    | { ok: false; reason: OrderActionRefusal; message: string };
  if (ref.kind === "grocery") {
    if (!isGroceryStatus(to)) throw new Refused("invalid", "Ce statut n'existe pas.");
    change = await setGroceryOrderStatus(tx, ref.id, to, now);
  } else {
    if (!isRestaurantStatus(to)) throw new Refused("invalid", "Ce statut n'existe pas.");
    change = await setRestaurantOrderStatus(tx, ref.id, to, now);
  }
  if (!change.ok) throw new Refused(change.reason, change.message);
  // An authorisation awaiting its capture was released at the provider before this transaction
  // (releaseBeforeCancel): the order says nothing was taken.
  if (ref.kind === "grocery" && to === "cancelled") {
    const payment = await groceryPaymentOf(tx, ref.id);
    if (
      payment?.paymentIntentId &&
      payment.authorisedCents !== null &&
      payment.capturedCents === null
    ) {
      await recordGroceryAuthorisationReleased(tx, ref.id);
    }
  }
  // What gift cards paid of a cancelled grocery order goes back to them, in this transaction
  // (the order's row is locked: a second cancellation credits nothing more).
  const giftCardCreditCents =
    ref.kind === "grocery" && to === "cancelled"
      ? await creditGiftCardsOnCancel(
          tx,
          actor,
          { id: ref.id, ref: orderRef(ref.kind, ref.id) },
          now,
        )
      : 0;
  if (giftCardCreditCents > 0) {
    await issueCreditNote(
      tx,
      {
        source: invoiceSourceOf(ref),
        orderId: ref.id,
        amountCents: giftCardCreditCents,
        reason: "Annulation de la commande : montant recrédité sur les cartes cadeaux",
      },
      now,
    );
  }
  // And what titres-restaurant paid goes back to their card.
  const mealVoucherRefundCents =
    (ref.kind === "grocery" && to === "cancelled") ||
    (ref.kind === "restaurant" && to === "Cancelled")
      ? await refundMealVoucherOnCancel(
          tx,
          actor,
          {
            source: invoiceSourceOf(ref),
            id: ref.id,
            ref: orderRef(ref.kind, ref.id),
            mealVoucherChargeId: change.mealVoucherChargeId ?? null,
          },
          now,
        )
      : 0;
  await tx.insert(adminOrderEvent).values({
    kind: ref.kind,
    orderId: ref.id,
    action: "status",
    fromStatus: change.from,
    toStatus: to,
    staffId: actor.id,
    staffEmail: actor.email,
    note,
    createdAt: now,
  });
  await logChange(tx, actor, {
    action: "order.status",
    subjectType: "order",
    subjectId: orderRef(ref.kind, ref.id),
    before: { status: change.from },
    after: { status: to, ...(note ? { note } : {}) },
  });
  return { ...change, giftCardCreditCents, mealVoucherRefundCents };
}

/**
 * Moves an order along its flow (platform/order-status.ts), as `actor` (a staff member, or the
 * ordering service's API): the change is logged (with `note`, say the reason of a refusal) and
 * the customer told by email and SMS unless `notify` is false; a change the flow refuses changes
 * nothing.
 */
export async function changeOrderStatus(
  db: Db,
  actor: Actor,
  ref: OrderRef,
  to: string,
  now: Date,
  options: { note?: string; notify?: boolean; provider?: PaymentProvider | null } = {},
): Promise<OrderChangeResult> {
  if (ref.kind === "grocery" && to === "cancelled") {
    const release = await releaseBeforeCancel(db, options.provider ?? null, ref.id);
    if (!release.ok) return { ok: false, reason: "refund", message: release.message };
  }
  try {
    await db.transaction(async (tx) => {
      const contact = await changeStatusIn(tx, actor, ref, to, now, options.note);
      if (options.notify === false) return;
      await notifyStatus(
        tx,
        ref.kind,
        to as GroceryStatus | RestaurantStatus,
        contact,
        contact.mealVoucherRefundCents || null,
        contact.giftCardCreditCents,
      );
    });
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}

/** The provider's PaymentIntent of an order, and whether it is only authorised (not captured). */
async function providerPaymentOf(
  db: Db,
  ref: OrderRef,
): Promise<{ paymentIntentId: string; authorisedOnly: boolean } | null> {
  if (ref.kind === "grocery") {
    const payment = await groceryPaymentOf(db, ref.id);
    if (!payment?.paymentIntentId) return null;
    return {
      paymentIntentId: payment.paymentIntentId,
      authorisedOnly: payment.authorisedCents !== null && payment.capturedCents === null,
    };
  }
  const order = await restaurantOrderForAdmin(db, ref.id);
  return order?.paymentIntentId
    ? { paymentIntentId: order.paymentIntentId, authorisedOnly: false }
    : null;
}

/**
 * Refunds through the test card processor (orders paid before the payment provider), in the
 * caller's transaction: the refunded amount, or null when the key was used already.
 */
async function refundProcessorCharge(
  tx: Tx,
  actor: Actor,
  ref: OrderRef,
  chargeId: string | null,
  refund: { amountCents: number; idempotencyKey: string; cancel: boolean; reason?: string },
  now: Date,
): Promise<number | null> {
  if (!chargeId) {
    throw new Refused("refund", "Cette commande n'a pas été payée par carte.", "not_paid_by_card");
  }
  const result = await refundCharge(
    tx,
    {
      chargeId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      reason: refundReason(refund),
    },
    now,
  );
  if (!result.ok) throw new Refused("refund", result.message, result.code);
  // The same key again (a form sent twice): the first refund stands, nothing more happens.
  if (result.replayed) return null;
  const refundedCents = result.refund.amountCents;
  const [record] = await chargeRecords(tx, [chargeId]);
  if (ref.kind === "grocery") await setGroceryRefunded(tx, ref.id, record?.refundedCents ?? 0);
  await tx.insert(adminOrderEvent).values({
    kind: ref.kind,
    orderId: ref.id,
    action: "refund",
    amountCents: refundedCents,
    staffId: actor.id,
    staffEmail: actor.email,
    note: result.refund.id,
    createdAt: now,
  });
  await logChange(tx, actor, {
    action: "order.refund",
    subjectType: "order",
    subjectId: orderRef(ref.kind, ref.id),
    after: { refundId: result.refund.id, amountCents: refundedCents },
  });
  // What goes back to the customer gets its credit note (invoices module).
  await issueCreditNote(
    tx,
    {
      source: invoiceSourceOf(ref),
      orderId: ref.id,
      amountCents: refundedCents,
      reason: refundReason(refund),
    },
    now,
  );
  return refundedCents;
}

/** A refund's reason, as the order page, the provider and the credit note name it. */
function refundReason(refund: { cancel: boolean; reason?: string }): string {
  return refund.reason || (refund.cancel ? "Annulation de la commande" : "Remboursement");
}

/**
 * Refunds `amountCents` of an order's payment, once per idempotency key, never more than was
 * captured and not yet refunded. An order paid through the payment provider (it has a
 * PaymentIntent) is refunded by `provider` first, then the refund is recorded (history, credit
 * note) by its provider id; an older one through the test card processor, in the transaction
 * (the order's row, then the charge's, locked). With `cancel`, the order is cancelled in the same
 * transaction (an authorisation awaiting capture is released instead of refunded), and one
 * message tells the customer both (none when `notify` is false). `reason` is the refund's
 * reason. Nothing is recorded when any part is refused.
 */
export async function refundOrder(
  db: Db,
  actor: Actor,
  ref: OrderRef,
  refund: {
    amountCents: number;
    idempotencyKey: string;
    cancel: boolean;
    reason?: string;
    notify?: boolean;
  },
  now: Date,
  provider: PaymentProvider | null = null,
): Promise<OrderChangeResult> {
  const notify = refund.notify !== false;
  const intent = await providerPaymentOf(db, ref);
  let atProvider: ProviderRefundOutcome | null = null;
  if (intent && refund.amountCents > 0) {
    if (!provider) throw new Error("An order paid through the payment provider needs the provider");
    if (intent.authorisedOnly) {
      return {
        ok: false,
        reason: "refund",
        code: "not_captured",
        message:
          "Ce paiement n'est encore qu'autorisé : encaissez-le après la pesée, ou annulez la commande pour libérer l'autorisation.",
      };
    }
    atProvider = await refundAtProvider(db, provider, actor, ref, {
      paymentIntentId: intent.paymentIntentId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      reason: refundReason(refund),
    });
    if (!atProvider.ok) {
      return { ok: false, reason: "refund", message: atProvider.message, code: atProvider.code };
    }
    // The same key again (a form sent twice): the first refund stands, nothing more happens.
    if (atProvider.replayed) return { ok: true };
  }
  if (intent && refund.cancel && ref.kind === "grocery") {
    const release = await releaseBeforeCancel(db, provider, ref.id);
    if (!release.ok) return { ok: false, reason: "refund", message: release.message };
  }
  try {
    await db.transaction(async (tx) => {
      const locked =
        ref.kind === "grocery"
          ? await lockGroceryOrderForRefund(tx, ref.id)
          : await lockRestaurantOrderForRefund(tx, ref.id);
      if (!locked) throw new Refused("not_found", "Cette commande est introuvable.");
      let refundedCents = 0;
      if (refund.amountCents > 0) {
        if (atProvider?.ok) {
          // Recorded already when the provider's webhook came first: it stands as recorded.
          await recordOrderRefund(tx, actor, ref, atProvider.refund, now);
          refundedCents = atProvider.refund.amountCents;
        } else {
          const refunded = await refundProcessorCharge(
            tx,
            actor,
            ref,
            locked.chargeId,
            refund,
            now,
          );
          if (refunded === null) return;
          refundedCents = refunded;
        }
      } else if (!refund.cancel) {
        throw new Refused("invalid", "Saisissez un montant à rembourser.");
      }
      const cancelled = refund.cancel
        ? await changeStatusIn(
            tx,
            actor,
            ref,
            ref.kind === "grocery" ? "cancelled" : "Cancelled",
            now,
          )
        : null;
      if (!notify) return;
      if (cancelled) {
        await notifyStatus(
          tx,
          ref.kind,
          ref.kind === "grocery" ? "cancelled" : "Cancelled",
          locked,
          refundedCents + cancelled.mealVoucherRefundCents,
          cancelled.giftCardCreditCents,
        );
        return;
      }
      const orderName = orderNumberLabel(locked.orderNumber);
      if (locked.email) {
        await queueEmail(tx, {
          kind: "order-refund",
          to: locked.email,
          ...orderRefundEmail({
            firstName: locked.firstName,
            orderName,
            refundCents: refundedCents,
          }),
        });
      }
      if (locked.phone) {
        await queueSms(tx, {
          kind: "order-refund",
          to: locked.phone,
          text: orderRefundSms({ orderName, refundCents: refundedCents }),
        });
      }
    });
    return { ok: true };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * The ordering service's administrative API's order actions (its `OrderActions` port), on the
 * same code path as the order screen: history, change log, outbox and refunds alike, written as
 * `ORDER_API_ACTOR`.
 */
export function orderActionsForApi(db: Db, provider: PaymentProvider | null = null): OrderActions {
  return {
    changeStatus: ({ orderId, to, note, notify, now }) =>
      changeOrderStatus(db, ORDER_API_ACTOR, { kind: "restaurant", id: orderId }, to, now, {
        note,
        notify,
        provider,
      }),
    refund: ({ orderId, amountCents, idempotencyKey, reason, notify, now }) =>
      refundOrder(
        db,
        ORDER_API_ACTOR,
        { kind: "restaurant", id: orderId },
        { amountCents, idempotencyKey, cancel: false, reason, notify },
        now,
        provider,
      ),
  };
}
