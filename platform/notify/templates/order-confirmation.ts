import { formatCents as euros } from "#platform/format.ts";
import { type RenderedEmail, renderEmail } from "#platform/notify/templates/layout.ts";

export type OrderConfirmationParts = {
  firstName: string | null;
  orderName: string;
  lines: { title: string; quantity: number; totalCents: number }[];
  discountCents: number;
  deliveryTitle: string;
  shippingCents: number;
  totalCents: number;
  taxCents: number;
  /** The address lines, or null for a pickup. */
  address: string[] | null;
  /** The order's confirmation page on the shop. */
  url: string;
};

/** The email sent once an order is paid: what was bought, the totals and how it arrives. */
export function orderConfirmationEmail(parts: OrderConfirmationParts): RenderedEmail {
  const greeting = parts.firstName ? `Bonjour ${parts.firstName},` : "Bonjour,";
  const lines = parts.lines.map(
    (line) => `${line.quantity} × ${line.title} : ${euros(line.totalCents)}`,
  );
  const totals = [
    ...(parts.discountCents > 0 ? [`Remise : -${euros(parts.discountCents)}`] : []),
    `${parts.deliveryTitle} : ${euros(parts.shippingCents)}`,
    `Total payé : ${euros(parts.totalCents)} (dont TVA ${euros(parts.taxCents)})`,
  ];
  return renderEmail({
    subject: `Votre commande ${parts.orderName} est confirmée`,
    preheader: `Merci pour votre commande ${parts.orderName}.`,
    paragraphs: [
      greeting,
      `Merci pour votre commande ${parts.orderName}. Votre paiement a bien été reçu et nous préparons vos produits.`,
      ...lines,
      ...totals,
      parts.address
        ? `Livraison à : ${parts.address.join(", ")}`
        : "Vous pourrez retirer votre commande au comptoir.",
    ],
    action: { label: "Voir ma commande", url: parts.url },
    footnote: "Une question sur votre commande ? Répondez simplement à cet e-mail.",
  });
}
