import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { parseDay } from "#platform/backoffice/orders/odp.ts";
import { parseEuros } from "#platform/backoffice/product-edits.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  adjustGiftCardBalance,
  creditGiftCardsOfOrder,
  formatGiftCardCode,
  GIFT_CARD_CODE_MAX,
  GIFT_CARD_CODE_MIN,
  type GiftCardMovement,
  type GiftCardRecord,
  type GiftCardStatus,
  giftCardById,
  giftCardMovements,
  giftCardStatus,
  insertGiftCard,
  isGiftCardCodeShape,
  listGiftCards,
  lockGiftCard,
  maskedGiftCardCode,
  normaliseGiftCardCode,
  setGiftCardEnabled,
} from "#platform/commerce/index.ts";
import { formatCents, parisDay } from "#platform/format.ts";

/**
 * The gift card screens' rules (`/middleware/gift-cards/`): a card issued from the form (value,
 * optional code, optional expiry, note), listed and found, read with its movements, disabled or
 * enabled, its balance adjusted; each change written in one transaction with its change-log line
 * (`gift-card` subject, `carte-cadeau-<id>`). A card's code never reaches the change log: only
 * its last four characters.
 */

/**
 * What one card may be worth when issued. 5 € is the smallest sensible gift (below it, a
 * gesture is better made with a discount code); 1 000 € the largest the shop sells, and a
 * ceiling that catches a mistyped amount (10 000 for 100).
 */
export const GIFT_CARD_MIN_CENTS = 500;
export const GIFT_CARD_MAX_CENTS = 100_000;
export const GIFT_CARD_NOTE_MAX = 200;
export const GIFT_CARDS_PAGE_SIZE = 30;

export const GIFT_CARD_STATUSES: Record<GiftCardStatus, string> = {
  active: "Active",
  used: "Épuisée",
  expired: "Expirée",
  disabled: "Désactivée",
};

export const GIFT_CARD_OFFICE_MESSAGES = {
  value: `Écrivez un montant en euros de ${formatCents(GIFT_CARD_MIN_CENTS)} à ${formatCents(GIFT_CARD_MAX_CENTS)}, par exemple 50,00.`,
  code: `Le code compte de ${GIFT_CARD_CODE_MIN} à ${GIFT_CARD_CODE_MAX} lettres sans accent ou chiffres (les espaces et les tirets ne comptent pas) ; laissez vide pour en générer un.`,
  codeTaken:
    "Ce code est déjà celui d'une autre carte cadeau : choisissez-en un autre, ou laissez le champ vide pour en générer un.",
  expiresOn:
    "Date d'expiration invalide : choisissez un jour, ou laissez vide pour une carte sans fin.",
  expiresOnPast: "Cette date est déjà passée : la carte doit rester valable au moins aujourd'hui.",
  noteMissing: "Indiquez pour qui est la carte, ou pourquoi elle est émise.",
  noteLength: `La note compte ${GIFT_CARD_NOTE_MAX} caractères au plus.`,
  amount: `Écrivez un montant en euros, précédé de « - » pour retirer, par exemple -5,00 ou 10,00 (${formatCents(GIFT_CARD_MAX_CENTS)} au plus).`,
  belowZero: (balanceCents: number) =>
    `Le solde ne peut pas passer sous zéro : il reste ${formatCents(balanceCents)} sur cette carte.`,
  reasonMissing: "Indiquez la raison de l'ajustement.",
  reasonLength: `La raison compte ${GIFT_CARD_NOTE_MAX} caractères au plus.`,
  search: "Saisissez les derniers caractères du code, le code entier ou un mot de la note.",
  notFound: "Cette carte cadeau n'existe plus.",
} as const;

/** How the change log and the screens name a card: `carte-cadeau-12`. */
export function giftCardRef(id: number): string {
  return `carte-cadeau-${id}`;
}

