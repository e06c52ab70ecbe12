import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  type CardKind,
  type CardSummary,
  cardSummary,
  expiryYear,
  type PaymentFailureCode,
  randomId,
  tokenizeCard,
} from "#platform/payments/processor.ts";
import { paymentCardEntry } from "./schema.ts";

/**
 * The test processor's hosted card-entry page, as a meal-voucher processor has one: a consumer
 * (the grocery checkout, the ordering service) opens an entry for a shopper and sends them to its
 * page; the shopper types the card there, never on the shop's own pages; the page tokenizes it
 * (processor.ts) and sends the shopper back to the consumer with `card_entry=<id>`; the consumer
 * takes the card's token once (`takeCardEntry`) and charges it later as before
 * (`chargeMealVoucher`). The number and the code are read, checked and forgotten: only the
 * token is kept.
 */

/** The kinds of card an entry may ask for: only titres-restaurant cards have a page. */
export type CardEntryKind = Extract<CardKind, "meal_voucher">;

export type CardEntryStatus = "open" | "complete" | "spent" | "expired";

/** How long a page waits for its card, and the consumer for the token: 30 minutes. */
export const CARD_ENTRY_LIFETIME_MS = 30 * 60 * 1000;

/** Where each kind's page is served, on the shop's origin. */
export const CARD_ENTRY_PATHS: Readonly<Record<CardEntryKind, string>> = {
  meal_voucher: "/test-payments/titres-restaurant",
};

/** The query parameter the shopper comes back with. */
export const CARD_ENTRY_PARAM = "card_entry";

type Row = typeof paymentCardEntry.$inferSelect;

/**
 * Opens a card-entry page for a shopper: `url` is where to send them
 * (`<pageBase>/test-payments/titres-restaurant/<id>`, `pageBase` being the shop's origin where the
 * server mounts `cardEntryRoutes`). They come back to `returnUrl` with `card_entry=<id>` once a
 * card is entered, or without it when they cancel.
 */
export async function createCardEntry(
  db: Db | Tx,
  input: {
    kind: CardEntryKind;
    returnUrl: string;
    reference: string;
    pageBase: string;
    now: Date;
  },
): Promise<{ id: string; url: string; expiresAt: Date }> {
  const path = CARD_ENTRY_PATHS[input.kind];
  if (!path) throw new Error(`No card-entry page for cards of kind ${input.kind}`);
  if (input.reference.trim() === "") throw new Error("A card entry needs the consumer's reference");
  const returnUrl = httpUrl(input.returnUrl, "returnUrl");
  const pageBase = httpUrl(input.pageBase, "pageBase").replace(/\/+$/, "");
  const id = randomId("ce_");
  const expiresAt = new Date(input.now.getTime() + CARD_ENTRY_LIFETIME_MS);
  await db.insert(paymentCardEntry).values({
    id,
    kind: input.kind,
    returnUrl,
    reference: input.reference,
    status: "open",
    createdAt: input.now,
    expiresAt,
  });
  return { id, url: `${pageBase}${path}/${id}`, expiresAt };
}

