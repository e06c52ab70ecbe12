import {
  adjacentVariants,
  encodedVariantAvailability,
  encodedVariantExistence,
  type MatchRules,
  productOptions,
  type SelectedOption,
  selectedOptionsOf,
  selectedOrFirstAvailableVariant,
  variantBySelectedOptions,
} from "#platform/commerce/catalogue/variant-options.ts";
import { toGid } from "#platform/commerce/gid.ts";
import type { ImageRow, ProductRow, VariantRow } from "#platform/commerce/graphql/loaders.ts";
import { metafieldKey } from "#platform/commerce/graphql/loaders.ts";
import type { PageArgs } from "#platform/commerce/graphql/pagination.ts";
import {
  type CommerceContext,
  money,
  passThrough,
  sliceList,
} from "#platform/commerce/graphql/resolver-support.ts";
import { parsePricePerKg } from "#platform/sold-by-weight.ts";
import {
  type Measure,
  measureOf,
  measureOfTitle,
  unitPriceMeasurement,
  variantUnitPriceCents,
  weightInGrams,
} from "#platform/unit-price.ts";

/**
 * How a product is chosen and measured (Storefront API): options and their values derived from
 * the variants, the variant a buyer's selection picks, Shopify's encoded option combinations,
 * each variant's selected options, unit price and weight, and the product's pictures as media.
 */

type ProductOptionNode = {
  productId: number;
  name: string;
  values: { name: string; firstVariant: VariantRow | null }[];
};

type SelectionArgs = {
  selectedOptions?: SelectedOption[] | null;
  ignoreUnknownOptions?: boolean | null;
  caseInsensitiveMatch?: boolean | null;
};

const variantsOf = async (product: ProductRow, ctx: CommerceContext) =>
  (await ctx.loaders.variants(product.id)) ?? [];

function rulesOf(args: SelectionArgs, ignoreUnknownByDefault: boolean): MatchRules {
  return {
    ignoreUnknownOptions: args.ignoreUnknownOptions ?? ignoreUnknownByDefault,
    caseInsensitiveMatch: args.caseInsensitiveMatch ?? false,
  };
}

/** What a variant holds: its format title (`250 g`), else the product's quantity and unit. */
async function measureOfVariant(
  variant: VariantRow,
  ctx: CommerceContext,
): Promise<Measure | null> {
  const fromTitle = measureOfTitle(variant.title);
  if (fromTitle) return fromTitle;
  const field = (key: string) =>
    ctx.loaders.metafieldByKey(metafieldKey("PRODUCT", variant.productId, "custom", key));
  const [quantity, unit] = await Promise.all([field("quantity"), field("unit")]);
  return measureOf(quantity?.value, unit?.value);
}

/**
 * The one price per kilogram of a product sold by weight (platform/sold-by-weight.ts): every
 * weight's unit price, exact where the weight's price was rounded to the cent. Null otherwise.
 */
async function pricePerKgOf(variant: VariantRow, ctx: CommerceContext): Promise<number | null> {
  const field = (key: string) =>
    ctx.loaders.metafieldByKey(metafieldKey("PRODUCT", variant.productId, "custom", key));
  const [soldByWeight, pricePerKg] = await Promise.all([
    field("sold_by_weight"),
    field("price_per_kg"),
  ]);
  return soldByWeight?.value === "true" ? parsePricePerKg(pricePerKg?.value) : null;
}

const asMedia = (image: ImageRow) => ({ ...image, __typename: "MediaImage" as const });

export function createVariantResolvers() {
  return {
    Color: passThrough("Color"),
    Media: { __resolveType: () => "MediaImage" },

    Product: {
      options: async (
        product: ProductRow,
        args: { first?: number | null },
        ctx: CommerceContext,
      ) => {
        const variants = await variantsOf(product, ctx);
        const options = productOptions(variants).map(
          (option): ProductOptionNode => ({
            productId: product.id,
            name: option.name,
            values: option.values.map((value) => ({
              name: value,
              firstVariant:
                variants.find((variant) =>
                  selectedOptionsOf(variant, variants).some((chosen) => chosen.value === value),
                ) ??
                variants[0] ??
                null,
            })),
          }),
        );
        return args.first != null ? options.slice(0, Math.max(0, args.first)) : options;
      },
      selectedOrFirstAvailableVariant: async (
        product: ProductRow,
        args: SelectionArgs,
        ctx: CommerceContext,
      ) =>
        selectedOrFirstAvailableVariant(
          await variantsOf(product, ctx),
          args.selectedOptions,
          rulesOf(args, true),
        ),
      variantBySelectedOptions: async (
        product: ProductRow,
        args: SelectionArgs,
        ctx: CommerceContext,
      ) =>
        variantBySelectedOptions(
          await variantsOf(product, ctx),
          args.selectedOptions ?? [],
          rulesOf(args, false),
        ),
      adjacentVariants: async (product: ProductRow, args: SelectionArgs, ctx: CommerceContext) =>
        adjacentVariants(await variantsOf(product, ctx), args.selectedOptions, rulesOf(args, true)),
      encodedVariantExistence: async (product: ProductRow, _: unknown, ctx: CommerceContext) =>
        encodedVariantExistence(await variantsOf(product, ctx)),
      encodedVariantAvailability: async (product: ProductRow, _: unknown, ctx: CommerceContext) =>
        encodedVariantAvailability(await variantsOf(product, ctx)),
      media: async (product: ProductRow, args: PageArgs, ctx: CommerceContext) =>
        sliceList(((await ctx.loaders.images(product.id)) ?? []).map(asMedia), args),
    },

    ProductOption: {
      id: (option: ProductOptionNode) => toGid("ProductOption", option.productId),
      optionValues: (option: ProductOptionNode) => option.values,
      values: (option: ProductOptionNode) => option.values.map((value) => value.name),
    },

    ProductOptionValue: {
      // A format is one variant's title: that variant's id names the value in the whole shop.
      id: (value: ProductOptionNode["values"][number]) =>
        toGid("ProductOptionValue", value.firstVariant?.id ?? 0),
      firstSelectableVariant: (value: ProductOptionNode["values"][number]) => value.firstVariant,
      swatch: () => null,
    },

    ProductVariant: {
      selectedOptions: async (variant: VariantRow, _: unknown, ctx: CommerceContext) =>
        selectedOptionsOf(variant, (await ctx.loaders.variants(variant.productId)) ?? [variant]),
      unitPrice: async (variant: VariantRow, _: unknown, ctx: CommerceContext) => {
        const [measure, perKg] = await Promise.all([
          measureOfVariant(variant, ctx),
          pricePerKgOf(variant, ctx),
        ]);
        return measure ? money(variantUnitPriceCents(variant.priceCents, measure, perKg)) : null;
      },
      unitPriceMeasurement: async (variant: VariantRow, _: unknown, ctx: CommerceContext) => {
        const measure = await measureOfVariant(variant, ctx);
        return measure ? unitPriceMeasurement(measure) : null;
      },
      weight: async (variant: VariantRow, _: unknown, ctx: CommerceContext) => {
        const measure = await measureOfVariant(variant, ctx);
        return measure ? weightInGrams(measure) : null;
      },
      weightUnit: () => "GRAMS",
    },

    MediaImage: {
      id: (image: ImageRow) => toGid("MediaImage", image.id),
      alt: (image: ImageRow) => image.altText,
      image: (image: ImageRow) => image,
      previewImage: (image: ImageRow) => image,
      mediaContentType: () => "IMAGE",
    },
  };
}