/** A card in the screens' terms. */
export type GiftCard = {
  id: number;
  ref: string;
  lastCharacters: string;
  /** `•••• PQRS` */
  masked: string;
  initialValueCents: number;
  balanceCents: number;
  expiresOn: string | null;
  enabled: boolean;
  note: string;
  createdBy: string;
  createdAt: Date;
  status: GiftCardStatus;
};

function view(row: GiftCardRecord, today: string): GiftCard {
  return {
    id: row.id,
    ref: giftCardRef(row.id),
    lastCharacters: row.lastCharacters,
    masked: maskedGiftCardCode(row.lastCharacters),
    initialValueCents: row.initialValueCents,
    balanceCents: row.balanceCents,
    expiresOn: row.expiresOn,
    enabled: row.enabled,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    status: giftCardStatus(row, today),
  };
}

/** A card as the change log records it: never its code, only its last characters. */
function logged(row: GiftCardRecord) {
  return {
    lastCharacters: row.lastCharacters,
    initialValueCents: row.initialValueCents,
    balanceCents: row.balanceCents,
    expiresOn: row.expiresOn,
    enabled: row.enabled,
    note: row.note,
  };
}

// ---------------------------------------------------------------------------------------------
// The list and one card

export type GiftCardListQuery = {
  search?: string;
  status?: GiftCardStatus;
  /** The id after which the page resumes (keyset, newest first). */
  before?: number;
};

export function isGiftCardStatus(value: string | null | undefined): value is GiftCardStatus {
  return value !== null && value !== undefined && Object.hasOwn(GIFT_CARD_STATUSES, value);
}

/** A page of cards, newest first, with where the next one starts (null: the last page). */
export async function findGiftCards(
  db: Db,
  query: GiftCardListQuery,
  now: Date,
  pageSize = GIFT_CARDS_PAGE_SIZE,
): Promise<{ cards: GiftCard[]; next: number | null }> {
  const today = parisDay(now);
  const rows = await listGiftCards(db, {
    search: query.search,
    status: query.status,
    before: query.before,
    today,
    limit: pageSize + 1,
  });
  const cards = rows.slice(0, pageSize).map((row) => view(row, today));
  return { cards, next: rows.length > pageSize ? (cards.at(-1)?.id ?? null) : null };
}

export type GiftCardMovementView = GiftCardMovement & {
  /** The order screen's reference (`epicerie-12`) when the movement belongs to an order. */
  orderRef: string | null;
  /** The reason given for an office adjustment (from its change-log line). */
  reason: string | null;
};

