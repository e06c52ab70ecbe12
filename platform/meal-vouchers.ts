/**
 * Titres-restaurant (meal vouchers), as French law lets a food shop take them (Code du travail,
 * R3262-4 to R3262-10; issue 23):
 *
 * - they pay for food only: never alcohol, never non-food, never a fee (the service fee and the
 *   delivery are services). Until 31 December 2026 any food product is eligible, ready to eat or
 *   not (the derogation the law extended to that date); should it end, the rule narrows here;
 * - at most 25 € a day per card: the card's issuer counts it (the embedded processor does,
 *   platform/payments/meal-vouchers.ts), the shop never asks a card for more;
 * - the shopper pays the rest with a bank card.
 *
 * Kernel: the checkout (commerce), the processor (payments) and the pages share these rules.
 */

/** The legal daily limit of titres-restaurant, per card, in cents. */
export const MEAL_VOUCHER_DAILY_LIMIT_CENTS = 2500;

/** Alcohol is sold to adults only and never paid by titres-restaurant (same tag as the cart's). */
export const ALCOHOL_TAG = "ageLimit";

/** The tag a non-food product carries (a knife, a basket): not payable by titres-restaurant. */
export const NON_FOOD_TAG = "non-alimentaire";

/** Whether titres-restaurant may pay for this product. */
export function isMealVoucherEligible(product: { tags: readonly string[] }): boolean {
  return !product.tags.includes(ALCOHOL_TAG) && !product.tags.includes(NON_FOOD_TAG);
}

/**
 * What titres-restaurant may pay of a basket: its eligible lines as charged (after discounts),
 * never more than what is left to pay, nor than the daily limit.
 */
export function mealVoucherEligibleCents(
  lines: readonly { product: { tags: readonly string[] }; totalCents: number }[],
  leftToPayCents: number,
): number {
  const eligible = lines
    .filter((line) => isMealVoucherEligible(line.product))
    .reduce((sum, line) => sum + line.totalCents, 0);
  return Math.max(0, Math.min(eligible, leftToPayCents, MEAL_VOUCHER_DAILY_LIMIT_CENTS));
}
