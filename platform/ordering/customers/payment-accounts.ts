import { and, asc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { cardBrandName, cardLabel } from "#platform/cards.ts";
import type { Customer } from "#platform/ordering/customers/customers.ts";
import { MESSAGES, OrderingError } from "#platform/ordering/errors.ts";
import { orderingCustomer, orderingPaymentAccount } from "#platform/ordering/schema.ts";
import {
  createCardEntry,
  type PaymentProvider,
  PaymentProviderError,
  takeCardEntry,
} from "#platform/payments/index.ts";

export type PaymentAccount = typeof orderingPaymentAccount.$inferSelect;

/**
 * A customer's payment accounts. A bank card is saved on the customer's provider customer through
 * a setup session (the provider's hosted page, where the shopper types it): the account keeps the
 * provider's payment-method id and what may be shown of the card (brand, last four digits,
 * expiry), never its number. A titres-restaurant card is the test card processor's token, taken
 * from its own hosted card-entry page (docs/payments.md).
 */

export type CardSetupContext = {
  db: Db;
  provider: PaymentProvider;
  /** The storefront's origin: the setup session sends the shopper back there. */
  publicOrigin: string;
  now: Date;
};

/** Where the storefront gets the shopper back by default after saving a card. */
export const DEFAULT_SETUP_RETURN_PATH = "/order/paiement/";

/** A provider refusal or outage, in the API's own shape. */
export function providerFailure(error: unknown): never {
  if (error instanceof PaymentProviderError) {
    if (error.kind === "not_found" || error.kind === "invalid_request") {
      throw new OrderingError("card_setup_incomplete", MESSAGES.cardSetupIncomplete, {
        Reason: error.code ?? error.kind,
      });
    }
    throw new OrderingError("payment_unavailable", MESSAGES.paymentUnavailable);
  }
  throw error;
}

/**
 * The customer's provider customer, made once: its idempotency key is the ordering customer's id,
 * so concurrent first setups make one, and its id is stored only where none is yet.
 */
export async function providerCustomerOf(
  context: CardSetupContext,
  customer: Customer,
): Promise<string> {
  if (customer.providerCustomerId) return customer.providerCustomerId;
  const made = await context.provider
    .createCustomer(
      {
        ...(customer.email ? { email: customer.email } : {}),
        ...(customer.name ? { name: customer.name } : {}),
        metadata: { ordering_customer: String(customer.id) },
      },
      { idempotencyKey: `ordering-customer:${customer.id}` },
    )
    .catch(providerFailure);
  await context.db
    .update(orderingCustomer)
    .set({ providerCustomerId: made.id })
    .where(and(eq(orderingCustomer.id, customer.id), isNull(orderingCustomer.providerCustomerId)));
  const [row] = await context.db
    .select({ id: orderingCustomer.providerCustomerId })
    .from(orderingCustomer)
    .where(eq(orderingCustomer.id, customer.id));
  return row?.id ?? made.id;
}

/** A path of the storefront to come back to (never another site). */
export function safeReturnPath(path: string | undefined): string {
  if (!path?.startsWith("/") || path.startsWith("//") || path.includes("\\")) {
    return DEFAULT_SETUP_RETURN_PATH;
  }
  return path;
}

/**
 * Starts saving a bank card: a setup-mode Checkout Session on the customer's provider customer,
 * whose hosted page takes the card and sends the shopper back to `returnPath` with
 * `setup_session_id=<id>`.
 */
export async function startCardSetup(
  context: CardSetupContext,
  customer: Customer,
  returnPath?: string,
): Promise<{ sessionId: string; url: string }> {
  const providerCustomerId = await providerCustomerOf(context, customer);
  const path = safeReturnPath(returnPath);
  const back = `${context.publicOrigin}${path}`;
  const session = await context.provider
    .createCheckoutSession({
      mode: "setup",
      currency: "eur",
      customerId: providerCustomerId,
      successUrl: `${back}${path.includes("?") ? "&" : "?"}setup_session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: back,
      metadata: { ordering_customer: String(customer.id) },
      locale: "fr",
    })
    .catch(providerFailure);
  if (!session.url) throw new Error("A new setup session has no page");
  return { sessionId: session.id, url: session.url };
}

/**
 * Saves the card a setup session took, once per session (a retry answers the same account): the
 * session must be the customer's own and complete; its card is read from the provider (brand,
 * last four digits, expiry).
 */
export async function saveSetupCard(
  context: CardSetupContext,
  customer: Customer,
  sessionId: string,
): Promise<PaymentAccount> {
  const { db } = context;
  const existing = await accountOfSession(db, customer.id, sessionId);
  if (existing) return existing;
  const incomplete = () =>
    new OrderingError("card_setup_incomplete", MESSAGES.cardSetupIncomplete, {
      Field: "SetupSessionId",
    });
  if (!customer.providerCustomerId) throw incomplete();
  const session = await context.provider
    .retrieveCheckoutSession(sessionId, { withSetup: true })
    .catch(providerFailure);
  const paymentMethodId = session.setupPaymentMethodId;
  if (
    session.mode !== "setup" ||
    session.customerId !== customer.providerCustomerId ||
    session.status !== "complete" ||
    !paymentMethodId
  ) {
    throw incomplete();
  }
  const cards = await context.provider
    .listSavedCards(customer.providerCustomerId)
    .catch(providerFailure);
  const card = cards.find((saved) => saved.id === paymentMethodId);
  if (!card) throw incomplete();
  await db
    .insert(orderingPaymentAccount)
    .values({
      customerId: customer.id,
      paymentMethodId,
      setupSessionId: sessionId,
      kind: "card",
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: context.now,
    })
    .onConflictDoNothing();
  const saved = await accountOfSession(db, customer.id, sessionId);
  // Another customer's session id was stored first: not this customer's to claim.
  if (!saved) throw incomplete();
  return saved;
}

async function accountOfSession(db: Db | Tx, customerId: number, sessionId: string) {
  const [account] = await db
    .select()
    .from(orderingPaymentAccount)
    .where(
      and(
        eq(orderingPaymentAccount.setupSessionId, sessionId),
        eq(orderingPaymentAccount.customerId, customerId),
      ),
    );
  return account ?? null;
}

/** The card-entry pages' reference of an ordering customer: only they take its cards. */
const entryReference = (customerId: number) => `ordering-customer:${customerId}`;

/**
 * Starts saving a titres-restaurant card: the test processor's hosted card-entry page (Stripe does
 * not take them), which sends the shopper back to `returnPath` with `card_entry=<id>`.
 */
export async function startMealVoucherEntry(
  context: Omit<CardSetupContext, "provider">,
  customer: Customer,
  returnPath?: string,
): Promise<{ entryId: string; url: string }> {
  const entry = await createCardEntry(context.db, {
    kind: "meal_voucher",
    returnUrl: `${context.publicOrigin}${safeReturnPath(returnPath)}`,
    reference: entryReference(customer.id),
    pageBase: context.publicOrigin,
    now: context.now,
  });
  return { entryId: entry.id, url: entry.url };
}

/**
 * Saves the titres-restaurant card a card entry took, once per entry (a retry answers the same
 * account): only the processor's token and what may be shown of the card are kept.
 */
export async function saveMealVoucherEntry(
  db: Db,
  customer: Customer,
  entryId: string,
  now: Date,
): Promise<PaymentAccount> {
  const existing = await accountOfSession(db, customer.id, entryId);
  if (existing) return existing;
  const card = await takeCardEntry(db, entryId, { reference: entryReference(customer.id), now });
  if (card?.kind !== "meal_voucher") {
    throw new OrderingError("card_setup_incomplete", MESSAGES.cardSetupIncomplete, {
      Field: "CardEntryId",
    });
  }
  const [account] = await db
    .insert(orderingPaymentAccount)
    .values({
      customerId: customer.id,
      cardToken: card.token,
      setupSessionId: entryId,
      kind: "meal_voucher",
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: now,
    })
    .returning();
  if (!account) throw new Error("The payment account was not stored");
  return account;
}

/**
 * The customer's saved cards, oldest first. A bank card saved before cards went through the
 * provider (a processor token, no payment method) is no longer listed: it cannot be charged.
 */
export function listPaymentAccounts(db: Db | Tx, customerId: number): Promise<PaymentAccount[]> {
  return db
    .select()
    .from(orderingPaymentAccount)
    .where(
      and(
        eq(orderingPaymentAccount.customerId, customerId),
        or(
          eq(orderingPaymentAccount.kind, "meal_voucher"),
          isNotNull(orderingPaymentAccount.paymentMethodId),
        ),
      ),
    )
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
