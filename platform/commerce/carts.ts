import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import {
  type CartAttribute,
  commerceCart,
  commerceCartAddress,
  commerceCartLine,
} from "#platform/commerce/cart-schema.ts";
import {
  commerceImage,
  commerceMetafield,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue-schema.ts";
import { commerceCustomerAddress } from "#platform/commerce/customer-schema.ts";
import { customerByAccessToken } from "#platform/commerce/customers.ts";
import {
  allocateAcross,
  type EvaluatedDiscount,
  evaluateDiscounts,
  findDiscountCodes,
  normaliseCode,
} from "#platform/commerce/discounts.ts";
import { fromGid } from "#platform/commerce/gid.ts";

export type CartRow = typeof commerceCart.$inferSelect;
export type CartAddressRow = typeof commerceCartAddress.$inferSelect;
type VariantRow = typeof commerceVariant.$inferSelect;
type ProductRow = typeof commerceProduct.$inferSelect;

/** The cap on one product's quantity in a cart when its `max_quantity` metafield is absent. */
export const DEFAULT_MAX_QUANTITY = 10;
/** Shopify's cap on a cart's lines; the storefront reads the first 100. */
export const MAX_CART_LINES = 250;
export const MAX_DELIVERY_ADDRESSES = 20;
const MAX_ATTRIBUTES = 50;
const MAX_NOTE_LENGTH = 5000;

/** The French messages of the specification (storefront.md §5, §8), and the API's own. */
export const CART_MESSAGES = {
  notFound: "Panier introuvable",
  unavailable: "Le produit est indisponible",
  maxQuantity: (max: number) => `Quantité maximale atteinte pour ce produit (${max})`,
  completed: "Ce panier a déjà été commandé",
  invalidQuantity: "La quantité doit être un nombre entier positif",
  lineNotFound: "Cette ligne n'existe pas dans le panier",
  tooManyLines: `Le panier ne peut pas contenir plus de ${MAX_CART_LINES} lignes`,
  invalidEmail: "Adresse e-mail invalide",
  invalidPhone: "Numéro de téléphone invalide",
  invalidCustomerToken: "Jeton client invalide ou expiré",
  noteTooLong: `La note ne peut pas dépasser ${MAX_NOTE_LENGTH} caractères`,
  tooManyAttributes: `Le panier ne peut pas porter plus de ${MAX_ATTRIBUTES} attributs`,
  addressNotFound: "Adresse de livraison introuvable",
  tooManyAddresses: `Le panier ne peut pas contenir plus de ${MAX_DELIVERY_ADDRESSES} adresses`,
  oneSelectedAddress: "Une seule adresse de livraison peut être sélectionnée",
  addressRequired: "Indiquez une adresse de livraison",
} as const;

/** Shopify's `CartErrorCode` values we answer with. */
export type CartErrorCode =
  | "INVALID"
  | "INVALID_MERCHANDISE_LINE"
  | "MAXIMUM_EXCEEDED"
  | "NOTE_TOO_LONG"
  | "INVALID_DELIVERY_ADDRESS_ID"
  | "TOO_MANY_DELIVERY_ADDRESSES"
  | "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED"
  | "ADDRESS_FIELD_IS_REQUIRED"
  | "CART_TOO_LARGE";

/** A `CartUserError`: what was wrong, where, in French. */
export type CartUserError = { code: CartErrorCode; field: string[] | null; message: string };

const cartError = (code: CartErrorCode, field: string[] | null, message: string) => ({
  code,
  field,
  message,
});

// ---------------------------------------------------------------------------------------------
// Ids

/** The cart's GID: a random token (also in the checkout URL) and a secret key. */
export function cartGid(cart: Pick<CartRow, "token" | "secretKey">): string {
  return `gid://shopify/Cart/${cart.token}?key=${cart.secretKey}`;
}

/** Reads a cart GID, URL-encoded or not; undefined when it is not one of ours. */
export function parseCartGid(gid: string): { token: string; key: string } | undefined {
  let decoded = gid;
  try {
    decoded = decodeURIComponent(gid);
  } catch {
    return undefined;
  }
  const match = /^gid:\/\/shopify\/Cart\/(c1-[0-9a-f]{32})\?key=([0-9a-f]{32})$/.exec(decoded);
  return match ? { token: match[1] as string, key: match[2] as string } : undefined;
}

export function cartLineGid(cart: Pick<CartRow, "token">, lineId: number): string {
  return `gid://shopify/CartLine/${lineId}?cart=${cart.token}`;
}

function parseCartLineGid(gid: string, cart: Pick<CartRow, "token">): number | undefined {
  const match = /^gid:\/\/shopify\/CartLine\/(\d+)\?cart=(.+)$/.exec(gid);
  if (!match || match[2] !== cart.token) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export function cartAddressGid(address: Pick<CartAddressRow, "id">): string {
  return `gid://shopify/CartSelectableAddress/${address.id}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The cart a GID names, when its key matches, or undefined. With `forUpdate` (inside a
 * transaction) the cart row is locked until the transaction ends: every change to a cart is
 * serialised on that lock, so concurrent mutations never lose or duplicate lines.
 */
export async function findCart(
  db: Db | Tx,
  gid: string,
  options: { forUpdate?: boolean } = {},
): Promise<CartRow | undefined> {
  const parsed = parseCartGid(gid);
  if (!parsed) return undefined;
  const query = db.select().from(commerceCart).where(eq(commerceCart.token, parsed.token));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row && sameSecret(parsed.key, row.secretKey) ? row : undefined;
}

/** The cart of a checkout URL (its token and key), locked when asked (see `findCart`). */
export async function findCartByToken(
  db: Db | Tx,
  token: string,
  key: string,
  options: { forUpdate?: boolean } = {},
): Promise<CartRow | undefined> {
  const query = db.select().from(commerceCart).where(eq(commerceCart.token, token));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row && sameSecret(key, row.secretKey) ? row : undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading a cart with its prices

/** One line as the API shows it, its product and prices resolved, discounts allocated. */
export type CartLineView = {
  id: number;
  gid: string;
  quantity: number;
  attributes: CartAttribute[];
  variant: VariantRow;
  product: ProductRow;
  maxQuantity: number;
  unitCents: number;
  compareAtUnitCents: number | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  imageUrl: string | null;
};

/** A cart with everything the API, `/cart.js` and the checkout show. */
export type CartView = {
  cart: CartRow;
  gid: string;
  lines: CartLineView[];
  totalQuantity: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  discountCodes: EvaluatedDiscount[];
  appliedDiscounts: EvaluatedDiscount[];
};

type LoadedLine = {
  line: typeof commerceCartLine.$inferSelect;
  variant: VariantRow;
  product: ProductRow;
  maxQuantity: string | null;
  imageUrl: string | null;
};

/** A cart's lines with their variant, product, cap and first image, in one query. */
async function loadLines(db: Db | Tx, cartId: number): Promise<LoadedLine[]> {
  return db
    .select({
      line: commerceCartLine,
      variant: commerceVariant,
      product: commerceProduct,
      maxQuantity: commerceMetafield.value,
      imageUrl: sql<string | null>`(select ${commerceImage.url} from ${commerceImage}
        where ${commerceImage.productId} = ${commerceProduct.id}
        order by ${commerceImage.position}, ${commerceImage.id} limit 1)`,
    })
    .from(commerceCartLine)
    .innerJoin(commerceVariant, eq(commerceVariant.id, commerceCartLine.variantId))
    .innerJoin(commerceProduct, eq(commerceProduct.id, commerceVariant.productId))
    .leftJoin(commerceMetafield, maxQuantityJoin())
    .where(eq(commerceCartLine.cartId, cartId))
    .orderBy(asc(commerceCartLine.id));
}

function maxQuantityJoin() {
  return and(
    eq(commerceMetafield.ownerType, "PRODUCT"),
    eq(commerceMetafield.ownerId, commerceProduct.id),
    eq(commerceMetafield.namespace, "custom"),
    eq(commerceMetafield.key, "max_quantity"),
  );
}

/** A product's cap from its `max_quantity` metafield: a positive integer, else 10. */
export function maxQuantityOf(value: string | null | undefined): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_MAX_QUANTITY;
}

/** A cart's delivery addresses, oldest first. */
export function cartAddresses(db: Db | Tx, cartId: number): Promise<CartAddressRow[]> {
  return db
    .select()
    .from(commerceCartAddress)
    .where(eq(commerceCartAddress.cartId, cartId))
    .orderBy(asc(commerceCartAddress.id));
}

/** Reads a cart's lines and codes and prices it: subtotal, discount, total. */
export async function loadCartView(db: Db | Tx, cart: CartRow, now: Date): Promise<CartView> {
  const [loaded, rules] = await Promise.all([
    loadLines(db, cart.id),
    findDiscountCodes(db, cart.discountCodes),
  ]);
  const subtotals = loaded.map((row) => row.variant.priceCents * row.line.quantity);
  const subtotalCents = subtotals.reduce((sum, value) => sum + value, 0);
  const discountCodes = evaluateDiscounts(cart.discountCodes, rules, subtotalCents, now);
  const appliedDiscounts = discountCodes.filter((code) => code.applicable);
  const discountCents = appliedDiscounts.reduce((sum, code) => sum + code.amountCents, 0);
  const allocations = allocateAcross(discountCents, subtotals);
  const lines = loaded.map((row, index): CartLineView => {
    const subtotal = subtotals[index] ?? 0;
    const discount = allocations[index] ?? 0;
    const compareAt = row.variant.compareAtPriceCents;
    return {
      id: row.line.id,
      gid: cartLineGid(cart, row.line.id),
      quantity: row.line.quantity,
      attributes: row.line.attributes,
      variant: row.variant,
      product: row.product,
      maxQuantity: maxQuantityOf(row.maxQuantity),
      unitCents: row.variant.priceCents,
      compareAtUnitCents:
        compareAt != null && compareAt > row.variant.priceCents ? compareAt : null,
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: subtotal - discount,
      imageUrl: row.imageUrl,
    };
  });
  return {
    cart,
    gid: cartGid(cart),
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    discountCodes,
    appliedDiscounts,
  };
}

// ---------------------------------------------------------------------------------------------
// Input checks

const emailSchema = z.string().trim().email();
// E.164, or a French number (+33 or 0033 then a non-zero digit and four pairs, separators allowed).
const phonePattern = /^(?:\+[1-9]\d{6,14}|(?:\+33|0033|0)\s?[1-9](?:[\s.-]?\d{2}){4})$/;

/** Attributes in a canonical form: the key under which lines with equal attributes merge. */
export function attributesKey(attributes: CartAttribute[]): string {
  if (attributes.length === 0) return "";
  return JSON.stringify(
    [...attributes].sort((a, b) => a.key.localeCompare(b.key)).map((a) => [a.key, a.value]),
  );
}

/** Replaces attributes by key, keeping the order of the first ones; an empty value removes one. */
function mergeAttributes(current: CartAttribute[], changes: CartAttribute[]): CartAttribute[] {
  const merged = new Map(current.map((a) => [a.key, a.value]));
  for (const change of changes) {
    if (change.value === "") merged.delete(change.key);
    else merged.set(change.key, change.value);
  }
  return [...merged].map(([key, value]) => ({ key, value }));
}

/** Why a product cannot be added: archived, tagged `unavailable` or its variant not for sale. */
export function isPurchasable(product: ProductRow, variant: VariantRow): boolean {
  return (
    !product.archived &&
    !product.tags.includes("Archive") &&
    !product.tags.includes("unavailable") &&
    variant.availableForSale
  );
}

type Merchandise = { variant: VariantRow; product: ProductRow; maxQuantity: number };

async function loadMerchandise(db: Db | Tx, variantIds: number[]) {
  if (variantIds.length === 0) return new Map<number, Merchandise>();
  const rows = await db
    .select({
      variant: commerceVariant,
      product: commerceProduct,
      maxQuantity: commerceMetafield.value,
    })
    .from(commerceVariant)
    .innerJoin(commerceProduct, eq(commerceProduct.id, commerceVariant.productId))
    .leftJoin(commerceMetafield, maxQuantityJoin())
    .where(inArray(commerceVariant.id, variantIds));
  return new Map(
    rows.map((row) => [
      row.variant.id,
      { variant: row.variant, product: row.product, maxQuantity: maxQuantityOf(row.maxQuantity) },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Changing lines

/** A line as it will be stored: existing (with its id) or new. */
type PlannedLine = {
  id?: number;
  variantId: number;
  quantity: number;
  attributes: CartAttribute[];
  key: string;
  previousQuantity: number;
  previousKey?: string;
};

export type LineInput = {
  merchandiseId: string;
  quantity?: number | null;
  attributes?: CartAttribute[] | null;
};
export type LineUpdate = {
  id: string;
  quantity?: number | null;
  attributes?: CartAttribute[] | null;
};

/**
 * Checks a planned set of lines against the rules the storefront also applies: each product's
 * total within its `max_quantity` (only when it grows), no more of an unavailable or archived
 * product, at most 250 lines. Returns the errors; none means the plan may be written.
 */
function checkPlan(
  plan: PlannedLine[],
  merchandise: Map<number, Merchandise>,
  field: string[],
): CartUserError[] {
  const errors: CartUserError[] = [];
  const byProduct = new Map<number, { before: number; after: number; item: Merchandise }>();
  for (const line of plan) {
    const item = merchandise.get(line.variantId);
    if (!item) {
      errors.push(cartError("INVALID_MERCHANDISE_LINE", field, CART_MESSAGES.unavailable));
      continue;
    }
    if (line.quantity > line.previousQuantity && !isPurchasable(item.product, item.variant)) {
      errors.push(cartError("INVALID_MERCHANDISE_LINE", field, CART_MESSAGES.unavailable));
      continue;
    }
    const totals = byProduct.get(item.product.id) ?? { before: 0, after: 0, item };
    totals.before += line.previousQuantity;
    totals.after += line.quantity;
    byProduct.set(item.product.id, totals);
  }
  for (const { before, after, item } of byProduct.values()) {
    if (after > item.maxQuantity && after > before) {
      errors.push(
        cartError("MAXIMUM_EXCEEDED", field, CART_MESSAGES.maxQuantity(item.maxQuantity)),
      );
    }
  }
  if (plan.filter((line) => line.quantity > 0).length > MAX_CART_LINES) {
    errors.push(cartError("CART_TOO_LARGE", field, CART_MESSAGES.tooManyLines));
  }
  return errors;
}

async function currentPlan(tx: Tx, cartId: number): Promise<PlannedLine[]> {
  const rows = await tx
    .select()
    .from(commerceCartLine)
    .where(eq(commerceCartLine.cartId, cartId))
    .orderBy(asc(commerceCartLine.id));
  return rows.map((row) => ({
    id: row.id,
    variantId: row.variantId,
    quantity: row.quantity,
    attributes: row.attributes,
    key: row.attributesKey,
    previousQuantity: row.quantity,
    previousKey: row.attributesKey,
  }));
}

const unchanged = (line: PlannedLine) =>
  line.id !== undefined && line.quantity === line.previousQuantity && line.key === line.previousKey;

/** Writes the lines that changed: deletes those at 0, updates, inserts the new ones. */
async function writePlan(tx: Tx, cartId: number, plan: PlannedLine[]) {
  for (const line of plan) {
    if (unchanged(line)) continue;
    if (line.id !== undefined && line.quantity === 0) {
      await tx.delete(commerceCartLine).where(eq(commerceCartLine.id, line.id));
    } else if (line.id !== undefined) {
      await tx
        .update(commerceCartLine)
        .set({ quantity: line.quantity, attributes: line.attributes, attributesKey: line.key })
        .where(eq(commerceCartLine.id, line.id));
    } else if (line.quantity > 0) {
      await tx.insert(commerceCartLine).values({
        cartId,
        variantId: line.variantId,
        quantity: line.quantity,
        attributes: line.attributes,
        attributesKey: line.key,
      });
    }
  }
}

function validQuantity(quantity: number, allowZero: boolean): boolean {
  return Number.isInteger(quantity) && (allowZero ? quantity >= 0 : quantity > 0);
}

/** Adds lines to a plan, merging a variant already there with the same attributes. */
function planAdditions(
  plan: PlannedLine[],
  lines: LineInput[],
): { plan: PlannedLine[]; errors: CartUserError[] } {
  const errors: CartUserError[] = [];
  const next = plan.map((line) => ({ ...line }));
  lines.forEach((input, index) => {
    const field = ["lines", String(index)];
    const variantId = fromGid(input.merchandiseId, "ProductVariant");
    const quantity = input.quantity ?? 1;
    if (variantId === undefined) {
      errors.push(
        cartError(
          "INVALID_MERCHANDISE_LINE",
          [...field, "merchandiseId"],
          CART_MESSAGES.unavailable,
        ),
      );
      return;
    }
    if (!validQuantity(quantity, false)) {
      errors.push(cartError("INVALID", [...field, "quantity"], CART_MESSAGES.invalidQuantity));
      return;
    }
    const attributes = input.attributes ?? [];
    const key = attributesKey(attributes);
    const same = next.find((line) => line.variantId === variantId && line.key === key);
    if (same) same.quantity += quantity;
    else next.push({ variantId, quantity, attributes, key, previousQuantity: 0 });
  });
  return { plan: next, errors };
}

/** The result of a cart mutation: the cart afterwards (null if unknown) and what went wrong. */
export type CartChange = { cart: CartRow | null; userErrors: CartUserError[] };

/**
 * Runs one change of a cart in a transaction that locks the cart row first: unknown cart →
 * 'Panier introuvable'; completed cart → 'Ce panier a déjà été commandé'. When `change` reports
 * errors it must not have written anything; the cart is returned unchanged.
 */
export async function withLockedCart(
  db: Db,
  gid: string,
  now: Date,
  change: (tx: Tx, cart: CartRow) => Promise<CartUserError[]>,
): Promise<CartChange> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, gid, { forUpdate: true });
    if (!cart) {
      return { cart: null, userErrors: [cartError("INVALID", ["cartId"], CART_MESSAGES.notFound)] };
    }
    if (cart.completedAt) {
      return { cart, userErrors: [cartError("INVALID", ["cartId"], CART_MESSAGES.completed)] };
    }
    const userErrors = await change(tx, cart);
    if (userErrors.length > 0) return { cart, userErrors };
    const [updated] = await tx
      .update(commerceCart)
      .set({ updatedAt: now })
      .where(eq(commerceCart.id, cart.id))
      .returning();
    return { cart: updated ?? cart, userErrors };
  });
}

/** `cartLinesAdd`: adds quantities, merging lines of the same variant and attributes. */
export async function addLines(tx: Tx, cart: CartRow, lines: LineInput[]) {
  const { plan, errors } = planAdditions(await currentPlan(tx, cart.id), lines);
  if (errors.length > 0) return errors;
  const merchandise = await loadMerchandise(tx, [...new Set(plan.map((line) => line.variantId))]);
  const problems = checkPlan(plan, merchandise, ["lines"]);
  if (problems.length > 0) return problems;
  await writePlan(tx, cart.id, plan);
  return [];
}

/** `cartLinesUpdate`: sets quantities (0 removes the line) and attributes of existing lines. */
export async function updateLines(tx: Tx, cart: CartRow, updates: LineUpdate[]) {
  const plan = await currentPlan(tx, cart.id);
  const errors: CartUserError[] = [];
  updates.forEach((update, index) => {
    const field = ["lines", String(index)];
    const lineId = parseCartLineGid(update.id, cart);
    const line = plan.find((candidate) => candidate.id === lineId);
    if (!line) {
      errors.push(
        cartError("INVALID_MERCHANDISE_LINE", [...field, "id"], CART_MESSAGES.lineNotFound),
      );
      return;
    }
    if (update.quantity != null) {
      if (!validQuantity(update.quantity, true)) {
        errors.push(cartError("INVALID", [...field, "quantity"], CART_MESSAGES.invalidQuantity));
        return;
      }
      line.quantity = update.quantity;
    }
    if (update.attributes) {
      line.attributes = update.attributes;
      line.key = attributesKey(update.attributes);
    }
  });
  if (errors.length > 0) return errors;
  const merchandise = await loadMerchandise(tx, [...new Set(plan.map((line) => line.variantId))]);
  const problems = checkPlan(plan, merchandise, ["lines"]);
  if (problems.length > 0) return problems;
  await writePlan(tx, cart.id, mergeDuplicates(plan));
  return [];
}

/** After attributes changed, two lines may now be the same: keep the first, add the quantities. */
function mergeDuplicates(plan: PlannedLine[]): PlannedLine[] {
  const seen = new Map<string, PlannedLine>();
  for (const line of plan) {
    const key = `${line.variantId}|${line.key}`;
    const first = seen.get(key);
    if (first && line.quantity > 0 && first.quantity > 0) {
      first.quantity += line.quantity;
      line.quantity = 0;
    } else if (!first && line.quantity > 0) {
      seen.set(key, line);
    }
  }
  // Deletions first, so the unique (cart, variant, attributes) index never sees two at once.
  return [...plan.filter((line) => line.quantity === 0), ...plan.filter((l) => l.quantity > 0)];
}

/** `cartLinesRemove`: removes lines by id; an id not in the cart is an error, nothing removed. */
export async function removeLines(tx: Tx, cart: CartRow, lineIds: string[]) {
  const plan = await currentPlan(tx, cart.id);
  const ids: number[] = [];
  for (const [index, gid] of lineIds.entries()) {
    const id = parseCartLineGid(gid, cart);
    if (id === undefined || !plan.some((line) => line.id === id)) {
      return [
        cartError(
          "INVALID_MERCHANDISE_LINE",
          ["lineIds", String(index)],
          CART_MESSAGES.lineNotFound,
        ),
      ];
    }
    ids.push(id);
  }
  if (ids.length > 0) {
    await tx
      .delete(commerceCartLine)
      .where(and(eq(commerceCartLine.cartId, cart.id), inArray(commerceCartLine.id, ids)));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Attributes, note, codes, buyer

/** `cartAttributesUpdate`: sets attributes by key (Shopify merges; an empty value removes). */
export async function updateAttributes(tx: Tx, cart: CartRow, attributes: CartAttribute[]) {
  const merged = mergeAttributes(cart.attributes, attributes);
  if (merged.length > MAX_ATTRIBUTES) {
    return [cartError("INVALID", ["attributes"], CART_MESSAGES.tooManyAttributes)];
  }
  await tx.update(commerceCart).set({ attributes: merged }).where(eq(commerceCart.id, cart.id));
  return [];
}

export async function updateNote(tx: Tx, cart: CartRow, note: string) {
  if (note.length > MAX_NOTE_LENGTH) {
    return [cartError("NOTE_TOO_LONG", ["note"], CART_MESSAGES.noteTooLong)];
  }
  await tx.update(commerceCart).set({ note }).where(eq(commerceCart.id, cart.id));
  return [];
}

/** `cartDiscountCodesUpdate`: replaces the codes; whether each applies is computed on read. */
export async function updateDiscountCodes(tx: Tx, cart: CartRow, codes: string[]) {
  const unique = [...new Set(codes.map(normaliseCode).filter((code) => code !== ""))];
  await tx.update(commerceCart).set({ discountCodes: unique }).where(eq(commerceCart.id, cart.id));
  return [];
}

export type BuyerIdentityInput = {
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  customerAccessToken?: string | null;
};

/**
 * `cartBuyerIdentityUpdate`: contact details and country; a customer access token links the
 * signed-in customer, whose email and phone fill what the input leaves out.
 */
export async function updateBuyerIdentity(
  tx: Tx,
  cart: CartRow,
  input: BuyerIdentityInput,
  now: Date,
) {
  const errors: CartUserError[] = [];
  const changes: Partial<typeof commerceCart.$inferInsert> = {};
  if (input.email != null) {
    const email = emailSchema.safeParse(input.email);
    if (email.success) changes.buyerEmail = email.data.toLowerCase();
    else errors.push(cartError("INVALID", ["buyerIdentity", "email"], CART_MESSAGES.invalidEmail));
  }
  if (input.phone != null) {
    if (phonePattern.test(input.phone.trim())) changes.buyerPhone = input.phone.trim();
    else errors.push(cartError("INVALID", ["buyerIdentity", "phone"], CART_MESSAGES.invalidPhone));
  }
  if (input.countryCode != null) changes.buyerCountryCode = input.countryCode;
  if (input.customerAccessToken != null) {
    const customer = await customerByAccessToken(tx, input.customerAccessToken, now);
    if (!customer) {
      errors.push(
        cartError(
          "INVALID",
          ["buyerIdentity", "customerAccessToken"],
          CART_MESSAGES.invalidCustomerToken,
        ),
      );
    } else {
      changes.customerId = customer.id;
      changes.buyerEmail ??= customer.email;
      if (customer.phone) changes.buyerPhone ??= customer.phone;
    }
  }
  if (errors.length > 0) return errors;
  if (Object.keys(changes).length > 0) {
    await tx.update(commerceCart).set(changes).where(eq(commerceCart.id, cart.id));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Delivery addresses

export type DeliveryAddressInput = {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  company?: string | null;
  countryCode?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  provinceCode?: string | null;
  zip?: string | null;
};

export type SelectableAddressInput = {
  address: {
    deliveryAddress?: DeliveryAddressInput | null;
    copyFromCustomerAddressId?: string | null;
  };
  selected?: boolean | null;
  oneTimeUse?: boolean | null;
};

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

async function customerAddress(tx: Tx, cart: CartRow, gid: string) {
  const id = /^gid:\/\/shopify\/MailingAddress\/(\d+)/.exec(gid)?.[1];
  if (!id || cart.customerId === null) return undefined;
  const [row] = await tx
    .select()
    .from(commerceCustomerAddress)
    .where(
      and(
        eq(commerceCustomerAddress.id, Number(id)),
        eq(commerceCustomerAddress.customerId, cart.customerId),
      ),
    );
  return row;
}

async function addressValues(tx: Tx, cart: CartRow, input: SelectableAddressInput) {
  const copyFrom = input.address.copyFromCustomerAddressId;
  if (copyFrom) {
    const saved = await customerAddress(tx, cart, copyFrom);
    if (!saved) return undefined;
    return {
      firstName: saved.firstName,
      lastName: saved.lastName,
      company: saved.company,
      address1: saved.address1,
      address2: saved.address2,
      city: saved.city,
      provinceCode: saved.province,
      zip: saved.zip,
      countryCode: saved.countryCode,
      phone: saved.phone,
    };
  }
  const address = input.address.deliveryAddress;
  if (!address) return undefined;
  return {
    firstName: blankToNull(address.firstName),
    lastName: blankToNull(address.lastName),
    company: blankToNull(address.company),
    address1: blankToNull(address.address1),
    address2: blankToNull(address.address2),
    city: blankToNull(address.city),
    provinceCode: blankToNull(address.provinceCode),
    zip: blankToNull(address.zip),
    countryCode: address.countryCode ?? "FR",
    phone: blankToNull(address.phone),
  };
}

/** `cartDeliveryAddressesAdd`: at most one selected; selecting one unselects the others. */
export async function addDeliveryAddresses(
  tx: Tx,
  cart: CartRow,
  addresses: SelectableAddressInput[],
) {
  if (addresses.filter((a) => a.selected).length > 1) {
    return [
      cartError(
        "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED",
        ["addresses"],
        CART_MESSAGES.oneSelectedAddress,
      ),
    ];
  }
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commerceCartAddress)
    .where(eq(commerceCartAddress.cartId, cart.id));
  if ((existing?.n ?? 0) + addresses.length > MAX_DELIVERY_ADDRESSES) {
    return [
      cartError("TOO_MANY_DELIVERY_ADDRESSES", ["addresses"], CART_MESSAGES.tooManyAddresses),
    ];
  }
  const rows: (typeof commerceCartAddress.$inferInsert)[] = [];
  for (const [index, input] of addresses.entries()) {
    const values = await addressValues(tx, cart, input);
    if (!values) {
      return [
        cartError(
          "ADDRESS_FIELD_IS_REQUIRED",
          ["addresses", String(index), "address"],
          CART_MESSAGES.addressRequired,
        ),
      ];
    }
    rows.push({
      ...values,
      cartId: cart.id,
      selected: Boolean(input.selected),
      oneTimeUse: Boolean(input.oneTimeUse),
    });
  }
  if (rows.some((row) => row.selected)) {
    await tx
      .update(commerceCartAddress)
      .set({ selected: false })
      .where(eq(commerceCartAddress.cartId, cart.id));
  }
  if (rows.length > 0) await tx.insert(commerceCartAddress).values(rows);
  return [];
}

/** `cartDeliveryAddressesRemove`: an id not in the cart is an error and nothing is removed. */
export async function removeDeliveryAddresses(tx: Tx, cart: CartRow, addressIds: string[]) {
  const ids: number[] = [];
  for (const [index, gid] of addressIds.entries()) {
    const match = /^gid:\/\/shopify\/CartSelectableAddress\/(\d+)$/.exec(gid);
    const id = match ? Number(match[1]) : Number.NaN;
    ids.push(id);
    const [found] = Number.isSafeInteger(id)
      ? await tx
          .select({ id: commerceCartAddress.id })
          .from(commerceCartAddress)
          .where(and(eq(commerceCartAddress.id, id), eq(commerceCartAddress.cartId, cart.id)))
      : [];
    if (!found) {
      return [
        cartError(
          "INVALID_DELIVERY_ADDRESS_ID",
          ["addressIds", String(index)],
          CART_MESSAGES.addressNotFound,
        ),
      ];
    }
  }
  if (ids.length > 0) {
    await tx
      .delete(commerceCartAddress)
      .where(and(eq(commerceCartAddress.cartId, cart.id), inArray(commerceCartAddress.id, ids)));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Creating a cart

export type CartCreateInput = {
  lines?: LineInput[] | null;
  attributes?: CartAttribute[] | null;
  note?: string | null;
  discountCodes?: string[] | null;
  buyerIdentity?: BuyerIdentityInput | null;
  delivery?: { addresses?: SelectableAddressInput[] | null } | null;
};

function newCartSecrets() {
  return {
    token: `c1-${randomBytes(16).toString("hex")}`,
    secretKey: randomBytes(16).toString("hex"),
  };
}

/**
 * `cartCreate`: a new cart with everything the input gives, in one transaction; any error leaves
 * no cart behind (the answer's `cart` is then null, as on Shopify).
 */
export async function createCart(db: Db, input: CartCreateInput, now: Date): Promise<CartChange> {
  const rollback = new Error("rollback");
  let result: CartChange = { cart: null, userErrors: [] };
  try {
    await db.transaction(async (tx) => {
      const [cart] = await tx
        .insert(commerceCart)
        .values({ ...newCartSecrets(), createdAt: now, updatedAt: now })
        .returning();
      if (!cart) throw new Error("the cart was not created");
      const steps: ((current: CartRow) => Promise<CartUserError[]>)[] = [
        (c) => (input.lines?.length ? addLines(tx, c, input.lines) : Promise.resolve([])),
        (c) => (input.attributes ? updateAttributes(tx, c, input.attributes) : Promise.resolve([])),
        (c) => (input.note != null ? updateNote(tx, c, input.note) : Promise.resolve([])),
        (c) =>
          input.discountCodes
            ? updateDiscountCodes(tx, c, input.discountCodes)
            : Promise.resolve([]),
        (c) =>
          input.buyerIdentity
            ? updateBuyerIdentity(tx, c, input.buyerIdentity, now)
            : Promise.resolve([]),
      ];
      for (const step of steps) {
        const [current] = await tx.select().from(commerceCart).where(eq(commerceCart.id, cart.id));
        const errors = await step(current ?? cart);
        if (errors.length > 0) {
          result = { cart: null, userErrors: errors };
          throw rollback;
        }
      }
      // Customer addresses can be copied once the buyer identity has linked the customer.
      const [linked] = await tx.select().from(commerceCart).where(eq(commerceCart.id, cart.id));
      const addresses = input.delivery?.addresses ?? [];
      const errors =
        addresses.length > 0 ? await addDeliveryAddresses(tx, linked ?? cart, addresses) : [];
      if (errors.length > 0) {
        result = { cart: null, userErrors: errors };
        throw rollback;
      }
      result = { cart: linked ?? cart, userErrors: [] };
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result;
}
