import type { Db } from "#db/client.ts";
import { commerceDiscountCode } from "#platform/commerce/cart-schema.ts";
import {
  commerceImage,
  commerceMetafield,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue-schema.ts";
import { commerceCustomer, commerceCustomerToken } from "#platform/commerce/customer-schema.ts";
import { hashToken } from "#platform/commerce/customers.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { storefrontApi } from "#platform/commerce/graphql/http.ts";
import { commerceShop } from "#platform/commerce/schema.ts";

/** Shared by the cart, `/cart.js` and checkout tests: a small catalogue, codes and a customer. */

export const PUBLIC_TOKEN = "test-public-token-0123456789";
export const PRIVATE_TOKEN = "test-private-token-0123456789";
export const ORIGIN = "http://shop.test";
/** The tests' clock. */
export const NOW = new Date("2025-06-02T10:00:00.000Z");
export const CUSTOMER_TOKEN = "a".repeat(64);

type ProductSpec = {
  handle: string;
  title: string;
  priceCents: number;
  compareAtCents?: number;
  tags?: string[];
  forSale?: boolean;
  maxQuantity?: number;
};

const PRODUCTS = {
  comte: {
    handle: "comte-aop-18-mois",
    title: "Comté AOP 18 mois",
    priceCents: 1250,
    compareAtCents: 1500,
    maxQuantity: 3,
  },
  miel: { handle: "miel-de-lavande", title: "Miel de lavande", priceCents: 890 },
  truffe: {
    handle: "truffe-noire",
    title: "Truffe noire",
    priceCents: 4500,
    tags: ["unavailable"],
  },
  ancien: { handle: "ancien-produit", title: "Ancien produit", priceCents: 300, tags: ["Archive"] },
  epuise: { handle: "produit-epuise", title: "Produit épuisé", priceCents: 700, forSale: false },
  caviar: { handle: "caviar", title: "Caviar", priceCents: 5000, maxQuantity: 20 },
} satisfies Record<string, ProductSpec>;

export type CatalogueFixture = Record<
  keyof typeof PRODUCTS,
  { productId: number; variantId: string }
> & { customerId: number };

async function insertProduct(db: Db, spec: ProductSpec) {
  const tags = spec.tags ?? [];
  const [product] = await db
    .insert(commerceProduct)
    .values({
      handle: spec.handle,
      title: spec.title,
      vendor: "Maison Test",
      tags,
      priceMinCents: spec.priceCents,
      priceMaxCents: spec.priceCents,
      availableForSale: spec.forSale ?? true,
      archived: tags.includes("Archive"),
    })
    .returning();
  if (!product) throw new Error("product not inserted");
  const [variant] = await db
    .insert(commerceVariant)
    .values({
      productId: product.id,
      sku: spec.handle.toUpperCase(),
      priceCents: spec.priceCents,
      compareAtPriceCents: spec.compareAtCents ?? null,
      availableForSale: spec.forSale ?? true,
    })
    .returning();
  await db.insert(commerceImage).values({
    productId: product.id,
    url: `/cdn/images/products/${spec.handle}-1.svg`,
    altText: spec.title,
  });
  if (spec.maxQuantity !== undefined) {
    await db.insert(commerceMetafield).values({
      ownerType: "PRODUCT",
      ownerId: product.id,
      namespace: "custom",
      key: "max_quantity",
      type: "number_integer",
      value: String(spec.maxQuantity),
    });
  }
  return { productId: product.id, variantId: toGid("ProductVariant", variant?.id ?? 0) };
}

/** Seeds the shop, six products, four discount codes and a signed-in customer. */
export async function seedCartFixture(db: Db): Promise<CatalogueFixture> {
  await db.insert(commerceShop).values({ name: "Comptoir", primaryDomainUrl: ORIGIN });
  const entries = [];
  for (const [name, spec] of Object.entries(PRODUCTS)) {
    entries.push([name, await insertProduct(db, spec)] as const);
  }
  await db.insert(commerceDiscountCode).values([
    {
      code: "BIENVENUE10",
      title: "Bienvenue",
      kind: "percentage",
      value: 10,
      minimumSubtotalCents: 3000,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    },
    {
      code: "NOEL5",
      title: "Noël",
      kind: "fixed",
      value: 500,
      minimumSubtotalCents: 4000,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    },
    {
      code: "ETE2024",
      title: "Été 2024",
      kind: "percentage",
      value: 20,
      startsAt: new Date("2024-06-01T00:00:00Z"),
      endsAt: new Date("2024-09-01T00:00:00Z"),
    },
    {
      code: "ARRET",
      title: "Code désactivé",
      kind: "fixed",
      value: 100,
      enabled: false,
      startsAt: new Date("2025-01-01T00:00:00Z"),
    },
  ]);
  const [customer] = await db
    .insert(commerceCustomer)
    .values({
      email: "claire@example.fr",
      firstName: "Claire",
      lastName: "Martin",
      phone: "+33612345678",
      state: "ENABLED",
    })
    .returning();
  await db.insert(commerceCustomerToken).values({
    customerId: customer?.id ?? 0,
    kind: "access",
    tokenHash: hashToken(CUSTOMER_TOKEN),
    expiresAt: new Date("2025-07-01T00:00:00Z"),
  });
  return {
    ...(Object.fromEntries(entries) as Record<
      keyof typeof PRODUCTS,
      { productId: number; variantId: string }
    >),
    customerId: customer?.id ?? 0,
  };
}

/** The commerce app on a test database, with the tests' clock. */
export function testApi(db: Db) {
  return storefrontApi({
    db,
    search: {
      predictive: async () => ({ productIds: [], collectionIds: [], queries: [] }),
      matchingProductIds: async () => [],
    },
    publicToken: PUBLIC_TOKEN,
    privateToken: PRIVATE_TOKEN,
    publicOrigin: ORIGIN,
    now: () => NOW,
  });
}

/** Posts one GraphQL operation to the app; the answer's JSON body. */
export async function graphqlRequest(
  api: ReturnType<typeof testApi>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await api.request(`${ORIGIN}/api/2024-01/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Shopify-Storefront-Access-Token": PUBLIC_TOKEN,
    },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary GraphQL answers
  return (await res.json()) as any;
}
