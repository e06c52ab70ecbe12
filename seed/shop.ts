import { commerceShop } from "#platform/commerce/tables.ts";
import type { Seeder } from "#seed/seeder.ts";

export const shopSeeder: Seeder = {
  name: "shop",
  tables: [commerceShop],
  async run(tx, _random, { now }) {
    await tx.insert(commerceShop).values({
      name: "Comptoir",
      description:
        "La grande épicerie de quartier, au cœur de Paris : fromagerie, cave, boucherie, " +
        "traiteur, boulangerie et produits fins de nos régions, livrés chez vous ou à retirer " +
        "au comptoir.",
      primaryDomainUrl: "http://localhost:3000",
      currencyCode: "EUR",
      moneyFormat: "{{amount_with_comma_separator}} €",
      createdAt: now,
      updatedAt: now,
    });
  },
};
