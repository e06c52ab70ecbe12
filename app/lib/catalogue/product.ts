import {
  endSentence,
  formatQuantity,
  type MoneyAmount,
  previousPrice,
  toCents,
} from "#app/lib/format.ts";
import type {
  CatalogueMetaobjectFragment,
  CatalogueProductCardFragment,
  CatalogueProductQuery,
} from "#app/lib/storefront.generated.ts";
import { parsePricePerKg, perKgLabel } from "#platform/sold-by-weight.ts";
import { unitPriceLabelOfApi } from "#platform/unit-price.ts";

/** The product tag of alcohol, sold to adults only (storefront.md, "Tags with meaning"). */
export const AGE_LIMIT_TAG = "ageLimit";
/** The health message the Loi Évin requires wherever alcohol is sold: its page and the cart. */
export const ALCOHOL_HEALTH_MESSAGE =
  "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.";

/** The product page's alcohol notice: « Teneur en alcool : 13,5 % vol. » and the health message. */
export function alcoholNotice(alcohol: string): string {
  return `${endSentence(`Teneur en alcool : ${alcohol}`)} ${ALCOHOL_HEALTH_MESSAGE}`;
}
/**
 * Storefront products as the pages use them: the API's shape (the fields our GraphQL fragments
 * ask for) brought to the specification's "Storefront product (normalised)"
 * (ordering-and-server.md §3), and the product card's states (storefront.md §4, §5).
 */

export type Money = { amount: MoneyAmount; currencyCode: string };

/** A metaobject (brand, allergen, diet, label) as the API answers it. */
export type ApiMetaobject = CatalogueMetaobjectFragment;

/**
 * A product as the card fragment answers it (listings, search, favourites), or as the product
 * page's query does (all its images, variants and metafields, with their references).
 */
export type ApiProduct =
  | CatalogueProductCardFragment
  | Omit<
      NonNullable<CatalogueProductQuery["product"]>,
      "descriptionHtml" | "seo" | "collections" | "relatedProducts"
    >;

type ApiMetafield = ApiProduct["metafields"][number];
type ApiImage = NonNullable<ApiProduct["featuredImage"]>;

/** A metaobject reduced to what the pages print: its handle and display name. */
export type Taxon = { id: string; handle: string; title: string };

export type Brand = {
  id: string;
  handle: string;
  name: string;
  isArtisan: boolean;
  image: string | null;
};

export type ProductImage = {
  url: string;
  altText: string;
  width: number | null;
  height: number | null;
  srcSet: string;
};

export type ProductVariant = {
  id: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  availableForSale: boolean;
  price: number;
  compareAtPrice: number | null;
  currency: string;
  /**
   * The price of a kilogram, litre or piece (the API's `unitPrice`, computed by the commerce
   * service from the price and the net quantity), in cents; null when the quantity is not known.
   */
  unitPrice: number | null;
};

/** The specification's normalised storefront product; money in cents. */
export type StorefrontProduct = {
  id: string;
  title: string;
  vendor: string;
  handle: string;
  isProvince: boolean;
  discountLabel: string | null;
  quantity: string | null;
  gamme: string | null;
  allergens: Taxon[];
  regimes: Taxon[];
  labels: Taxon[];
  max_quantity: number;
  marque: Brand | null;
  quantitiesUnit: string | null;
  createdAt: string;
  unit: string | null;
  /**
   * The unit price printed beside the price (`39,60 €/kg`): the first variant's, computed from its
   * price and net quantity, or the hand-typed override staff set deliberately (`priceUnitOf`).
   */
  price_unit: string | null;
  alcohol: string | null;
  featuredImage: ProductImage | null;
  tags: string[];
  images: ProductImage[];
  priceMin: number;
  priceMax: number;
  compareAtPriceMin: number;
  compareAtPriceMax: number;
  hideInSearch: boolean;
  currency: string;
  variants: ProductVariant[];
  /**
   * Cut to order and sold by weight at one price per kilogram (`sold_by_weight`, `price_per_kg`:
   * platform/sold-by-weight.ts), in cents; null for every other product.
   */
  pricePerKg: number | null;
};

