import { and, asc, eq } from "drizzle-orm";
import { hashPassword, toGid, writeCustomerMetafield } from "#platform/commerce/index.ts";
import {
  commerceCustomer,
  commerceCustomerAddress,
  commerceCustomerToken,
  commerceProduct,
  commerceShoppingList,
} from "#platform/commerce/tables.ts";
import type { Seeder } from "#seed/seeder.ts";

/** The demo customer's sign-in (docs/storefront-api.md, "Customers"). */
export const DEMO_CUSTOMER = { email: "marie.dupont@example.com", password: "Comptoir-2025" };

/**
 * A demo customer, activated, with a default address in Paris, three favourites and a shopping
 * list, so the account pages have something to show on a fresh shop.
 */
export const customersSeeder: Seeder = {
  name: "customers",
  tables: [commerceCustomer, commerceCustomerAddress, commerceCustomerToken, commerceShoppingList],
  async run(tx, random, { now }) {
    const salt = Buffer.from(Array.from({ length: 16 }, () => random.int(0, 255)));
    const [customer] = await tx
      .insert(commerceCustomer)
      .values({
        email: DEMO_CUSTOMER.email,
        firstName: "Marie",
        lastName: "Dupont",
        phone: "+33612345678",
        acceptsMarketing: true,
        state: "ENABLED",
        passwordHash: await hashPassword(DEMO_CUSTOMER.password, salt),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!customer) throw new Error("The demo customer was not stored");
    const [address] = await tx
      .insert(commerceCustomerAddress)
      .values({
        customerId: customer.id,
        firstName: "Marie",
        lastName: "Dupont",
        address1: "12 rue des Martyrs",
        zip: "75009",
        city: "Paris",
        phone: "+33612345678",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(commerceCustomer)
      .set({ defaultAddressId: address?.id })
      .where(eq(commerceCustomer.id, customer.id));

    const products = await tx
      .select({ id: commerceProduct.id })
      .from(commerceProduct)
      .where(and(eq(commerceProduct.archived, false), eq(commerceProduct.availableForSale, true)))
      .orderBy(asc(commerceProduct.id))
      .limit(6);
    const gids = products.map((product) => toGid("Product", product.id));
    await writeCustomerMetafield(tx, customer.id, "wishlist", gids.slice(0, 3), now);
    const [list] = await tx
      .insert(commerceShoppingList)
      .values({
        customerId: customer.id,
        title: "Apéritif du dimanche",
        items: gids.slice(3, 6),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeCustomerMetafield(tx, customer.id, "shopping_lists", list ? [list.id] : [], now);
  },
};
