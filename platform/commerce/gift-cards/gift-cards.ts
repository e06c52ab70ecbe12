import { and, asc, eq, gte, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { type CartRow, type CartUserError, cartError } from "#platform/commerce/cart/records.ts";
import { type GiftCardRecord, giftCardStatus } from "#platform/commerce/gift-cards/admin.ts";
import {
  giftCardCodeHash,
  isGiftCardCodeShape,
  maskedGiftCardCode,
  normaliseGiftCardCode,
} from "#platform/commerce/gift-cards/codes.ts";
import {
  commerceCartGiftCard,
  commerceGiftCard,
  commerceGiftCardMovement,
} from "#platform/commerce/gift-cards/schema.ts";
import { formatDate, parisDay } from "#platform/format.ts";

/**
 * Gift cards on the shopper's side, as Shopify's: codes applied to a cart
 * (`cartGiftCardCodesAdd` / `Update` / `Remove`, `cart.appliedGiftCards`), then spent at the
 * hosted checkout, each card up to its balance in the order applied, the card paying the rest.
 *
 * A card's balance only ever goes down by a conditional update that cannot take it below zero,
 * on a row the checkout has locked; the table's check constraint is the last guard.
 */

/** How many cards one cart (one order) may use. */
export const MAX_GIFT_CARDS_PER_CART = 5;

export const GIFT_CARD_MESSAGES = {
  invalid: "Ce code de carte cadeau n'est pas valable.",
  expired: (day: string) => `Cette carte cadeau a expiré le ${formatDate(day)}.`,
  spent: "Cette carte cadeau a déjà été entièrement utilisée.",
  tooMany: `Vous pouvez utiliser au plus ${MAX_GIFT_CARDS_PER_CART} cartes cadeaux par commande.`,
  notApplied: "Cette carte cadeau n'est pas appliquée à ce panier.",
  required: "Saisissez le code de votre carte cadeau.",
  changed: (masked: string | null) =>
    `${masked ? `Le solde de la carte cadeau ${masked} a changé` : "Les cartes cadeaux de votre panier ont changé"} : votre commande n'a pas été validée et rien n'a été débité. Vérifiez le nouveau montant à payer et validez à nouveau.`,
} as const;

/** Why a card cannot be spent today, in French; null when it can. */
export function giftCardProblem(card: GiftCardRecord, now: Date): string | null {
  switch (giftCardStatus(card, parisDay(now))) {
    case "disabled":
      return GIFT_CARD_MESSAGES.invalid;
    case "expired":
      return GIFT_CARD_MESSAGES.expired(card.expiresOn ?? "");
    case "used":
      return GIFT_CARD_MESSAGES.spent;
    case "active":
      return null;
  }
}

/** The card of a code as the shopper typed it (any case, spaces, dashes), if the shop has one. */
export async function findGiftCardByCode(
  db: Db | Tx,
  code: string,
): Promise<GiftCardRecord | undefined> {
  const normalised = normaliseGiftCardCode(code);
  if (!isGiftCardCodeShape(normalised)) return undefined;
  const [card] = await db
    .select()
    .from(commerceGiftCard)
    .where(eq(commerceGiftCard.codeHash, giftCardCodeHash(normalised)));
  return card;
}

/**
 * The cards applied to a cart, in the order applied. `forUpdate`: their rows are locked until
 * the transaction ends, always in id order so two checkouts sharing cards never deadlock.
 */
export async function cartGiftCards(
  db: Db | Tx,
  cartId: number,
  options: { forUpdate?: boolean } = {},
): Promise<GiftCardRecord[]> {
  const query = db
    .select({ card: commerceGiftCard, appliedAt: commerceCartGiftCard.appliedAt })
    .from(commerceCartGiftCard)
    .innerJoin(commerceGiftCard, eq(commerceGiftCard.id, commerceCartGiftCard.giftCardId))
    .where(eq(commerceCartGiftCard.cartId, cartId))
    .orderBy(asc(commerceGiftCard.id));
  const rows = options.forUpdate
    ? await query.for("update", { of: commerceGiftCard })
    : await query;
  return rows
    .sort((a, b) => a.appliedAt.getTime() - b.appliedAt.getTime() || a.card.id - b.card.id)
    .map((row) => row.card);
}

/** What one applied card pays of an amount due (Shopify's `AppliedGiftCard`). */
export type GiftCardUse = {
  card: GiftCardRecord;
  /** What it pays of this cart or order: up to its balance, 0 when it cannot be spent. */
  amountUsedCents: number;
  /** Why it pays nothing, in French; null when it can be spent. */
  problem: string | null;
};

/**
 * Spreads an amount due over the applied cards, in the order applied: each pays up to its
 * balance until nothing is left; a disabled, expired or spent card pays nothing.
 */
export function allocateGiftCards(
  cards: GiftCardRecord[],
  amountDueCents: number,
  now: Date,
): { uses: GiftCardUse[]; totalCents: number } {
  let left = Math.max(0, amountDueCents);
  const uses = cards.map((card) => {
    const problem = giftCardProblem(card, now);
    const amountUsedCents = problem ? 0 : Math.min(card.balanceCents, left);
    left -= amountUsedCents;
    return { card, amountUsedCents, problem };
  });
  return { uses, totalCents: Math.max(0, amountDueCents) - left };
}

/** The GID of an applied card: `gid://shopify/AppliedGiftCard/{id}`. */
export function appliedGiftCardGid(card: Pick<GiftCardRecord, "id">): string {
  return `gid://shopify/AppliedGiftCard/${card.id}`;
}

function appliedGiftCardId(gid: string): number | undefined {
  const match = /^gid:\/\/shopify\/AppliedGiftCard\/(\d{1,10})$/.exec(gid);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * The cards of `codes`, checked: unknown, disabled, expired or spent codes are user errors on
 * their index (`giftCardCodes.{i}`), and nothing is written when there is one.
 */
async function checkedCodes(
  tx: Tx,
  codes: string[],
  now: Date,
): Promise<{ cards: GiftCardRecord[]; errors: CartUserError[] }> {
  const cards: GiftCardRecord[] = [];
  const errors: CartUserError[] = [];
  for (const [index, code] of codes.entries()) {
    const field = ["giftCardCodes", String(index)];
    if (normaliseGiftCardCode(code) === "") {
      errors.push(cartError("INVALID", field, GIFT_CARD_MESSAGES.required));
      continue;
    }
    const card = await findGiftCardByCode(tx, code);
    const problem = card ? giftCardProblem(card, now) : GIFT_CARD_MESSAGES.invalid;
    if (problem || !card) errors.push(cartError("INVALID", field, problem ?? ""));
    else if (!cards.some((known) => known.id === card.id)) cards.push(card);
  }
  return { cards, errors };
}

async function applyCards(tx: Tx, cart: CartRow, cards: GiftCardRecord[], now: Date) {
  if (cards.length === 0) return;
  await tx
    .insert(commerceCartGiftCard)
    .values(
      cards.map((card, index) => ({
        cartId: cart.id,
        giftCardId: card.id,
        // Distinct instants keep the order applied within one call.
        appliedAt: new Date(now.getTime() + index),
      })),
    )
    .onConflictDoNothing();
}

const tooMany = () => [cartError("INVALID", ["giftCardCodes"], GIFT_CARD_MESSAGES.tooMany)];

/** `cartGiftCardCodesAdd`: applies more cards; one already applied stays as it was. */
export async function addGiftCardCodes(
  tx: Tx,
  cart: CartRow,
  codes: string[],
  now: Date,
): Promise<CartUserError[]> {
  const { cards, errors } = await checkedCodes(tx, codes, now);
  if (errors.length > 0) return errors;
  const applied = await cartGiftCards(tx, cart.id);
  const added = cards.filter((card) => !applied.some((known) => known.id === card.id));
  if (applied.length + added.length > MAX_GIFT_CARDS_PER_CART) return tooMany();
  await applyCards(tx, cart, added, now);
  return [];
}

/** `cartGiftCardCodesUpdate`: the cart's cards become exactly these (none for `[]`). */
export async function updateGiftCardCodes(
  tx: Tx,
  cart: CartRow,
  codes: string[],
  now: Date,
): Promise<CartUserError[]> {
  const { cards, errors } = await checkedCodes(tx, codes, now);
  if (errors.length > 0) return errors;
  if (cards.length > MAX_GIFT_CARDS_PER_CART) return tooMany();
  const kept = cards.map((card) => card.id);
  await tx
    .delete(commerceCartGiftCard)
    .where(
      and(
        eq(commerceCartGiftCard.cartId, cart.id),
        kept.length > 0 ? notInArray(commerceCartGiftCard.giftCardId, kept) : undefined,
      ),
    );
  await applyCards(tx, cart, cards, now);
  return [];
}

/** `cartGiftCardCodesRemove`: takes cards off by their `AppliedGiftCard` id. */
export async function removeGiftCards(
  tx: Tx,
  cart: CartRow,
  appliedGiftCardIds: string[],
): Promise<CartUserError[]> {
  const applied = await cartGiftCards(tx, cart.id);
  const ids: number[] = [];
  const errors: CartUserError[] = [];
  for (const [index, gid] of appliedGiftCardIds.entries()) {
    const id = appliedGiftCardId(gid);
    if (id === undefined || !applied.some((card) => card.id === id)) {
      errors.push(
        cartError("INVALID", ["appliedGiftCardIds", String(index)], GIFT_CARD_MESSAGES.notApplied),
      );
    } else ids.push(id);
  }
  if (errors.length > 0) return errors;
  if (ids.length > 0) {
    await tx
      .delete(commerceCartGiftCard)
      .where(
        and(
          eq(commerceCartGiftCard.cartId, cart.id),
          inArray(commerceCartGiftCard.giftCardId, ids),
        ),
      );
  }
  return [];
}

/**
 * Thrown inside the checkout's transaction when a card no longer pays what the shopper saw (a
 * concurrent order spent it, the office disabled it): everything rolls back, the charge too.
 */
export class GiftCardBalanceChanged extends Error {
  /** The card that changed, masked; null when cards were taken off the cart meanwhile. */
  readonly masked: string | null;
  constructor(card: GiftCardRecord | null) {
    super(card ? `gift card ${card.id} changed` : "gift cards changed");
    this.masked = card ? maskedGiftCardCode(card.lastCharacters) : null;
  }
}

/**
 * Spends what each card pays of an order, in the checkout's transaction (the card rows locked by
 * `cartGiftCards(…, { forUpdate: true })`): a conditional update per card that never takes a
 * balance below zero, and a `spent` movement naming the order.
 */
export async function spendGiftCards(
  tx: Tx,
  uses: GiftCardUse[],
  orderId: number,
  now: Date,
): Promise<void> {
  for (const use of uses) {
    if (use.amountUsedCents <= 0) continue;
    const spent = await tx
      .update(commerceGiftCard)
      .set({
        balanceCents: sql`${commerceGiftCard.balanceCents} - ${use.amountUsedCents}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(commerceGiftCard.id, use.card.id),
          eq(commerceGiftCard.enabled, true),
          gte(commerceGiftCard.balanceCents, use.amountUsedCents),
        ),
      )
      .returning({ id: commerceGiftCard.id });
    if (spent.length === 0) throw new GiftCardBalanceChanged(use.card);
    await tx.insert(commerceGiftCardMovement).values({
      giftCardId: use.card.id,
      kind: "spent",
      amountCents: -use.amountUsedCents,
      orderId,
      createdAt: now,
    });
  }
}