/** Cap on units of one product in a cart when the product sets none (storefront.md §5). */
export const DEFAULT_MAX_QUANTITY = 10;
/** What an unavailable product shows when no content entry configures another text. */
export const UNAVAILABLE_MESSAGE = "Bientôt disponible !";
export const ARCHIVE_TAG = "Archive";
export const UNAVAILABLE_TAG = "unavailable";

/** 'Quantité maximale atteinte pour ce produit (N)' (storefront.md §5). */
export function maxQuantityMessage(max: number): string {
  return `Quantité maximale atteinte pour ce produit (${max})`;
}

function fieldOf(object: Partial<ApiMetaobject> | null | undefined, key: string): string | null {
  return object?.fields?.find((field) => field.key === key)?.value ?? null;
}

/** The display name of a taxonomy metaobject: its title, label or name field. */
export function toTaxon(object: Partial<ApiMetaobject>): Taxon {
  const title =
    fieldOf(object, "title") ?? fieldOf(object, "label") ?? fieldOf(object, "name") ?? "";
  return { id: object.id ?? "", handle: object.handle ?? "", title };
}

/** A `produit_marque` metaobject as a brand. */
export function toBrand(object: Partial<ApiMetaobject>): Brand {
  return {
    id: object.id ?? "",
    handle: fieldOf(object, "slug") ?? object.handle ?? "",
    name: fieldOf(object, "name") ?? object.handle ?? "",
    isArtisan: fieldOf(object, "is_artisan") === "true",
    image: fieldOf(object, "image"),
  };
}

const SHOP_IMAGE_URL = /^https?:\/\/[^/]+(\/cdn\/images\/.*)$/;

/**
 * The shop's own image-service URLs as paths: the API writes them absolute with the origin it
 * was called on, which for the in-process commerce service is not the shop's public one.
 */
export function localImageUrl(url: string): string {
  return SHOP_IMAGE_URL.exec(url)?.[1] ?? url;
}

/** An image-service URL asking for a webp rendering at `height` (450, 700 or 950). */
export function imageAtHeight(url: string, height: number): string {
  const [path, query = ""] = url.split("?", 2);
  const params = new URLSearchParams(query);
  params.set("height", String(height));
  return `${path}?${params}`;
}

/** `src` at 450 px and a `srcset` of the three webp heights, by width descriptors. */
export function toProductImage(image: ApiImage, fallbackAlt: string): ProductImage {
  const ratio = image.width && image.height ? image.width / image.height : 1;
  const at = (height: number) => `${Math.round(height * ratio)}w`;
  const [small, medium, large] = [image.small, image.medium, image.large].map(localImageUrl);
  return {
    url: small ?? image.small,
    altText: image.altText?.trim() || fallbackAlt,
    width: image.width,
    height: image.height,
    srcSet: `${small} ${at(450)}, ${medium} ${at(700)}, ${large} ${at(950)}`,
  };
}

function metafieldMap(metafields: ApiMetafield[]): Map<string, NonNullable<ApiMetafield>> {
  const map = new Map<string, NonNullable<ApiMetafield>>();
  for (const field of metafields) if (field) map.set(field.key, field);
  return map;
}

function taxa(field: ApiMetafield | undefined): Taxon[] {
  const nodes = field && "references" in field ? (field.references?.nodes ?? []) : [];
  return nodes.flatMap((node) => ("handle" in node && node.handle ? [toTaxon(node)] : []));
}

function text(field: ApiMetafield | undefined): string | null {
  const value = field?.value?.trim();
  return value ? value : null;
}

/** The per-product cap: `max_quantity` when it is a positive whole number, else 10. */
export function maxQuantityOf(value: string | number | null | undefined): number {
  const parsed = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_MAX_QUANTITY;
}

