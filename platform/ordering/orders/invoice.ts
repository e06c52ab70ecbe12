import type { Tx } from "#db/client.ts";
import { cardLabel } from "#platform/cards.ts";
import { formatSlotBetween } from "#platform/format.ts";
import { type InvoiceRow, issueInvoice } from "#platform/invoices/index.ts";
import type { ReceiptData } from "#platform/ordering/receipts/data.ts";
import { receiptDataForOrder } from "#platform/ordering/receipts/receipts.ts";
import { orderVat, VAT_INTERMEDIATE, VAT_STANDARD, type VatLine } from "#platform/vat.ts";

/**
 * Restauration orders are meals prepared to be eaten at once: 10 % (CGI art. 279 a bis); the
 * service fee is a service, 20 %, and the delivery takes the meals' rate, as on a grocery order.
 */
export const RESTAURATION_VAT_RATE = VAT_INTERMEDIATE;

/** What a restauration order owes per rate: the meals after the voucher, the fees. */
export function receiptVat(
  receipt: Pick<ReceiptData, "subtotalCents" | "voucher" | "serviceFeeCents" | "deliveryFeeCents">,
): VatLine[] {
  const meals = receipt.subtotalCents - (receipt.voucher?.amountCents ?? 0);
  return orderVat(
    [{ rateBasisPoints: RESTAURATION_VAT_RATE, amountCents: meals }],
    [{ rateBasisPoints: VAT_STANDARD, amountCents: receipt.serviceFeeCents }],
    receipt.deliveryFeeCents,
  );
}

/**
 * The cards that paid a receipt's order, as the receipt and the invoice name them: « carte Visa
 * •••• 4242, titres-restaurant •••• 0018 »; null when nothing was charged.
 */
export function receiptPayments(receipt: ReceiptData): string | null {
  const labels = [
    ...(receipt.payment ? [cardLabel(receipt.payment)] : []),
    ...(receipt.mealVoucher
      ? [cardLabel({ kind: "meal_voucher", brand: "other", last4: receipt.mealVoucher.last4 })]
      : []),
  ];
  return labels.length > 0 ? labels.join(", ") : null;
}

/**
 * The invoice of a paid restauration order, in the transaction that charged it, from the order as
 * stored (what its receipt prints).
 */
export async function issueRestaurationInvoice(
  tx: Tx,
  orderId: number,
  now: Date,
): Promise<InvoiceRow> {
  const receipt = await receiptDataForOrder(tx, orderId);
  if (!receipt) throw new Error(`no restauration order ${orderId} to invoice`);
  const delivered = receipt.mode === 1 && receipt.deliveryAddress;
  const paidBy = receiptPayments(receipt);
  return issueInvoice(
    tx,
    {
      source: "restauration",
      orderId,
      customerId: receipt.customerId,
      document: {
        buyer: {
          name: receipt.customer.name,
          addressLines: delivered ? (receipt.deliveryAddress?.addressLines ?? []) : [],
          email: receipt.customer.email ?? null,
        },
        orderLabel: `Restauration, ${delivered ? "livraison" : "retrait"} — ${receipt.store.name}`,
        orderNumber: Number(receipt.orderNumber),
        orderedAt: receipt.placedAt.toISOString(),
        supply: formatSlotBetween(receipt.slot.start, receipt.slot.end),
        lines: [
          ...receipt.lines.map((line) => ({
            title: line.name,
            detail: line.options.map((option) => option.name).join(", ") || null,
            quantity: line.quantity,
            unitCents: line.unitPriceCents,
            totalCents: line.totalCents,
            rateBasisPoints: RESTAURATION_VAT_RATE,
          })),
          ...(receipt.voucher
            ? [
                {
                  title: `Bon de réduction ${receipt.voucher.code}`,
                  detail: null,
                  quantity: 1,
                  unitCents: -receipt.voucher.amountCents,
                  totalCents: -receipt.voucher.amountCents,
                  rateBasisPoints: RESTAURATION_VAT_RATE,
                },
              ]
            : []),
          {
            title: "Frais de service",
            detail: null,
            quantity: 1,
            unitCents: receipt.serviceFeeCents,
            totalCents: receipt.serviceFeeCents,
            rateBasisPoints: VAT_STANDARD,
          },
        ],
        discountCents: 0,
        discountLabel: null,
        shippingCents: receipt.deliveryFeeCents,
        vat: receiptVat(receipt),
        totalCents: receipt.totalCents,
        payment: paidBy ? `payée par ${paidBy}` : null,
      },
    },
    now,
  );
}
