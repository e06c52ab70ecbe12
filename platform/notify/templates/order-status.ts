import { formatCents as euros } from "#platform/format.ts";
import { type RenderedEmail, renderEmail } from "#platform/notify/templates/layout.ts";
import {
  type GroceryStatus,
  type OrderKind,
  orderStatusLabel,
  type RestaurantStatus,
} from "#platform/order-status.ts";

/**
 * The messages a customer receives when the shop moves their order along (prepared, ready, on
 * its way, delivered, cancelled) or refunds part of it: an email when the order has an address,
 * an SMS when it has a phone number. French, short, the order named « n° 1001 ».
 */

export type OrderStatusParts = {
  kind: OrderKind;
  status: GroceryStatus | RestaurantStatus;
  firstName: string | null;
  /** « n° 1001 ». */
  orderName: string;
  /** A refund made with this change, in cents. */
  refundCents?: number | null;
  /** What a cancellation gave back to the gift cards that paid the order, in cents. */
  giftCardCreditCents?: number | null;
};

const SENTENCES: Record<GroceryStatus | RestaurantStatus, (name: string) => string> = {
  received: (name) => `Nous avons bien reçu votre commande ${name}.`,
  preparing: (name) => `Nous préparons votre commande ${name}.`,
  ready: (name) => `Votre commande ${name} est prête : vous pouvez venir la retirer.`,
  out_for_delivery: (name) => `Votre commande ${name} est en cours de livraison.`,
  delivered: (name) => `Votre commande ${name} vous a été remise. Bonne dégustation !`,
  cancelled: (name) => `Votre commande ${name} a été annulée.`,
  Placed: (name) => `Nous avons bien reçu votre commande ${name}.`,
  Accepted: (name) => `Votre commande ${name} a été acceptée : nous la préparons.`,
  Ready: (name) => `Votre commande ${name} est prête.`,
  Dispatched: (name) => `Votre commande ${name} est en cours de livraison.`,
  Delivered: (name) => `Votre commande ${name} vous a été livrée. Bon appétit !`,
  Completed: (name) => `Votre commande ${name} a été retirée. Bon appétit !`,
  Rejected: (name) => `Nous ne pouvons malheureusement pas honorer votre commande ${name}.`,
  Cancelled: (name) => `Votre commande ${name} a été annulée.`,
};

function refundSentence(cents: number | null | undefined): string | null {
  if (!cents) return null;
  return `Nous vous remboursons ${euros(cents)} sur la carte utilisée ; le montant apparaîtra sur votre compte sous quelques jours.`;
}

function giftCardSentence(cents: number | null | undefined): string | null {
  if (!cents) return null;
  return `Nous recréditons ${euros(cents)} sur votre carte cadeau : vous pourrez les utiliser pour une prochaine commande.`;
}

/** The status email: « Votre commande n° 1001 : Prête ». */
export function orderStatusEmail(parts: OrderStatusParts): RenderedEmail {
  const label = orderStatusLabel(parts.kind, parts.status);
  const sentence = SENTENCES[parts.status](parts.orderName);
  const refund = refundSentence(parts.refundCents);
  const credit = giftCardSentence(parts.giftCardCreditCents);
  return renderEmail({
    subject: `Votre commande ${parts.orderName} : ${label}`,
    preheader: sentence,
    paragraphs: [
      parts.firstName ? `Bonjour ${parts.firstName},` : "Bonjour,",
      sentence,
      ...(refund ? [refund] : []),
      ...(credit ? [credit] : []),
    ],
    footnote: "Une question sur votre commande ? Répondez simplement à cet e-mail.",
  });
}

/** The status SMS: « Comptoir : votre commande n° 1001 est prête… ». */
export function orderStatusSms(parts: OrderStatusParts): string {
  const refund = parts.refundCents ? ` Remboursement : ${euros(parts.refundCents)}.` : "";
  const credit = parts.giftCardCreditCents
    ? ` Carte cadeau recréditée : ${euros(parts.giftCardCreditCents)}.`
    : "";
  return `Comptoir : ${SENTENCES[parts.status](parts.orderName)}${refund}${credit}`;
}

/** The email of a refund made apart from a cancellation. */
export function orderRefundEmail(parts: {
  firstName: string | null;
  orderName: string;
  refundCents: number;
}): RenderedEmail {
  return renderEmail({
    subject: `Remboursement de votre commande ${parts.orderName}`,
    paragraphs: [
      parts.firstName ? `Bonjour ${parts.firstName},` : "Bonjour,",
      `Un remboursement a été fait sur votre commande ${parts.orderName}.`,
      refundSentence(parts.refundCents) ?? "",
    ],
    footnote: "Une question sur votre commande ? Répondez simplement à cet e-mail.",
  });
}

/** The SMS of a refund made apart from a cancellation. */
export function orderRefundSms(parts: { orderName: string; refundCents: number }): string {
  return `Comptoir : nous vous remboursons ${euros(parts.refundCents)} sur votre commande ${parts.orderName}.`;
}