/** Brings an API product to the normalised shape; money in cents, metafields by name. */
export function normaliseProduct(product: ApiProduct): StorefrontProduct {
  const fields = metafieldMap(product.metafields);
  const marque = fields.get("marque")?.reference;
  const pageImages = "images" in product ? product.images.nodes : undefined;
  const images = (pageImages ?? (product.featuredImage ? [product.featuredImage] : []))
    .slice(0, 10)
    .map((image) => toProductImage(image, product.title));
  const currency = product.priceRange.minVariantPrice.currencyCode;
  return {
    id: product.id,
    title: product.title,
    vendor: product.vendor,
    handle: product.handle,
    isProvince: product.tags.includes("isProvince"),
    discountLabel: text(fields.get("discountLabel")),
    quantity: text(fields.get("quantity")),
    gamme: text(fields.get("gamme")),
    allergens: taxa(fields.get("allergens")),
    regimes: taxa(fields.get("regimes")),
    labels: taxa(fields.get("labelsDetails")),
    max_quantity: maxQuantityOf(fields.get("max_quantity")?.value),
    marque: marque && "handle" in marque && marque.handle ? toBrand(marque) : null,
    quantitiesUnit: text(fields.get("quantitiesUnit")),
    createdAt: product.createdAt,
    unit: text(fields.get("unit")),
    price_unit: priceUnitOf(
      text(fields.get("price_unit_override")),
      product.variants.nodes[0],
      text(fields.get("unit")),
    ),
    alcohol: text(fields.get("alcohol")),
    featuredImage: product.featuredImage
      ? toProductImage(product.featuredImage, product.title)
      : null,
    tags: product.tags,
    images,
    priceMin: toCents(product.priceRange.minVariantPrice.amount),
    priceMax: toCents(product.priceRange.maxVariantPrice.amount),
    compareAtPriceMin: toCents(product.compareAtPriceRange.minVariantPrice.amount),
    compareAtPriceMax: toCents(product.compareAtPriceRange.maxVariantPrice.amount),
    hideInSearch: fields.get("hideInSearch")?.value === "true",
    pricePerKg:
      fields.get("sold_by_weight")?.value === "true"
        ? parsePricePerKg(fields.get("price_per_kg")?.value)
        : null,
    currency,
    variants: product.variants.nodes.slice(0, 10).map((variant) => ({
      id: variant.id,
      title: variant.title,
      sku: "sku" in variant && typeof variant.sku === "string" ? variant.sku : null,
      barcode: "barcode" in variant && typeof variant.barcode === "string" ? variant.barcode : null,
      availableForSale: variant.availableForSale,
      price: toCents(variant.price.amount),
      compareAtPrice: variant.compareAtPrice ? toCents(variant.compareAtPrice.amount) : null,
      currency: variant.price.currencyCode,
      unitPrice: unitPriceOf(variant),
    })),
  };
}

type ApiVariant = ApiProduct["variants"]["nodes"][number];

/** What a variant answers of its unit price (the card, page and suggestion documents ask it). */
type ApiUnitPrice = {
  unitPrice?: { amount: MoneyAmount } | null;
  unitPriceMeasurement?: { referenceUnit: string | null; referenceValue?: number | null } | null;
};

/**
 * The unit price a product prints beside its price: the hand-typed `price_unit_override` when
 * staff set one (goods whose quantity the catalogue cannot express; docs/unit-price.md), else the
 * variant's `unitPrice` per its reference unit (`39,60 €/kg`); null when there is neither.
 */
export function priceUnitOf(
  override: string | null | undefined,
  variant: ApiUnitPrice | undefined,
  productUnit: string | null | undefined,
): string | null {
  const typed = override?.trim();
  if (typed) return typed;
  const unitPrice = variant?.unitPrice;
  const measurement = variant?.unitPriceMeasurement;
  if (!unitPrice || !measurement) return null;
  return unitPriceLabelOfApi(toCents(unitPrice.amount), measurement, productUnit);
}

/** A variant's `unitPrice` in cents, when the query asked for it. */
function unitPriceOf(variant: ApiVariant): number | null {
  const unitPrice = "unitPrice" in variant ? (variant.unitPrice as { amount: MoneyAmount }) : null;
  return unitPrice ? toCents(unitPrice.amount) : null;
}

/** Units one more add may bring: the cap minus what the cart holds, never below 0. */
export function addableQuantity(product: Pick<StorefrontProduct, "max_quantity">, inCart: number) {
  return Math.max(0, product.max_quantity - Math.max(0, inCart));
}

