import type { Db, Tx } from "#db/client.ts";
import { creditGiftCardsOnCancel } from "#platform/backoffice/gift-cards.ts";
import { refundMealVoucherOnCancel } from "#platform/backoffice/orders/meal-voucher-refunds.ts";
import { type OrderRef, orderRef } from "#platform/backoffice/orders/orders.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  lockGroceryOrderForRefund,
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
  setRestaurantOrderStatus,
} from "#platform/ordering/index.ts";
import { chargeRecords, refundCharge } from "#platform/payments/index.ts";

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
  options: { note?: string; notify?: boolean } = {},
): Promise<OrderChangeResult> {
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

/**
 * Refunds `amountCents` of an order's payment through the processor, once per idempotency key,
 * never more than was captured and not yet refunded (the order's row, then the charge's, are
 * locked). With `cancel`, the order is cancelled in the same transaction, and one message tells
 * the customer both (none when `notify` is false). `reason` is the processor's refund reason.
 * Nothing is changed when any part is refused.
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
): Promise<OrderChangeResult> {
  const notify = refund.notify !== false;
  try {
    await db.transaction(async (tx) => {
      const locked =
        ref.kind === "grocery"
          ? await lockGroceryOrderForRefund(tx, ref.id)
          : await lockRestaurantOrderForRefund(tx, ref.id);
      if (!locked) throw new Refused("not_found", "Cette commande est introuvable.");
      let refundedCents = 0;
      if (refund.amountCents > 0) {
        if (!locked.chargeId) {
          throw new Refused(
            "refund",
            "Cette commande n'a pas été payée par carte.",
            "not_paid_by_card",
          );
        }
        const result = await refundCharge(
          tx,
          {
            chargeId: locked.chargeId,
            amountCents: refund.amountCents,
            idempotencyKey: refund.idempotencyKey,
            reason: refund.reason || (refund.cancel ? "Annulation" : "Remboursement"),
          },
          now,
        );
        if (!result.ok) throw new Refused("refund", result.message, result.code);
        // The same key again (a form sent twice): the first refund stands, nothing more happens.
        if (result.replayed) return;
        refundedCents = result.refund.amountCents;
        const [record] = await chargeRecords(tx, [locked.chargeId]);
        if (ref.kind === "grocery")
          await setGroceryRefunded(tx, ref.id, record?.refundedCents ?? 0);
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
            reason:
              refund.reason || (refund.cancel ? "Annulation de la commande" : "Remboursement"),
          },
          now,
        );
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
export function orderActionsForApi(db: Db): OrderActions {
  return {
    changeStatus: ({ orderId, to, note, notify, now }) =>
      changeOrderStatus(db, ORDER_API_ACTOR, { kind: "restaurant", id: orderId }, to, now, {
        note,
        notify,
      }),
    refund: ({ orderId, amountCents, idempotencyKey, reason, notify, now }) =>
      refundOrder(
        db,
        ORDER_API_ACTOR,
        { kind: "restaurant", id: orderId },
        { amountCents, idempotencyKey, cancel: false, reason, notify },
        now,
      ),
  };
}