/** An absolute http(s) address: a consumer's mistake is a bug, thrown at once. */
function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must be an http(s) URL: ${value}`);
  }
  return url.toString();
}

/**
 * The card an entry led to, once: the entry is then spent. Null for an unknown id, another
 * consumer's reference, an entry with no card yet, one already taken, or one past its 30 minutes.
 * Concurrent takes of one entry: one gets the card (the conditional update lets one through).
 */
export async function takeCardEntry(
  db: Db | Tx,
  id: string,
  options: { reference: string; now: Date },
): Promise<CardSummary | null> {
  const [taken] = await db
    .update(paymentCardEntry)
    .set({ status: "spent", spentAt: options.now })
    .where(
      and(
        eq(paymentCardEntry.id, id),
        eq(paymentCardEntry.reference, options.reference),
        eq(paymentCardEntry.status, "complete"),
        gt(paymentCardEntry.expiresAt, options.now),
      ),
    )
    .returning({ cardToken: paymentCardEntry.cardToken });
  if (!taken?.cardToken) {
    await expireIfDue(db, id, options.now);
    return null;
  }
  return cardSummary(db, taken.cardToken);
}

/** Marks an entry past its time expired, unless it was already taken. */
async function expireIfDue(db: Db | Tx, id: string, now: Date): Promise<void> {
  await db
    .update(paymentCardEntry)
    .set({ status: "expired" })
    .where(
      and(
        eq(paymentCardEntry.id, id),
        inArray(paymentCardEntry.status, ["open", "complete"]),
        lte(paymentCardEntry.expiresAt, now),
      ),
    );
}

/** What the page says of a card it refused, on the field concerned. */
export type CardEntryProblem = Extract<
  PaymentFailureCode,
  "invalid_number" | "invalid_expiry" | "invalid_cvc" | "not_meal_voucher"
>;

/** What the page shows or does next. */
export type CardEntryStep =
  | { kind: "form"; entry: Row; problem: CardEntryProblem | null }
  | { kind: "redirect"; url: string }
  | { kind: "closed"; status: Exclude<CardEntryStatus, "open">; returnUrl: string }
  | { kind: "missing" };

/** The page of an entry: its form while it is open, what became of it otherwise. */
export async function cardEntryPage(db: Db, id: string, now: Date): Promise<CardEntryStep> {
  const [entry] = await db.select().from(paymentCardEntry).where(eq(paymentCardEntry.id, id));
  return stepOf(db, entry, now);
}

async function stepOf(db: Db | Tx, entry: Row | undefined, now: Date): Promise<CardEntryStep> {
  if (!entry) return { kind: "missing" };
  if (entry.status === "open" && entry.expiresAt <= now) {
    await expireIfDue(db, entry.id, now);
    return { kind: "closed", status: "expired", returnUrl: entry.returnUrl };
  }
  if (entry.status === "open") return { kind: "form", entry, problem: null };
  const status = entry.status as Exclude<CardEntryStatus, "open">;
  const returnUrl = status === "complete" ? withEntry(entry.returnUrl, entry.id) : entry.returnUrl;
  return { kind: "closed", status, returnUrl };
}

/** The return address with the entry's id added to its query. */
export function withEntry(returnUrl: string, id: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set(CARD_ENTRY_PARAM, id);
  return url.toString();
}

/** The expiry as typed on the page: `MM/AA`, `MM / AAAA`, `MM-AA`; null otherwise. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  return { month: Number(match[1]), year: expiryYear(Number(match[2])) };
}

// Thrown to roll back the token of a card of the wrong kind: a refused card leaves nothing.
class WrongKind extends Error {}

/**
 * The shopper's card, typed on the page: checked and tokenized by the processor; a card of the
 * kind asked for completes the entry and sends the shopper back to the consumer. The entry is
 * locked meanwhile, so two submissions at once complete it once.
 */
export async function submitCardEntry(
  db: Db,
  id: string,
  input: { number: string; expiry: string; cvc: string },
  now: Date,
): Promise<CardEntryStep> {
  try {
    return await db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(paymentCardEntry)
        .where(eq(paymentCardEntry.id, id))
        .for("update");
      const step = await stepOf(tx, entry, now);
      if (step.kind !== "form") return step;
      const form = (problem: CardEntryProblem): CardEntryStep => ({ ...step, problem });
      // An unreadable expiry is month 0, which the processor refuses after checking the number.
      const expiry = parseExpiry(input.expiry) ?? { month: 0, year: 0 };
      const tokenized = await tokenizeCard(
        tx,
        { number: input.number, expMonth: expiry.month, expYear: expiry.year, cvc: input.cvc },
        now,
      );
      if (!tokenized.ok) return form(pageProblem(tokenized.code));
      if (tokenized.card.kind !== step.entry.kind) throw new WrongKind();
      await tx
        .update(paymentCardEntry)
        .set({ status: "complete", cardToken: tokenized.card.token, completedAt: now })
        .where(eq(paymentCardEntry.id, id));
      return { kind: "redirect", url: withEntry(step.entry.returnUrl, id) };
    });
  } catch (error) {
    if (!(error instanceof WrongKind)) throw error;
    const step = await cardEntryPage(db, id, now);
    return step.kind === "form" ? { ...step, problem: "not_meal_voucher" } : step;
  }
}

function pageProblem(code: PaymentFailureCode): CardEntryProblem {
  return code === "invalid_expiry" || code === "invalid_cvc" ? code : "invalid_number";
}
