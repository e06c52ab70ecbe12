import { and, eq, ne, sql } from "drizzle-orm";
import { commerceProduct } from "#platform/commerce/catalogue/schema.ts";
import { DELIVERY_COUNTRIES, HOME_COUNTRY } from "#platform/commerce/countries.ts";
import { arrayConnection } from "#platform/commerce/graphql/order-resolvers.ts";
import type { CommerceContext } from "#platform/commerce/graphql/resolver-support.ts";
import { SUPPORTED_VERSIONS, UNSTABLE_VERSION } from "#platform/commerce/graphql/versions.ts";
import { type CardBrand, NAMED_CARD_BRANDS } from "#platform/payments/index.ts";

/** The processor's networks as Shopify's `CardBrand` names them. */
const CARD_BRANDS: Record<Exclude<CardBrand, "other">, string> = {
  visa: "VISA",
  mastercard: "MASTERCARD",
  amex: "AMERICAN_EXPRESS",
};

/** Products a shopper can find: archived ones are kept out of every list. */
const listed = eq(commerceProduct.archived, false);

/** Shopify sorts these lists by name; a French shop sorts « Épicerie » with the E's. */
const collator = new Intl.Collator("fr", { sensitivity: "base" });
const sortedNames = (names: string[]) => [...new Set(names)].sort(collator.compare);

/**
 * `paymentSettings`: the shop takes cards through its own hosted checkout (the embedded
 * processor, docs/payments.md), in euros only, without digital wallets. `cardVaultUrl` is that
 * checkout: cards are never vaulted anywhere else.
 */
function paymentSettings(_: unknown, __: unknown, ctx: CommerceContext) {
  return {
    acceptedCardBrands: NAMED_CARD_BRANDS.map((brand) => CARD_BRANDS[brand]),
    cardVaultUrl: `${ctx.origin}/checkout/`,
    countryCode: HOME_COUNTRY.code,
    currencyCode: "EUR",
    enabledPresentmentCurrencies: ["EUR"],
    shopifyPaymentsAccountId: null,
    supportedDigitalWallets: [],
  };
}

/** Resolvers of shop-settings.graphql. */
export function createShopSettingsResolvers() {
  return {
    QueryRoot: {
      paymentSettings,
      // Every version the endpoint answers (versions.ts), the latest named so; `unstable` is
      // served but, as on Shopify, not supported.
      publicApiVersions: () => [
        ...SUPPORTED_VERSIONS.map((handle, index) => ({
          handle,
          displayName: index === SUPPORTED_VERSIONS.length - 1 ? `${handle} (Latest)` : handle,
          supported: true,
        })),
        { handle: UNSTABLE_VERSION, displayName: UNSTABLE_VERSION, supported: false },
      ],
      productTags: async (_: unknown, args: { first: number }, ctx: CommerceContext) => {
        const rows = await ctx.db
          .selectDistinct({ tag: sql<string>`unnest(${commerceProduct.tags})` })
          .from(commerceProduct)
          .where(listed);
        return arrayConnection(sortedNames(rows.map((row) => row.tag)), { first: args.first });
      },
      productTypes: async (_: unknown, args: { first: number }, ctx: CommerceContext) => {
        const rows = await ctx.db
          .selectDistinct({ type: commerceProduct.productType })
          .from(commerceProduct)
          .where(and(listed, ne(commerceProduct.productType, "")));
        return arrayConnection(sortedNames(rows.map((row) => row.type)), { first: args.first });
      },
    },
    Shop: {
      paymentSettings,
      shipsToCountries: () => DELIVERY_COUNTRIES.map((country) => country.code),
    },
  };
}
