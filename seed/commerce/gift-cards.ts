import type { Tx } from "#db/client.ts";
import { insertGiftCard } from "#platform/commerce/index.ts";

/**
 * The demo gift cards (docs/demo-data.md), with known codes so a developer can pay with one at
 * the checkout: a 50 € card that pays most carts whole, a 10 € one that pays part of a cart (the
 * bank card pays the rest), and one that expired at the end of 2024, to see the refusal. Codes
 * are written as the office would type them; the shop keeps only their hash, as for any card.
 */
export const DEMO_GIFT_CARDS = [
  { code: "COMPTOIR-CADEAU-50", valueCents: 5000, expiresOn: null, note: "Démo : carte de 50 €" },
  { code: "COMPTOIR-CADEAU-10", valueCents: 1000, expiresOn: null, note: "Démo : carte de 10 €" },
  {
    code: "COMPTOIR-EXPIREE-2024",
    valueCents: 2000,
    expiresOn: "2024-12-31",
    note: "Démo : carte expirée le 31 décembre 2024",
  },
] as const;

/** Writes the demo cards and their `issued` movements, dated `now`. */
export async function seedGiftCards(tx: Tx, now: Date): Promise<void> {
  for (const card of DEMO_GIFT_CARDS) {
    await insertGiftCard(tx, { ...card, staff: "demo", now });
  }
}