/** One card with its movements, newest first; null when there is none. */
export async function giftCardDetail(
  db: Db,
  id: number,
  now: Date,
): Promise<{ card: GiftCard; movements: GiftCardMovementView[] } | null> {
  const row = await giftCardById(db, id);
  if (!row) return null;
  const [movements, adjustments] = await Promise.all([
    giftCardMovements(db, id),
    db
      .select({ after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.subjectType, "gift-card"),
          eq(adminAuditLog.subjectId, giftCardRef(id)),
          eq(adminAuditLog.action, "gift-card-adjust"),
        ),
      ),
  ]);
  const reasons = new Map<number, string>();
  for (const line of adjustments) {
    const after = line.after as { movementId?: unknown; reason?: unknown } | null;
    if (typeof after?.movementId === "number" && typeof after.reason === "string") {
      reasons.set(after.movementId, after.reason);
    }
  }
  return {
    card: view(row, parisDay(now)),
    movements: movements.map((movement) => ({
      ...movement,
      orderRef: movement.orderId === null ? null : `epicerie-${movement.orderId}`,
      reason: reasons.get(movement.id) ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Issuing

export type GiftCardFieldErrors = Partial<Record<"value" | "code" | "expiresOn" | "note", string>>;

export type GiftCardFormValues = Record<"value" | "code" | "expiresOn" | "note", string>;

export type GiftCardInput = {
  valueCents: number;
  /** Normalised, or null: generate one. */
  code: string | null;
  expiresOn: string | null;
  note: string;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function giftCardFormValuesFrom(form: FormData): GiftCardFormValues {
  return {
    value: text(form, "value"),
    code: text(form, "code"),
    expiresOn: text(form, "expiresOn"),
    note: text(form, "note"),
  };
}

/** Checks the issue form; every problem at once, each on its field. `now` dates the expiry. */
export function readGiftCardForm(
  values: GiftCardFormValues,
  now: Date,
): { ok: true; input: GiftCardInput } | { ok: false; errors: GiftCardFieldErrors } {
  const errors: GiftCardFieldErrors = {};
  const valueCents = parseEuros(values.value) ?? 0;
  if (valueCents < GIFT_CARD_MIN_CENTS || valueCents > GIFT_CARD_MAX_CENTS) {
    errors.value = GIFT_CARD_OFFICE_MESSAGES.value;
  }
  const code = normaliseGiftCardCode(values.code.trim());
  if (code !== "" && !isGiftCardCodeShape(code)) errors.code = GIFT_CARD_OFFICE_MESSAGES.code;

  let expiresOn: string | null = null;
  if (values.expiresOn.trim() !== "") {
    expiresOn = parseDay(values.expiresOn.trim());
    if (!expiresOn) errors.expiresOn = GIFT_CARD_OFFICE_MESSAGES.expiresOn;
    else if (expiresOn < parisDay(now)) errors.expiresOn = GIFT_CARD_OFFICE_MESSAGES.expiresOnPast;
  }

  const note = values.note.trim();
  if (note === "") errors.note = GIFT_CARD_OFFICE_MESSAGES.noteMissing;
  else if (note.length > GIFT_CARD_NOTE_MAX) errors.note = GIFT_CARD_OFFICE_MESSAGES.noteLength;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { valueCents, code: code === "" ? null : code, expiresOn, note } };
}

/** A unique index refusing a second row with the value (here: a code's hash). */
function isUniqueViolation(error: unknown): boolean {
  for (let at: unknown = error; at && typeof at === "object"; at = (at as Error).cause) {
    if ((at as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type IssueResult =
  | {
      ok: true;
      card: GiftCard;
      /** The whole code, in groups of four: shown to the office this once, never stored. */
      code: string;
    }
  | { ok: false; errors: GiftCardFieldErrors };

/**
 * Issues a card: the card, its `issued` movement and its change-log line in one transaction. A
 * typed code another card has is refused on its field; a generated one that clashes (about one
 * chance in 10^23) is drawn again.
 */
export async function issueGiftCard(
  db: Db,
  actor: Actor,
  input: GiftCardInput,
  now: Date,
): Promise<IssueResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx): Promise<IssueResult> => {
        const { card, code } = await insertGiftCard(tx, {
          code: input.code,
          valueCents: input.valueCents,
          expiresOn: input.expiresOn,
          note: input.note,
          staff: actor.email,
          now,
        });
        await logChange(tx, actor, {
          action: "gift-card-issue",
          subjectType: "gift-card",
          subjectId: giftCardRef(card.id),
          before: null,
          after: logged(card),
        });
        return { ok: true, card: view(card, parisDay(now)), code: formatGiftCardCode(code) };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.code !== null)
        return { ok: false, errors: { code: GIFT_CARD_OFFICE_MESSAGES.codeTaken } };
      if (attempt >= 2) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Changes

/** Disables or enables a card, with its change-log line; undefined when it is gone. */
export async function changeGiftCardEnabled(
  db: Db,
  actor: Actor,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<GiftCard | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockGiftCard(tx, id);
    if (!before) return undefined;
    const after = await setGiftCardEnabled(tx, id, enabled, now);
    if (!after) return undefined;
    if (before.enabled !== enabled) {
      await logChange(tx, actor, {
        action: enabled ? "gift-card-enable" : "gift-card-disable",
        subjectType: "gift-card",
        subjectId: giftCardRef(id),
        before: { enabled: before.enabled },
        after: { enabled },
      });
    }
    return view(after, parisDay(now));
  });
}

export type AdjustmentFieldErrors = Partial<Record<"amount" | "reason", string>>;

export type AdjustmentInput = { amountCents: number; reason: string };

/** `-5,00`, `+10`, `10 €` → signed cents, within ±1 000 €, never zero. */
export function readAdjustmentForm(values: {
  amount: string;
  reason: string;
}): { ok: true; input: AdjustmentInput } | { ok: false; errors: AdjustmentFieldErrors } {
  const errors: AdjustmentFieldErrors = {};
  const match = /^\s*([+\-−]?)\s*(.*)$/.exec(values.amount) ?? [];
  const cents = parseEuros(match[2] ?? "");
  const amountCents = cents === null ? 0 : match[1] === "-" || match[1] === "−" ? -cents : cents;
  if (amountCents === 0 || Math.abs(amountCents) > GIFT_CARD_MAX_CENTS) {
    errors.amount = GIFT_CARD_OFFICE_MESSAGES.amount;
  }
  const reason = values.reason.trim();
  if (reason === "") errors.reason = GIFT_CARD_OFFICE_MESSAGES.reasonMissing;
  else if (reason.length > GIFT_CARD_NOTE_MAX)
    errors.reason = GIFT_CARD_OFFICE_MESSAGES.reasonLength;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { amountCents, reason } };
}

export type AdjustResult =
  | { ok: true; card: GiftCard }
  | { ok: false; errors: AdjustmentFieldErrors; message?: string };

/**
 * Adds to or takes from a card's balance, with an `adjusted` movement and a change-log line
 * (the reason with it), in one transaction. The balance never goes below zero: the update is
 * conditional, so an adjustment that races a checkout spending the card is judged on the
 * balance the checkout left.
 */
export async function adjustGiftCard(
  db: Db,
  actor: Actor,
  id: number,
  input: AdjustmentInput,
  now: Date,
): Promise<AdjustResult> {
  return db.transaction(async (tx): Promise<AdjustResult> => {
    const adjusted = await adjustGiftCardBalance(tx, {
      id,
      amountCents: input.amountCents,
      staff: actor.email,
      now,
    });
    if (!adjusted) {
      const card = await giftCardById(tx, id);
      if (!card) return { ok: false, errors: {}, message: GIFT_CARD_OFFICE_MESSAGES.notFound };
      return {
        ok: false,
        errors: { amount: GIFT_CARD_OFFICE_MESSAGES.belowZero(card.balanceCents) },
      };
    }
    await logChange(tx, actor, {
      action: "gift-card-adjust",
      subjectType: "gift-card",
      subjectId: giftCardRef(id),
      before: { balanceCents: adjusted.card.balanceCents - input.amountCents },
      after: {
        balanceCents: adjusted.card.balanceCents,
        amountCents: input.amountCents,
        reason: input.reason,
        movementId: adjusted.movementId,
      },
    });
    return { ok: true, card: view(adjusted.card, parisDay(now)) };
  });
}

/**
 * An order's cancellation, inside its transaction: each card that paid part of the grocery
 * order gets back what it paid and has not had back (a `refunded` movement), each with its
 * change-log line. Idempotent: a second call credits nothing more.
 */
export async function creditGiftCardsOnCancel(
  tx: Tx,
  actor: Actor,
  order: { id: number; ref: string },
  now: Date,
): Promise<number> {
  const credits = await creditGiftCardsOfOrder(tx, order.id, actor.email, now);
  for (const credit of credits) {
    await logChange(tx, actor, {
      action: "gift-card-credit",
      subjectType: "gift-card",
      subjectId: giftCardRef(credit.giftCardId),
      before: { balanceCents: credit.balanceCents - credit.creditedCents },
      after: {
        balanceCents: credit.balanceCents,
        amountCents: credit.creditedCents,
        order: order.ref,
      },
    });
  }
  return credits.reduce((sum, credit) => sum + credit.creditedCents, 0);
}
