import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { commerceDiscountCode, type DiscountKind } from "#platform/commerce/cart/schema.ts";
import { formatCents as euros } from "#platform/format.ts";

export type DiscountCodeRow = typeof commerceDiscountCode.$inferSelect;

/**
 * Why a code does not apply, as Shopify's cart warnings say it (`CartWarningCode`), with the
 * shopper's message in French.
 */
export type DiscountWarning = {
  code:
    | "DISCOUNT_NOT_FOUND"
    | "DISCOUNT_CURRENTLY_INACTIVE"
    | "DISCOUNT_PURCHASE_NOT_IN_RANGE"
    | "DISCOUNT_USAGE_LIMIT_REACHED"
    | "DISCOUNT_CODE_NOT_HONOURED";
  message: string;
};

/** A code the shopper entered, as the cart shows it, with what it takes off (0 if not applicable). */
export type EvaluatedDiscount = {
  code: string;
  applicable: boolean;
  kind: DiscountKind;
  value: number;
  amountCents: number;
  /** Why it does not apply; null when it does. */
  warning: DiscountWarning | null;
};

/**
 * An automatic discount as it applies to a cart (Shopify's `AutomaticDiscountApplication`): no
 * code, a title the shopper sees, what it takes off.
 */
export type AppliedAutomaticDiscount = {
  id: number;
  title: string;
  kind: DiscountKind;
  value: number;
  amountCents: number;
};

/** Codes are matched case-insensitively, as on Shopify: stored and compared upper-cased. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The shop's discount codes among `codes`, keyed by their normalised code. */
export async function findDiscountCodes(
  db: Db | Tx,
  codes: string[],
): Promise<Map<string, DiscountCodeRow>> {
  return (await findCartDiscounts(db, codes)).codes;
}

/**
 * What can discount a cart, in one query: the codes it carries among the shop's (keyed by their
 * normalised code) and the shop's enabled automatic discounts.
 */
export async function findCartDiscounts(
  db: Db | Tx,
  codes: string[],
): Promise<{ codes: Map<string, DiscountCodeRow>; automatic: DiscountCodeRow[] }> {
  const automatic = and(
    eq(commerceDiscountCode.automatic, true),
    eq(commerceDiscountCode.enabled, true),
  );
  const rows = await db
    .select()
    .from(commerceDiscountCode)
    .where(
      codes.length === 0
        ? automatic
        : or(inArray(commerceDiscountCode.code, codes.map(normaliseCode)), automatic),
    )
    .orderBy(asc(commerceDiscountCode.id));
  const found = new Map<string, DiscountCodeRow>();
  for (const row of rows) if (!row.automatic && row.code !== null) found.set(row.code, row);
  return { codes: found, automatic: rows.filter((row) => row.automatic) };
}

/**
 * Whether a code can apply now to a cart of this subtotal (enabled, in its dates, minimum met,
 * uses left).
 */
export function isApplicable(rule: DiscountCodeRow, subtotalCents: number, now: Date): boolean {
  return discountWarning(rule.code ?? rule.title, rule, subtotalCents, now) === null;
}

/**
 * The automatic discount a cart gets when none of its codes applies (codes and automatic
 * discounts do not combine, Shopify's default, and a code that applies wins): among those that
 * apply now (enabled, in their dates, minimum met, uses left), the one taking the most off, the
 * oldest on a tie; null when none takes anything off.
 */
export function bestAutomaticDiscount(
  rules: DiscountCodeRow[],
  subtotalCents: number,
  now: Date,
): AppliedAutomaticDiscount | null {
  let best: AppliedAutomaticDiscount | null = null;
  for (const rule of rules) {
    if (!rule.automatic || !isApplicable(rule, subtotalCents, now)) continue;
    const amountCents = discountAmount(rule, subtotalCents);
    if (
      amountCents > 0 &&
      (!best ||
        amountCents > best.amountCents ||
        (amountCents === best.amountCents && rule.id < best.id))
    ) {
      best = { id: rule.id, title: rule.title, kind: rule.kind, value: rule.value, amountCents };
    }
  }
  return best;
}

/** What a code takes off a subtotal: a percentage (rounded to the cent) or a fixed amount. */
export function discountAmount(rule: DiscountCodeRow, subtotalCents: number): number {
  const raw =
    rule.kind === "percentage" ? Math.round((subtotalCents * rule.value) / 100) : rule.value;
  return Math.max(0, Math.min(raw, subtotalCents));
}

/**
 * Why `rule` (null: no such code) does not apply now to a cart of this subtotal; null if it does.
 * `subtotalCents` is what a discount may take from; `excludedCents` what it may not: alcohol is
 * never promoted by a discount (issue 23), so its lines count for neither the amount nor the
 * minimum purchase.
 */