export type CardState = {
  /** Tagged Archive: an overlay, and the link is disabled. */
  archived: boolean;
  /** Tagged unavailable: the price is struck and `unavailableMessage` shows. */
  unavailable: boolean;
  unavailableMessage: string | null;
  /** Can be bought: not archived, not tagged unavailable, and its first variant for sale. */
  available: boolean;
  addable: number;
  showAdd: boolean;
  showRemove: boolean;
  /** Price of the first variant (else the product's lowest), in cents. */
  price: number;
  /** The previous price to show, in cents, or null. */
  previousPrice: number | null;
};

/**
 * The card's state (storefront.md §4): Archive → overlay and disabled link; unavailable → struck
 * price and 'Bientôt disponible !' (or the configured message); else available if the first
 * variant is for sale. Add shows when addable is above 0 and the product available; remove when
 * the cart holds some.
 */
export function cardState(
  product: Pick<
    StorefrontProduct,
    "tags" | "variants" | "max_quantity" | "priceMin" | "compareAtPriceMin"
  >,
  options: { inCart?: number; unavailableMessage?: string | null } = {},
): CardState {
  const inCart = Math.max(0, options.inCart ?? 0);
  const archived = product.tags.includes(ARCHIVE_TAG);
  const unavailable = !archived && product.tags.includes(UNAVAILABLE_TAG);
  const first = product.variants[0];
  const available = !archived && !unavailable && first?.availableForSale === true;
  const addable = addableQuantity(product, inCart);
  const price = first?.price ?? product.priceMin;
  const compareAt = first ? first.compareAtPrice : product.compareAtPriceMin;
  return {
    archived,
    unavailable,
    unavailableMessage: unavailable
      ? options.unavailableMessage?.trim() || UNAVAILABLE_MESSAGE
      : null,
    available,
    addable,
    showAdd: available && addable > 0,
    showRemove: inCart > 0,
    price,
    previousPrice: previousPrice(price / 100, (compareAt ?? 0) / 100),
  };
}

/** What a product card prints: small, because every listing sends a hundred of them. */
export type ProductCardData = {
  id: string;
  handle: string;
  title: string;
  brand: string;
  image: ProductImage | null;
  quantityLabel: string | null;
  priceUnit: string | null;
  discountLabel: string | null;
  gamme: string | null;
  variantId: string | null;
  state: CardState;
  /** The cart's cap for this product and whether it is a restauration dish (the cart's add rules). */
  maxQuantity?: number;
  restauration?: boolean;
  /** Set only for alcohol (tag `ageLimit`), so that the cart shows the health message at once. */
  alcohol?: true;
  /**
   * Set only for a product sold by weight: its price is its lightest weight's (« à partir de »),
   * `quantityLabel` says « À la coupe » and `priceUnit` its price per kilogram.
   */
  soldByWeight?: true;
};

/** How a card and a cart line say that a product is cut to order. */
export const SOLD_BY_WEIGHT_LABEL = "À la coupe";

/** The quantity and unit a product is sold by: `6 pièces`, `250 g`. */
export function quantityLabelOf(
  product: Pick<StorefrontProduct, "quantity" | "unit" | "quantitiesUnit">,
): string | null {
  if (product.quantity && product.unit) return formatQuantity(product.quantity, product.unit);
  return product.quantitiesUnit;
}

export function toCardData(
  product: StorefrontProduct,
  options: { inCart?: number; unavailableMessage?: string | null } = {},
): ProductCardData {
  const weighed = product.pricePerKg !== null;
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    brand: product.marque?.name ?? product.vendor,
    image: product.featuredImage,
    quantityLabel: weighed ? SOLD_BY_WEIGHT_LABEL : quantityLabelOf(product),
    priceUnit: product.pricePerKg !== null ? perKgLabel(product.pricePerKg) : product.price_unit,
    discountLabel: product.discountLabel,
    gamme: product.gamme,
    variantId: product.variants[0]?.id ?? null,
    state: cardState(product, options),
    maxQuantity: product.max_quantity,
    restauration: product.tags.includes("restauration"),
    ...(product.tags.includes(AGE_LIMIT_TAG) ? { alcohol: true as const } : {}),
    ...(weighed ? { soldByWeight: true as const } : {}),
  };
}
