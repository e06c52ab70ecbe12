import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  generateGiftCardCode,
  giftCardCodeHash,
  giftCardLastCharacters,
  isGiftCardCodeShape,
  normaliseGiftCardCode,
} from "#platform/commerce/gift-cards/codes.ts";
import {
  commerceGiftCard,
  commerceGiftCardMovement,
  type GiftCardMovementKind,
} from "#platform/commerce/gift-cards/schema.ts";
import { commerceOrder } from "#platform/commerce/orders/schema.ts";

/**
 * Gift cards as the back office manages them: issued (the card and its `issued` movement
 * together), listed, read with their movements, disabled or enabled, adjusted, and credited
 * back when an order they paid is cancelled. Checking the form (and its French messages) and
 * the change log are the caller's; everything here writes in the caller's transaction.
 *
 * The balance only ever moves by a conditional update (`balance + amount >= 0`), so an office
 * adjustment and a checkout spending the same card at the same moment queue on the card's row
 * and neither takes it below zero.
 */

export type GiftCardRecord = typeof commerceGiftCard.$inferSelect;

/** Where a card stands on a Paris day; the first that holds wins, in this order. */
export type GiftCardStatus = "disabled" | "expired" | "used" | "active";

/** `expiresOn` is the last day it can be spent (Paris): expired from the next day. */
export function giftCardStatus(
  card: Pick<GiftCardRecord, "enabled" | "expiresOn" | "balanceCents">,
  today: string,
): GiftCardStatus {
  if (!card.enabled) return "disabled";
  if (card.expiresOn !== null && card.expiresOn < today) return "expired";
  if (card.balanceCents <= 0) return "used";
  return "active";
}

function statusCondition(status: GiftCardStatus, today: string): SQL | undefined {
  const notExpired = or(isNull(commerceGiftCard.expiresOn), gte(commerceGiftCard.expiresOn, today));
  switch (status) {
    case "disabled":
      return eq(commerceGiftCard.enabled, false);
    case "expired":
      return and(eq(commerceGiftCard.enabled, true), lt(commerceGiftCard.expiresOn, today));
    case "used":
      return and(
        eq(commerceGiftCard.enabled, true),
        notExpired,
        eq(commerceGiftCard.balanceCents, 0),
      );
    case "active":
      return and(
        eq(commerceGiftCard.enabled, true),
        notExpired,
        sql`${commerceGiftCard.balanceCents} > 0`,
      );
  }
}

export async function giftCardById(db: Db | Tx, id: number): Promise<GiftCardRecord | undefined> {
  const [row] = await db.select().from(commerceGiftCard).where(eq(commerceGiftCard.id, id));
  return row;
}

/** A card by id, its row locked until the transaction ends (office changes and spends queue). */
export async function lockGiftCard(tx: Tx, id: number): Promise<GiftCardRecord | undefined> {
  const [row] = await tx
    .select()
    .from(commerceGiftCard)
    .where(eq(commerceGiftCard.id, id))
    .for("update");
  return row;
}

export type GiftCardIssue = {
  /** Typed by the office (checked by the caller), or null: a new one is generated. */
  code: string | null;
  valueCents: number;
  expiresOn: string | null;
  note: string;
  staff: string;
  now: Date;
};

/**
 * Writes a new card and its `issued` movement. The full code (normalised) comes back once, for
 * the office to hand over; only its hash and last four characters are kept. A code already
 * taken raises the unique index's error (23505), which the caller turns into its message.
 */
export async function insertGiftCard(
  tx: Tx,
  issue: GiftCardIssue,
): Promise<{ card: GiftCardRecord; code: string }> {
  const code = normaliseGiftCardCode(issue.code ?? generateGiftCardCode());
  const [card] = await tx
    .insert(commerceGiftCard)
    .values({
      codeHash: giftCardCodeHash(code),
      lastCharacters: giftCardLastCharacters(code),
      initialValueCents: issue.valueCents,
      balanceCents: issue.valueCents,
      expiresOn: issue.expiresOn,
      note: issue.note,
      createdBy: issue.staff,
      createdAt: issue.now,
      updatedAt: issue.now,
    })
    .returning();
  if (!card) throw new Error("the gift card was not created");
  await tx.insert(commerceGiftCardMovement).values({
    giftCardId: card.id,
    kind: "issued",
    amountCents: issue.valueCents,
    staff: issue.staff,
    createdAt: issue.now,
  });
  return { card, code };
}

