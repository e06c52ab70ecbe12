import type { Db } from "#db/client.ts";
import { uncapturedAuthorisations } from "#platform/commerce/index.ts";
import { formatDate, formatTime } from "#platform/format.ts";
import { orderNumberLabel } from "#platform/order-status.ts";
import { AUTHORISATION_VALID_DAYS, authorisationExpiry } from "#platform/sold-by-weight.ts";

/**
 * An online card authorisation (a grocery order with lines sold by weight, awaiting its
 * capture) lapses AUTHORISATION_VALID_DAYS after it was given: the dashboard, the order list and
 * the order page warn staff from 24 hours before.
 */

const WARN_BEFORE_MS = 24 * 3600 * 1000;

type Authorised = {
  paymentIntentId: string | null;
  paymentAuthorisedAt: Date | null;
  paymentCapturedCents: number | null;
  status: string;
};

/** `lundi 7 décembre à 14h00` (Paris time). */
function moment(instant: Date): string {
  return `${formatDate(instant, { year: false })} à ${formatTime(instant)}`;
}

/**
 * The warning of an order whose authorisation expires within 24 hours or has expired; null when
 * there is none to give (captured, cancelled, not authorised, or not yet close).
 */
export function authorisationWarning(order: Authorised, now: Date): string | null {
  if (!order.paymentIntentId || !order.paymentAuthorisedAt) return null;
  if (order.paymentCapturedCents !== null || order.status === "cancelled") return null;
  const expiry = authorisationExpiry(order.paymentAuthorisedAt);
  if (expiry.getTime() - now.getTime() > WARN_BEFORE_MS) return null;
  if (expiry.getTime() <= now.getTime()) {
    return `Autorisation de paiement expirée depuis le ${moment(expiry)} : l'encaissement risque d'être refusé, contactez le client.`;
  }
  return `Autorisation de paiement : expire le ${moment(expiry)} — encaissez avant.`;
}

export type ExpiringAuthorisation = {
  ref: string;
  orderNumber: string;
  warning: string;
};

/** The grocery orders whose authorisation needs capturing soon, soonest first (the dashboard). */
export async function expiringAuthorisations(db: Db, now: Date): Promise<ExpiringAuthorisation[]> {
  const since = new Date(
    now.getTime() + WARN_BEFORE_MS - AUTHORISATION_VALID_DAYS * 24 * 3600 * 1000,
  );
  const rows = await uncapturedAuthorisations(db, since);
  return rows.flatMap((row) => {
    const warning = authorisationWarning(row, now);
    return warning
      ? [{ ref: `epicerie-${row.id}`, orderNumber: orderNumberLabel(row.orderNumber), warning }]
      : [];
  });
}
