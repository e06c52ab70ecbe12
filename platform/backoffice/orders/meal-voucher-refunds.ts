import type { Tx } from "#db/client.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import { type InvoiceSource, issueCreditNote } from "#platform/invoices/index.ts";
import { chargeRecords, refundCharge } from "#platform/payments/index.ts";

/**
 * What titres-restaurant paid of a cancelled order (grocery or restauration) goes back to their card, in the
 * cancellation's transaction (the order's row is locked, and the refund's key is the order's:
 * a second cancellation refunds nothing more), with its credit note. The card's issuer gives the
 * day back as it receives the refund. The bank card's part is the office's to refund
 * (`refundOrder`), as before.
 */
export async function refundMealVoucherOnCancel(
  tx: Tx,
  actor: Actor,
  order: { source: InvoiceSource; id: number; ref: string; mealVoucherChargeId: string | null },
  now: Date,
): Promise<number> {
  if (!order.mealVoucherChargeId) return 0;
  const [charge] = await chargeRecords(tx, [order.mealVoucherChargeId]);
  const leftCents = charge ? charge.amountCents - charge.refundedCents : 0;
  if (charge?.status !== "succeeded" || leftCents <= 0) return 0;
  const refund = await refundCharge(
    tx,
    {
      chargeId: charge.id,
      amountCents: leftCents,
      idempotencyKey: `cancel:titres-restaurant:${order.ref}`,
      reason: "Annulation de la commande",
    },
    now,
  );
  if (!refund.ok) throw new Error(`The titres-restaurant refund failed: ${refund.message}`);
  if (refund.replayed) return 0;
  await logChange(tx, actor, {
    action: "order.refund",
    subjectType: "order",
    subjectId: order.ref,
    after: { refundId: refund.refund.id, amountCents: leftCents, to: "titres-restaurant" },
  });
  await issueCreditNote(
    tx,
    {
      source: order.source,
      orderId: order.id,
      amountCents: leftCents,
      reason: "Annulation de la commande : montant recrédité sur la carte titres-restaurant",
    },
    now,
  );
  return leftCents;
}
