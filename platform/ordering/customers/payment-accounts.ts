import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { cardBrandName, cardLabel } from "#platform/cards.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import { orderingPaymentAccount } from "#platform/ordering/schema.ts";
import { type CardInput, tokenizeCard } from "#platform/payments/index.ts";

export type PaymentAccount = typeof orderingPaymentAccount.$inferSelect;

/**
 * Saves a card for a customer: the embedded processor checks and tokenizes it, and only its token,
 * kind (bank card or titres-restaurant), brand, last four digits and expiry are kept (never the
 * number or the CVC). A refused card is an
 * `OrderingError` with the processor's French message and code.
 */
export async function addCardPaymentAccount(
  db: Db,
  customerId: number,
  card: CardInput,
  now: Date,
): Promise<PaymentAccount> {
  return db.transaction(async (tx) => {
    const tokenized = await tokenizeCard(tx, card, now);
    if (!tokenized.ok) {
      throw new OrderingError("payment_failed", tokenized.message, { Reason: tokenized.code });
    }
    const { token, kind, brand, last4, expMonth, expYear } = tokenized.card;
    const [account] = await tx
      .insert(orderingPaymentAccount)
      .values({
        customerId,
        cardToken: token,
        kind,
        brand,
        last4,
        expMonth,
        expYear,
        createdAt: now,
      })
      .returning();
    if (!account) throw new Error("The payment account was not stored");
    return account;
  });
}

/** The customer's saved cards, oldest first. */
export function listPaymentAccounts(db: Db | Tx, customerId: number): Promise<PaymentAccount[]> {
  return db
    .select()
    .from(orderingPaymentAccount)
    .where(eq(orderingPaymentAccount.customerId, customerId))
    .orderBy(asc(orderingPaymentAccount.id));
}

/** One of the customer's own cards; another customer's card is "not found". */
export async function ownPaymentAccount(
  db: Db | Tx,
  customerId: number,
  paymentAccountId: number,
): Promise<PaymentAccount> {
  const [account] = await db
    .select()
    .from(orderingPaymentAccount)
    .where(
      and(
        eq(orderingPaymentAccount.id, paymentAccountId),
        eq(orderingPaymentAccount.customerId, customerId),
      ),
    );
  if (!account) throw new OrderingError("not_found", MESSAGES.paymentAccountNotFound);
  return account;
}

/** Deletes one of the customer's own cards; orders paid with it keep their charge. */
export async function deletePaymentAccount(
  db: Db,
  customerId: number,
  paymentAccountId: number,
): Promise<void> {
  const deleted = await db
    .delete(orderingPaymentAccount)
    .where(
      and(
        eq(orderingPaymentAccount.id, paymentAccountId),
        eq(orderingPaymentAccount.customerId, customerId),
      ),
    )
    .returning({ id: orderingPaymentAccount.id });
  if (deleted.length === 0) throw new OrderingError("not_found", MESSAGES.paymentAccountNotFound);
}

/**
 * A saved card in the API's shape (Flipdish's PaymentAccount); `IsMealVoucher` is this service's
 * own field (a titres-restaurant card), which Flipdish clients ignore.
 */
export function paymentAccountView(account: PaymentAccount) {
  const mealVoucher = account.kind === "meal_voucher";
  const label = cardLabel(account);
  const brand = cardBrandName(account.brand) ?? "Carte";
  return {
    PaymentAccountId: account.id,
    PaymentAccountType: "Card",
    Description: mealVoucher
      ? label.charAt(0).toUpperCase() + label.slice(1)
      : `${brand} •••• ${account.last4}`,
    IsMealVoucher: mealVoucher,
    CardBrand: account.brand,
    Last4: account.last4,
    ExpiryMonth: account.expMonth,
    ExpiryYear: account.expYear,
  };
}
