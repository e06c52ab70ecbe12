/**
 * How the shop names a payment card to its holder, on pages, emails, receipts and invoices
 * (kernel: the payments module decides the brand, the pages only name it).
 */

const CARD_BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** A network's name as the shop writes it (« Visa »); null for another network. */
export function cardBrandName(brand: string): string | null {
  return CARD_BRAND_NAMES[brand] ?? null;
}

/**
 * « carte Visa •••• 4242 », « carte bancaire •••• 1234 » (another network), « titres-restaurant
 * •••• 0018 » (a titres-restaurant card).
 */
export function cardLabel(card: { brand: string; last4: string; kind?: string }): string {
  if (card.kind === "meal_voucher") return `titres-restaurant •••• ${card.last4}`;
  return `carte ${cardBrandName(card.brand) ?? "bancaire"} •••• ${card.last4}`;
}
