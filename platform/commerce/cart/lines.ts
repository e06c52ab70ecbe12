import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import {
  CART_MESSAGES,
  type CartRow,
  type CartUserError,
  cartError,
  MAX_CART_LINES,
  type ProductRow,
  parseCartLineGid,
  type VariantRow,
} from "#platform/commerce/cart/records.ts";
import { type CartAttribute, commerceCartLine } from "#platform/commerce/cart/schema.ts";
import { maxQuantityJoin, maxQuantityOf } from "#platform/commerce/cart/view.ts";
import {
  commerceMetafield,
  commerceProduct,
  commerceVariant,
} from "#platform/commerce/catalogue/schema.ts";
import { fromGid } from "#platform/commerce/gid.ts";

/**
 * A cart's lines: what may be bought, and adding, updating and removing lines within each
 * product's quantity cap (planned in memory, checked, then written).
 */

/** Attributes in a canonical form: the key under which lines with equal attributes merge. */
export function attributesKey(attributes: CartAttribute[]): string {
  if (attributes.length === 0) return "";
  return JSON.stringify(
    [...attributes].sort((a, b) => a.key.localeCompare(b.key)).map((a) => [a.key, a.value]),
  );
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
  /** The variant the stored line has; a `cartLinesUpdate` with `merchandiseId` may change it. */
  previousVariantId?: number;
};

export type LineInput = {
  merchandiseId: string;
  quantity?: number | null;
  attributes?: CartAttribute[] | null;
};
export type LineUpdate = {
  id: string;
  merchandiseId?: string | null;
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
  const totalsOf = (item: Merchandise) => {
    const totals = byProduct.get(item.product.id) ?? { before: 0, after: 0, item };
    byProduct.set(item.product.id, totals);
    return totals;
  };
  for (const line of plan) {
    const item = merchandise.get(line.variantId);
    if (!item) {
      errors.push(cartError("INVALID_MERCHANDISE_LINE", field, CART_MESSAGES.unavailable));
      continue;
    }
    // A line moved to another variant had none of it before: its old quantity counts for the old.
    const moved = line.previousVariantId !== undefined && line.previousVariantId !== line.variantId;
    const previous = moved ? 0 : line.previousQuantity;
    if (line.quantity > previous && !isPurchasable(item.product, item.variant)) {
      errors.push(cartError("INVALID_MERCHANDISE_LINE", field, CART_MESSAGES.unavailable));
      continue;
    }
    const old = moved ? merchandise.get(line.previousVariantId as number) : undefined;
    if (old) totalsOf(old).before += line.previousQuantity;
    const totals = totalsOf(item);
    totals.before += previous;
    totals.after += line.quantity;
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
    previousVariantId: row.variantId,
  }));
}

const unchanged = (line: PlannedLine) =>
  line.id !== undefined &&
  line.quantity === line.previousQuantity &&
  line.key === line.previousKey &&
  line.variantId === line.previousVariantId;

/** Writes the lines that changed: deletes those at 0, updates, inserts the new ones. */
async function writePlan(tx: Tx, cartId: number, plan: PlannedLine[]) {
  // Lines that trade variants or attributes (a swap) would meet on the unique (cart, variant,
  // attributes) index mid-way: park each first on a key no real line has (those are "" or JSON).
  const moving = plan.filter(
    (line) =>
      line.id !== undefined &&
      line.quantity > 0 &&
      (line.variantId !== line.previousVariantId || line.key !== line.previousKey),
  );
  if (moving.length > 1) {
    for (const line of moving) {
      await tx
        .update(commerceCartLine)
        .set({ attributesKey: `moving:${line.id}` })
        .where(eq(commerceCartLine.id, line.id as number));
    }
  }
  for (const line of plan) {
    if (unchanged(line)) continue;
    if (line.id !== undefined && line.quantity === 0) {
      await tx.delete(commerceCartLine).where(eq(commerceCartLine.id, line.id));
    } else if (line.id !== undefined) {
      await tx
        .update(commerceCartLine)
        .set({
          variantId: line.variantId,
          quantity: line.quantity,
          attributes: line.attributes,
          attributesKey: line.key,
        })
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

export async function addLines(tx: Tx, cart: CartRow, lines: LineInput[]) {
  const { plan, errors } = planAdditions(await currentPlan(tx, cart.id), lines);
  if (errors.length > 0) return errors;
  const merchandise = await loadMerchandise(tx, [...new Set(plan.map((line) => line.variantId))]);
  const problems = checkPlan(plan, merchandise, ["lines"]);
  if (problems.length > 0) return problems;
  await writePlan(tx, cart.id, plan);
  return [];
}

/**
 * `cartLinesUpdate`: sets quantities (0 removes the line), attributes and the variant
 * (`merchandiseId`, as Shopify allows) of existing lines; a line that becomes equal to another
 * merges into it.
 */
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
    if (update.merchandiseId != null) {
      const variantId = fromGid(update.merchandiseId, "ProductVariant");
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
      line.variantId = variantId;
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
  const variantIds = plan.flatMap((line) => [
    line.variantId,
    line.previousVariantId ?? line.variantId,
  ]);
  const merchandise = await loadMerchandise(tx, [...new Set(variantIds)]);
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