export type GiftCardListFilter = {
  /**
   * What the office typed: the last characters (1 to 4), the full code (found by its hash), or
   * words of the note (who it is for).
   */
  search?: string;
  status?: GiftCardStatus;
  /** The Paris day the statuses are read on. */
  today: string;
  /** Keyset: cards older than this id. */
  before?: number;
  limit: number;
};

/** A page of cards, newest first (by id), `limit` rows at most. */
export async function listGiftCards(db: Db, filter: GiftCardListFilter): Promise<GiftCardRecord[]> {
  const conditions: (SQL | undefined)[] = [];
  const search = filter.search?.trim() ?? "";
  if (search) {
    // `•••• PQRS` as the screens print it counts as its last characters.
    const code = normaliseGiftCardCode(search.replace(/•/g, ""));
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        /^[A-Z0-9]{1,4}$/.test(code)
          ? sql`${commerceGiftCard.lastCharacters} like ${`%${code}`}`
          : undefined,
        isGiftCardCodeShape(code)
          ? eq(commerceGiftCard.codeHash, giftCardCodeHash(code))
          : undefined,
        search.length >= 3 ? ilike(commerceGiftCard.note, like) : undefined,
        // Nothing to match: an empty result rather than every card.
        sql`false`,
      ),
    );
  }
  if (filter.status) conditions.push(statusCondition(filter.status, filter.today));
  if (filter.before) conditions.push(lt(commerceGiftCard.id, filter.before));
  return db
    .select()
    .from(commerceGiftCard)
    .where(and(...conditions))
    .orderBy(desc(commerceGiftCard.id))
    .limit(filter.limit);
}

export type GiftCardMovement = {
  id: number;
  kind: GiftCardMovementKind;
  amountCents: number;
  orderId: number | null;
  orderNumber: number | null;
  staff: string | null;
  at: Date;
};

/** A card's movements, newest first, with the number of the order each one belongs to. */
export async function giftCardMovements(
  db: Db | Tx,
  giftCardId: number,
): Promise<GiftCardMovement[]> {
  const rows = await db
    .select({
      id: commerceGiftCardMovement.id,
      kind: commerceGiftCardMovement.kind,
      amountCents: commerceGiftCardMovement.amountCents,
      orderId: commerceGiftCardMovement.orderId,
      orderNumber: commerceOrder.orderNumber,
      staff: commerceGiftCardMovement.staff,
      at: commerceGiftCardMovement.createdAt,
    })
    .from(commerceGiftCardMovement)
    .leftJoin(commerceOrder, eq(commerceOrder.id, commerceGiftCardMovement.orderId))
    .where(eq(commerceGiftCardMovement.giftCardId, giftCardId))
    .orderBy(desc(commerceGiftCardMovement.id));
  return rows;
}

