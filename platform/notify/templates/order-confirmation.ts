import { formatCents as euros } from "#platform/format.ts";
import { type RenderedEmail, renderEmail } from "#platform/notify/templates/layout.ts";
import { formatVatRate } from "#platform/vat.ts";

export type OrderConfirmationParts = {
  firstName: string | null;
  /** How the shopper names the order: « n° 1001 », whichever the kind (platform/order-status.ts). */
  orderName: string;
  /** What was bought: products or dishes, never a fee; `details` are a dish's options. */
  lines: { title: string; quantity: number; totalCents: number; details?: string[] }[];
  /** What the discount is called ("Remise", "Code promo RETRAIT10") and what it took off. */
  discount?: { label: string; cents: number } | null;
  /** The fees, after the lines and the discount: « Frais de service », the delivery's. */
  fees: { title: string; cents: number }[];
  totalCents: number;
  /** The VAT the total includes, when the shop states it. */
  taxCents?: number | null;
  /** How the total was paid, when not by one card alone: « Carte cadeau •••• PQRS », « Carte bancaire ». */
  paidBy?: { label: string; cents: number }[];
  /** How the order reaches the shopper: the delivery address, or the store and slot. */
  arrival: string[];
  /** The order's confirmation page on the shop (its receipt, for a traiteur order). */
  action: { label: string; url: string };
  /** The VAT per rate, printed under the total (issue 23 §2). */
  vat?: readonly { rateBasisPoints: number; vatCents: number }[];
  /** The order's invoice: « Facture F-2026-000001 » and its absolute link. */
  invoice?: { title: string; url: string } | null;
};

/** One bought line as the messages write it: `2 × Soupe (Pain de seigle) : 12,00 €`. */
function lineText(line: OrderConfirmationParts["lines"][number]): string {
  const details = line.details?.length ? ` (${line.details.join(", ")})` : "";
  return `${line.quantity} × ${line.title}${details} : ${euros(line.totalCents)}`;
}

/**
 * The email sent once an order is paid, grocery or traiteur: what was bought, the fees apart from
 * the lines (as the cart shows them), the total and how the order arrives.
 */
export function orderConfirmationEmail(parts: OrderConfirmationParts): RenderedEmail {
  const greeting = parts.firstName ? `Bonjour ${parts.firstName},` : "Bonjour,";
  const totals = [
    ...(parts.discount && parts.discount.cents > 0
      ? [`${parts.discount.label} : -${euros(parts.discount.cents)}`]
      : []),
    ...parts.fees.map((fee) => `${fee.title} : ${euros(fee.cents)}`),
    parts.vat?.length
      ? `Total payé : ${euros(parts.totalCents)}`
      : typeof parts.taxCents === "number"
        ? `Total payé : ${euros(parts.totalCents)} (dont TVA ${euros(parts.taxCents)})`
        : `Total payé : ${euros(parts.totalCents)}`,
    ...(parts.vat ?? []).map(
      (line) => `dont TVA ${formatVatRate(line.rateBasisPoints)} : ${euros(line.vatCents)}`,
    ),
    ...(parts.paidBy ?? []).map((payment) => `Payé par ${payment.label} : ${euros(payment.cents)}`),
  ];
  return renderEmail({
    subject: `Votre commande ${parts.orderName} est confirmée`,
    preheader: `Merci pour votre commande ${parts.orderName}.`,
    paragraphs: [
      greeting,
      `Merci pour votre commande ${parts.orderName}. Votre paiement a bien été reçu et nous préparons vos produits.`,
      ...parts.lines.map(lineText),
      ...totals,
      ...parts.arrival,
    ],
    action: parts.action,
    links: parts.invoice
      ? [
          {
            label: `Télécharger la ${lowerFirst(parts.invoice.title)} (PDF)`,
            url: parts.invoice.url,
          },
        ]
      : [],
    footnote: "Une question sur votre commande ? Répondez simplement à cet e-mail.",
  });
}

/** « Facture F-… » as the middle of a sentence: « facture F-… ». */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The SMS of a paid traiteur order: its number, what was bought, the slot and store, and the link
 * to its receipt — short enough to read on a lock screen, the amounts being in the receipt.
 */
export function orderConfirmationSms(parts: {
  orderName: string;
  lines: { title: string; quantity: number }[];
  /** "Retrait le mardi 24 novembre 2026, 12h00–13h00 chez Comptoir Opéra". */
  arrival: string;
  receiptUrl: string;
}): string {
  const items = parts.lines.map((line) => `${line.quantity} × ${line.title}`).join(", ");
  return `Comptoir : votre commande ${parts.orderName} est confirmée (${items}). ${parts.arrival}. Votre reçu : ${parts.receiptUrl}`;
}
