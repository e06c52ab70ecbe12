import {
  commerceDiscountCode,
  commerceGiftCard,
  commerceGiftCardMovement,
} from "#platform/commerce/tables.ts";
import { seedGiftCards } from "#seed/commerce/gift-cards.ts";
import type { Seeder } from "#seed/seeder.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo codes a shopper types in the cart: discount codes (docs/storefront-api.md, "Carts,
 * orders and checkout"), two that work from a minimum subtotal, one expired and one disabled, to
 * try every `applicable` case; and the demo gift cards (seed/commerce/gift-cards.ts).
 */
export const discountsSeeder: Seeder = {
  name: "discounts",
  tables: [commerceDiscountCode, commerceGiftCard, commerceGiftCardMovement],
  async run(tx, _random, { now }) {
    const since = new Date(now.getTime() - 30 * DAY_MS);
    await tx.insert(commerceDiscountCode).values([
      {
        code: "BIENVENUE10",
        title: "10 % de bienvenue dès 30 € d'achat",
        kind: "percentage",
        value: 10,
        minimumSubtotalCents: 3000,
        startsAt: since,
        createdAt: now,
      },
      {
        code: "NOEL5",
        title: "5 € offerts dès 40 € d'achat",
        kind: "fixed",
        value: 500,
        minimumSubtotalCents: 4000,
        startsAt: since,
        createdAt: now,
      },
      {
        code: "ETE2024",
        title: "15 % de l'été 2024 (expiré)",
        kind: "percentage",
        value: 15,
        startsAt: new Date("2024-06-21T00:00:00.000Z"),
        endsAt: new Date("2024-09-22T00:00:00.000Z"),
        createdAt: now,
      },
      {
        code: "FIDELITE",
        title: "3 € offerts (désactivé)",
        kind: "fixed",
        value: 300,
        enabled: false,
        startsAt: since,
        createdAt: now,
      },
    ]);
    await seedGiftCards(tx, now);
  },
};