/** Disables or enables a card. */
export async function setGiftCardEnabled(
  tx: Tx,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<GiftCardRecord | undefined> {
  const [row] = await tx
    .update(commerceGiftCard)
    .set({ enabled, updatedAt: now })
    .where(eq(commerceGiftCard.id, id))
    .returning();
  return row;
}

/**
 * Moves a card's balance by `amountCents` (signed) with an `adjusted` movement, by one
 * conditional update: undefined, and nothing written, when the balance would go below zero (or
 * the card is gone). Of two adjustments (or an adjustment and a checkout) racing for the same
 * euros, the second waits on the row and is refused when too little is left.
 */
export async function adjustGiftCardBalance(
  tx: Tx,
  adjustment: { id: number; amountCents: number; staff: string; now: Date },
): Promise<{ card: GiftCardRecord; movementId: number } | undefined> {
  const [card] = await tx
    .update(commerceGiftCard)
    .set({
      balanceCents: sql`${commerceGiftCard.balanceCents} + ${adjustment.amountCents}`,
      updatedAt: adjustment.now,
    })
    .where(
      and(
        eq(commerceGiftCard.id, adjustment.id),
        sql`${commerceGiftCard.balanceCents} + ${adjustment.amountCents} >= 0`,
      ),
    )
    .returning();
  if (!card) return undefined;
  const [movement] = await tx
    .insert(commerceGiftCardMovement)
    .values({
      giftCardId: card.id,
      kind: "adjusted",
      amountCents: adjustment.amountCents,
      staff: adjustment.staff,
      createdAt: adjustment.now,
    })
    .returning({ id: commerceGiftCardMovement.id });
  if (!movement) throw new Error("the gift card movement was not written");
  return { card, movementId: movement.id };
}

/** What one card paid of an order, and what was credited back to it. */
export type OrderGiftCardPayment = {
  giftCardId: number;
  lastCharacters: string;
  /** Spent on the order (positive). */
  spentCents: number;
  /** Credited back to the card for this order (positive). */
  refundedCents: number;
};

/** The cards that paid an order (from their `spent` and `refunded` movements), by card id. */
export async function giftCardPaymentsOfOrder(
  db: Db | Tx,
  orderId: number,
): Promise<OrderGiftCardPayment[]> {
  const rows = await db
    .select({
      giftCardId: commerceGiftCardMovement.giftCardId,
      lastCharacters: commerceGiftCard.lastCharacters,
      spentCents: sql<number>`coalesce(-sum(${commerceGiftCardMovement.amountCents}) filter (where ${commerceGiftCardMovement.kind} = 'spent'), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${commerceGiftCardMovement.amountCents}) filter (where ${commerceGiftCardMovement.kind} = 'refunded'), 0)::int`,
    })
    .from(commerceGiftCardMovement)
    .innerJoin(commerceGiftCard, eq(commerceGiftCard.id, commerceGiftCardMovement.giftCardId))
    .where(
      and(
        eq(commerceGiftCardMovement.orderId, orderId),
        inArray(commerceGiftCardMovement.kind, ["spent", "refunded"]),
      ),
    )
    .groupBy(commerceGiftCardMovement.giftCardId, commerceGiftCard.lastCharacters)
    .orderBy(commerceGiftCardMovement.giftCardId);
  return rows
    .map((row) => ({
      ...row,
      spentCents: Number(row.spentCents),
      refundedCents: Number(row.refundedCents),
    }))
    .filter((row) => row.spentCents > 0);
}

/**
 * Credits back to each card what it paid of an order and has not had back yet, each with a
 * `refunded` movement, in the caller's transaction (an order's cancellation). The caller holds
 * the order's row lock, so two cancellations queue and the second finds nothing left to credit:
 * never credited twice. The credit goes to the card even if it has expired or is disabled since:
 * the ledger stays true, and the office decides what the card is worth.
 */
export async function creditGiftCardsOfOrder(
  tx: Tx,
  orderId: number,
  staff: string,
  now: Date,
): Promise<(OrderGiftCardPayment & { creditedCents: number; balanceCents: number })[]> {
  const credited = [];
  for (const payment of await giftCardPaymentsOfOrder(tx, orderId)) {
    const due = payment.spentCents - payment.refundedCents;
    if (due <= 0) continue;
    const [card] = await tx
      .update(commerceGiftCard)
      .set({
        balanceCents: sql`${commerceGiftCard.balanceCents} + ${due}`,
        updatedAt: now,
      })
      .where(eq(commerceGiftCard.id, payment.giftCardId))
      .returning({ balanceCents: commerceGiftCard.balanceCents });
    if (!card) continue;
    await tx.insert(commerceGiftCardMovement).values({
      giftCardId: payment.giftCardId,
      kind: "refunded",
      amountCents: due,
      orderId,
      staff,
      createdAt: now,
    });
    credited.push({ ...payment, creditedCents: due, balanceCents: card.balanceCents });
  }
  return credited;
}