export function discountWarning(
  code: string,
  rule: DiscountCodeRow | undefined,
  subtotalCents: number,
  now: Date,
  excludedCents = 0,
): DiscountWarning | null {
  const named = `Le code promo « ${normaliseCode(code)} »`;
  if (!rule) return { code: "DISCOUNT_NOT_FOUND", message: `${named} n'existe pas.` };
  if (!rule.enabled) {
    return { code: "DISCOUNT_CURRENTLY_INACTIVE", message: `${named} n'est plus valable.` };
  }
  if (rule.startsAt.getTime() > now.getTime()) {
    return { code: "DISCOUNT_CURRENTLY_INACTIVE", message: `${named} n'est pas encore valable.` };
  }
  if (rule.endsAt !== null && now.getTime() >= rule.endsAt.getTime()) {
    return { code: "DISCOUNT_CURRENTLY_INACTIVE", message: `${named} a expiré.` };
  }
  if (rule.usageLimit !== null && rule.usesCount >= rule.usageLimit) {
    return {
      code: "DISCOUNT_USAGE_LIMIT_REACHED",
      message: `${named} a atteint son nombre maximal d'utilisations.`,
    };
  }
  if (subtotalCents === 0 && excludedCents > 0) {
    return {
      code: "DISCOUNT_CODE_NOT_HONOURED",
      message: `${named} ne s'applique pas aux boissons alcoolisées.`,
    };
  }
  if (subtotalCents < rule.minimumSubtotalCents) {
    const apart = excludedCents > 0 ? ", hors boissons alcoolisées" : "";
    return {
      code: "DISCOUNT_PURCHASE_NOT_IN_RANGE",
      message: `${named} est valable à partir de ${euros(rule.minimumSubtotalCents)} d'achats${apart}.`,
    };
  }
  return null;
}

/**
 * Evaluates the cart's codes in the order entered. Codes do not combine (Shopify's default): the
 * first applicable one applies, the others show `applicable: false`; so does an unknown code.
 * Each code that does not apply carries its reason (`warning`).
 */
export function evaluateDiscounts(
  codes: string[],
  rules: Map<string, DiscountCodeRow>,
  subtotalCents: number,
  now: Date,
  excludedCents = 0,
): EvaluatedDiscount[] {
  let applied: string | null = null;
  return codes.map((code) => {
    const rule = rules.get(normaliseCode(code));
    const warning =
      discountWarning(code, rule, subtotalCents, now, excludedCents) ??
      (applied === null
        ? null
        : {
            code: "DISCOUNT_CODE_NOT_HONOURED" as const,
            message: `Le code promo « ${normaliseCode(code)} » ne se cumule pas avec « ${applied} ».`,
          });
    if (!rule || warning) {
      return {
        code,
        applicable: false,
        kind: rule?.kind ?? "fixed",
        value: rule?.value ?? 0,
        amountCents: 0,
        warning,
      };
    }
    applied = normaliseCode(code);
    return {
      code,
      applicable: true,
      kind: rule.kind,
      value: rule.value,
      amountCents: discountAmount(rule, subtotalCents),
      warning: null,
    };
  });
}

/**
 * Spreads a cart-level discount over lines in proportion to their subtotals (Shopify's `ACROSS`
 * allocation); rounding leftovers go to the last line that takes a part, so the parts add up to
 * the whole and a line counted at 0 (alcohol) takes nothing.
 */
export function allocateAcross(amountCents: number, lineSubtotals: number[]): number[] {
  const total = lineSubtotals.reduce((sum, value) => sum + value, 0);
  if (total === 0 || amountCents === 0) return lineSubtotals.map(() => 0);
  const parts = lineSubtotals.map((value) => Math.floor((amountCents * value) / total));
  const rest = amountCents - parts.reduce((sum, value) => sum + value, 0);
  const last = lineSubtotals.findLastIndex((value) => value > 0);
  parts[last] = (parts[last] ?? 0) + rest;
  return parts;
}

/** Why an order cannot be placed: a code it applies has just used its last use. */
export class DiscountUsedUp extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`Le code promo « ${code} » a atteint son nombre maximal d'utilisations.`);
    this.code = code;
  }
}

/** Why an order cannot be placed: its automatic discount has just used its last use. */
export class AutomaticDiscountUsedUp extends Error {
  readonly title: string;
  constructor(title: string) {
    super(`La remise « ${title} » a atteint son nombre maximal d'utilisations.`);
    this.title = title;
  }
}

/**
 * Counts one use of an automatic discount an order applies, in the order's transaction, by the
 * same conditional update as `claimDiscountUses`: the order that loses the race for the last use
 * gets `AutomaticDiscountUsedUp` and rolls back.
 */
export async function claimAutomaticDiscountUse(
  tx: Tx,
  discount: Pick<AppliedAutomaticDiscount, "id" | "title">,
): Promise<void> {
  const rows = await tx
    .update(commerceDiscountCode)
    .set({ usesCount: sql`${commerceDiscountCode.usesCount} + 1` })
    .where(
      and(
        eq(commerceDiscountCode.id, discount.id),
        eq(commerceDiscountCode.automatic, true),
        or(
          isNull(commerceDiscountCode.usageLimit),
          lt(commerceDiscountCode.usesCount, commerceDiscountCode.usageLimit),
        ),
      ),
    )
    .returning({ id: commerceDiscountCode.id });
  if (rows.length !== 1) throw new AutomaticDiscountUsedUp(discount.title);
}

/**
 * Counts one use of each code an order applies, inside the transaction that places the order, by
 * a conditional update (`uses_count < usage_limit`): of two orders racing for a code's last use,
 * the second waits on the code's row, finds no use left and gets `DiscountUsedUp`, which rolls
 * its transaction (and so its order and charge) back.
 */
export async function claimDiscountUses(tx: Tx, codes: string[]): Promise<void> {
  for (const code of codes.map(normaliseCode)) {
    const rows = await tx
      .update(commerceDiscountCode)
      .set({ usesCount: sql`${commerceDiscountCode.usesCount} + 1` })
      .where(
        and(
          eq(commerceDiscountCode.code, code),
          or(
            isNull(commerceDiscountCode.usageLimit),
            lt(commerceDiscountCode.usesCount, commerceDiscountCode.usageLimit),
          ),
        ),
      )
      .returning({ id: commerceDiscountCode.id });
    if (rows.length !== 1) throw new DiscountUsedUp(code);
  }
}
