import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { type OrderRef, orderRef } from "#platform/backoffice/orders/orders.ts";
import { orderPaymentRefund } from "#platform/backoffice/orders/schema.ts";
import { adminOrderEvent } from "#platform/backoffice/schema.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import { groceryPaymentByIntent, setGroceryRefunded } from "#platform/commerce/index.ts";
import { formatCents } from "#platform/format.ts";
import { issueCreditNote } from "#platform/invoices/index.ts";
import { restaurantOrderByPaymentIntent } from "#platform/ordering/index.ts";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
} from "#platform/payments/index.ts";

/**
 * Refunds of orders paid through the payment provider (docs/payments.md, "Refunds from the back
 * office"): the office's, from the order page, and those made in the provider's dashboard, which
 * its `charge.refunded` webhook reports. Each provider refund is recorded once, by its id, with
 * the order's history line, its change-log line, the grocery order's refunded total and a credit
 * note, whichever path sees it first.
 */

/** How the order history names a refund made in the provider's dashboard. */
export const PROVIDER_DASHBOARD_ACTOR: Actor = {
  id: null,
  email: "tableau de bord du prestataire de paiement",
};

/** The metadata the office puts on its refunds, so the webhook knows them as the office's. */
const META = {
  order: "comptoir_order",
  staff: "comptoir_staff",
  key: "comptoir_key",
  reason: "comptoir_reason",
};

/** A French message for a failure of the provider; nothing was recorded. */
export function providerFailureMessage(error: PaymentProviderError, action: string): string {
  if (error.kind === "unavailable" || error.kind === "authentication") {
    return `Le prestataire de paiement est injoignable : ${action} n'a pas été fait. Réessayez dans un instant.`;
  }
  if (error.code === "amount_too_large" || error.code === "charge_already_refunded") {
    return "Le remboursement dépasse ce qui reste à rembourser sur ce paiement.";
  }
  if (error.code === "idempotency_error") {
    return "Formulaire déjà envoyé avec un autre montant : rechargez la page et recommencez.";
  }
  return `Le prestataire de paiement a refusé l'opération (${error.message}) : ${action} n'a pas été fait.`;
}

export type RecordedRefund = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  origin: "office" | "dashboard";
  idempotencyKey: string | null;
  createdAt: Date;
};

/**
 * Records one provider refund on an order in the caller's transaction (the order's row locked):
 * false, writing nothing, when it is recorded already.
 */
export async function recordOrderRefund(
  tx: Tx,
  actor: Actor,
  ref: OrderRef,
  refund: RecordedRefund,
  now: Date,
): Promise<boolean> {
  const [stored] = await tx
    .insert(orderPaymentRefund)
    .values({
      id: refund.id,
      kind: ref.kind,
      orderId: ref.id,
      paymentIntentId: refund.paymentIntentId,
      amountCents: refund.amountCents,
      reason: refund.reason,
      origin: refund.origin,
      idempotencyKey: refund.idempotencyKey,
      staffEmail: actor.email,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: orderPaymentRefund.id });
  if (!stored) return false;
  await tx.insert(adminOrderEvent).values({
    kind: ref.kind,
    orderId: ref.id,
    action: "refund",
    amountCents: refund.amountCents,
    staffId: actor.id,
    staffEmail: actor.email,
    note: refund.id,
    createdAt: now,
  });
  await logChange(tx, actor, {
    action: "order.refund",
    subjectType: "order",
    subjectId: orderRef(ref.kind, ref.id),
    after: { refundId: refund.id, amountCents: refund.amountCents, origin: refund.origin },
  });
  if (ref.kind === "grocery") {
    await setGroceryRefunded(tx, ref.id, await refundedCentsOf(tx, ref));
  }
  await issueCreditNote(
    tx,
    {
      source: ref.kind === "grocery" ? "epicerie" : "restauration",
      orderId: ref.id,
      amountCents: refund.amountCents,
      reason: refund.reason || "Remboursement",
    },
    now,
  );
  return true;
}

/** What the shop recorded as refunded of an order through the provider. */
async function refundedCentsOf(db: Db | Tx, ref: OrderRef): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderPaymentRefund.amountCents}), 0)::int` })
    .from(orderPaymentRefund)
    .where(and(eq(orderPaymentRefund.kind, ref.kind), eq(orderPaymentRefund.orderId, ref.id)));
  return Number(row?.cents ?? 0);
}

/** An order's provider refunds, oldest first (the order page's list). */
export async function providerRefundsOf(db: Db | Tx, ref: OrderRef): Promise<RecordedRefund[]> {
  return db
    .select({
      id: orderPaymentRefund.id,
      paymentIntentId: orderPaymentRefund.paymentIntentId,
      amountCents: orderPaymentRefund.amountCents,
      reason: orderPaymentRefund.reason,
      origin: orderPaymentRefund.origin,
      idempotencyKey: orderPaymentRefund.idempotencyKey,
      createdAt: orderPaymentRefund.createdAt,
    })
    .from(orderPaymentRefund)
    .where(and(eq(orderPaymentRefund.kind, ref.kind), eq(orderPaymentRefund.orderId, ref.id)))
    .orderBy(asc(orderPaymentRefund.createdAt), asc(orderPaymentRefund.id));
}

/** The office's refund already made with this key (a form sent twice), if any. */
async function refundOfKey(db: Db | Tx, key: string): Promise<RecordedRefund | null> {
  const [row] = await db
    .select()
    .from(orderPaymentRefund)
    .where(eq(orderPaymentRefund.idempotencyKey, key));
  return row ?? null;
}

export type ProviderRefundOutcome =
  | { ok: true; refund: RecordedRefund; replayed: boolean }
  | { ok: false; message: string; code: string };

/**
 * Refunds `amountCents` of a captured provider payment, once per idempotency key: checks first
 * that it fits in what was captured and not yet refunded (the provider refuses more anyway),
 * then asks the provider. Nothing is recorded here: the caller records the refund in its
 * transaction (`recordOrderRefund`). A key already used answers its refund, replayed.
 */
export async function refundAtProvider(
  db: Db,
  provider: PaymentProvider,
  actor: Actor,
  ref: OrderRef,
  refund: { paymentIntentId: string; amountCents: number; idempotencyKey: string; reason: string },
): Promise<ProviderRefundOutcome> {
  const done = await refundOfKey(db, refund.idempotencyKey);
  if (done) return { ok: true, refund: done, replayed: true };
  if (!Number.isInteger(refund.amountCents) || refund.amountCents <= 0) {
    return { ok: false, message: "Saisissez un montant à rembourser.", code: "amount_invalid" };
  }
  try {
    const payment = await provider.retrievePayment(refund.paymentIntentId);
    if (payment.amountReceived <= 0) {
      return {
        ok: false,
        message:
          "Ce paiement n'est pas encore encaissé : encaissez-le, ou annulez la commande pour libérer l'autorisation.",
        code: "not_captured",
      };
    }
    const refunds = await provider.listRefunds(refund.paymentIntentId);
    const refunded = refunds
      .filter((r) => r.status === "succeeded" || r.status === "pending")
      .reduce((sum, r) => sum + r.amount, 0);
    const left = payment.amountReceived - refunded;
    if (refund.amountCents > left) {
      return {
        ok: false,
        message: `Le remboursement (${formatCents(refund.amountCents)}) dépasse ce qui reste à rembourser sur ce paiement (${formatCents(left)}).`,
        code: "exceeds",
      };
    }
    const made = await provider.refundPayment(refund.paymentIntentId, {
      amount: refund.amountCents,
      reason: "requested_by_customer",
      idempotencyKey: refund.idempotencyKey,
      metadata: {
        [META.order]: orderRef(ref.kind, ref.id),
        [META.staff]: actor.email,
        [META.key]: refund.idempotencyKey,
        [META.reason]: refund.reason,
      },
    });
    return {
      ok: true,
      replayed: false,
      refund: {
        id: made.id,
        paymentIntentId: refund.paymentIntentId,
        amountCents: made.amount,
        reason: refund.reason,
        origin: "office",
        idempotencyKey: refund.idempotencyKey,
        createdAt: made.createdAt,
      },
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return {
      ok: false,
      message: providerFailureMessage(error, "le remboursement"),
      code: error.code ?? error.kind,
    };
  }
}

/** What `charge.refunded` reports (the core's `PaymentHandler.refunded`). */
export type ProviderRefundReport = {
  paymentIntentId: string;
  amountRefunded: number;
  refunds: ProviderRefund[];
};

/** A refund the provider reports, as the shop records it: the office's (by its metadata) or the dashboard's. */
function reported(
  refund: ProviderRefund,
  paymentIntentId: string,
): {
  actor: Actor;
  refund: RecordedRefund;
} {
  const staff = refund.metadata[META.staff];
  const office = Boolean(staff && refund.metadata[META.key]);
  return {
    actor: office && staff ? { id: null, email: staff } : PROVIDER_DASHBOARD_ACTOR,
    refund: {
      id: refund.id,
      paymentIntentId,
      amountCents: refund.amount,
      reason: office
        ? (refund.metadata[META.reason] ?? "Remboursement")
        : "Remboursement depuis le tableau de bord du prestataire de paiement",
      origin: office ? "office" : "dashboard",
      idempotencyKey: office ? (refund.metadata[META.key] ?? null) : null,
      createdAt: refund.createdAt,
    },
  };
}

async function recordReported(
  tx: Tx,
  ref: OrderRef,
  report: ProviderRefundReport,
  now: Date,
): Promise<number> {
  let recorded = 0;
  for (const refund of report.refunds) {
    if (refund.status !== "succeeded" && refund.status !== "pending") continue;
    const { actor, refund: record } = reported(refund, report.paymentIntentId);
    // The office's key may already name a refund recorded under another id: never twice.
    if (record.idempotencyKey && (await refundOfKey(tx, record.idempotencyKey))) continue;
    if (await recordOrderRefund(tx, actor, ref, record, now)) recorded++;
  }
  return recorded;
}

/**
 * `charge.refunded` for a grocery order (the `refunded` hook of the grocery payment handler):
 * each provider refund not yet recorded is recorded on the order paid by that PaymentIntent,
 * with its history line (« remboursement de 12,00 € effectué depuis le tableau de bord du
 * prestataire de paiement »), its credit note and the order's refunded total. Idempotent by
 * refund id; an unknown PaymentIntent records nothing. Gives the number of refunds recorded.
 */
export async function recordGroceryProviderRefunds(
  tx: Tx,
  report: ProviderRefundReport,
  now: Date,
): Promise<number> {
  const order = await groceryPaymentByIntent(tx, report.paymentIntentId);
  if (!order) return 0;
  return recordReported(tx, { kind: "grocery", id: order.orderId }, report, now);
}

/** `charge.refunded` for a restauration order: the same, on the ordering order paid by it. */
export async function recordRestaurantProviderRefunds(
  tx: Tx,
  report: ProviderRefundReport,
  now: Date,
): Promise<number> {
  const order = await restaurantOrderByPaymentIntent(tx, report.paymentIntentId);
  if (!order) return 0;
  return recordReported(tx, { kind: "restaurant", id: order.id }, report, now);
}
