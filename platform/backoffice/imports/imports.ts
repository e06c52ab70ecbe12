import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import {
  FOOD_COLUMNS,
  type FoodColumn,
  foodCell,
  soldByWeightCell,
  vatCell,
} from "#platform/backoffice/imports/columns.ts";
import type { ImportRow } from "#platform/backoffice/imports/files.ts";
import { weightsMessage } from "#platform/backoffice/product-fields.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import {
  ARCHIVE_TAG,
  catalogueChanged,
  collectionIdsByHandle,
  editProduct,
  insertCollections,
  insertProducts,
  overwriteCollection,
  type ProductInput,
  type ProductMetafieldKey,
  type ProductMetafieldValues,
  productIdsByHandle,
  readEditableProduct,
  sanitizeRichHtml,
  setArchived,
  setAvailability,
  soldByWeightProducts,
} from "#platform/commerce/index.ts";
import { NUTRITION_ROWS, type NutritionKey, nutritionErrors } from "#platform/nutrition.ts";
import {
  gramsOfTitle,
  STANDARD_WEIGHTS,
  soldByWeightFields,
  weightLabel,
  weightPriceCents,
} from "#platform/sold-by-weight.ts";

/** Who the change log names for writes made through the office API (ordering-and-server.md §7). */
export const API_ACTOR = "api";
/** Lines one import may carry: beyond, the file is split (keeps one transaction reasonable). */
export const MAX_IMPORT_LINES = 5000;

/** One refused value, with the line number as the file shows it (the header is line 1). */
export type LineError = { line: number; field: string; message: string };

export type ImportOutcome =
  | { ok: true; created: number; updated: number }
  | { ok: false; lines: LineError[] };

// ---------------------------------------------------------------------------------------------
// Line schemas

const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : String(value).trim()),
    z.string().max(max, `doit faire au plus ${max} caractères`),
  );

/**
 * A description as it will be stored: sanitised here already, so that the change log records what
 * the shop keeps and the collection update below (a direct write) stores nothing unsafe.
 */
const richHtml = text(100_000).transform(sanitizeRichHtml);

const handle = z
  .string({ error: "obligatoire" })
  .trim()
  .min(1, "obligatoire")
  .max(255)
  .regex(HANDLE_PATTERN, "minuscules, chiffres et tirets simples, sans accents");

/** "12,50", "12.50", 12.5 → 1250; rejects more than two decimals and non-positive prices. */
function toCents(value: unknown): number | null | "invalid" {
  if (value === null || value === undefined || value === "") return null;
  const written = typeof value === "number" ? String(value) : String(value).trim();
  if (written === "") return null;
  if (!/^\d+(?:[.,]\d{1,2})?$/.test(written)) return "invalid";
  const [units = "0", decimals = ""] = written.split(/[.,]/);
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

const price = (required: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, context) => {
      const cents = toCents(value);
      if (cents === "invalid" || cents === 0 || (cents !== null && cents > 2_147_483_647)) {
        context.addIssue({ code: "custom", message: "doit être un prix positif, ex. 12,50" });
        return z.NEVER;
      }
      if (cents === null && required) {
        context.addIssue({ code: "custom", message: "obligatoire" });
        return z.NEVER;
      }
      return cents;
    });

const available = z
  .unknown()
  .optional()
  .transform((value, context) => {
    if (value === null || value === undefined || value === "") return true;
    if (typeof value === "boolean") return value;
    const word = String(value).trim().toLowerCase();
    if (["1", "true", "oui", "yes"].includes(word)) return true;
    if (["0", "false", "non", "no"].includes(word)) return false;
    context.addIssue({ code: "custom", message: "doit être oui ou non (1/0, true/false)" });
    return z.NEVER;
  });

const tags = z
  .unknown()
  .optional()
  .transform((value) => {
    const list = Array.isArray(value) ? value.map(String) : String(value ?? "").split(/[|,]/);
    return [...new Set(list.map((tag) => tag.trim()).filter((tag) => tag !== ""))];
  });

/** The custom fields a line's food and VAT columns set. */
function foodFields(line: ProductLine): ProductMetafieldValues {
  const fields: ProductMetafieldValues = {};
  for (const [column, key] of Object.entries(FOOD_COLUMNS)) {
    const value = line[column as FoodColumn];
    if (value !== undefined) fields[key] = value;
  }
  if (line.vat_rate !== undefined) fields.vat_rate = line.vat_rate;
  return fields;
}

/** One product line: `handle` names the product; an existing handle updates it. */
const productLine = z
  .object({
    handle,
    title: text(255).pipe(z.string().min(1, "obligatoire")),
    vendor: text(255),
    price: price(true),
    compare_at_price: price(false),
    sku: text(255),
    barcode: text(64),
    tags,
    description: richHtml,
    available,
    vat_rate: vatCell,
    sold_by_weight: soldByWeightCell,
    ...(Object.fromEntries(Object.keys(FOOD_COLUMNS).map((column) => [column, foodCell])) as Record<
      FoodColumn,
      typeof foodCell
    >),
  })
  .refine(
    (line) =>
      line.compare_at_price === null || line.price === null || line.compare_at_price > line.price,
    { path: ["compare_at_price"], message: "doit être au-dessus du prix" },
  )
  .superRefine((line, context) => {
    const columns = Object.entries(FOOD_COLUMNS).filter(([, key]) =>
      NUTRITION_ROWS.some((row) => row.key === key),
    );
    if (columns.every(([column]) => line[column as FoodColumn] === undefined)) return;
    const values = Object.fromEntries(
      columns.map(([column, key]) => [key, line[column as FoodColumn] ?? ""]),
    );
    const errors = nutritionErrors(values);
    for (const [column, key] of columns) {
      const message = errors[key as NutritionKey];
      if (message) context.addIssue({ code: "custom", path: [column], message });
    }
  });
type ProductLine = z.infer<typeof productLine>;

/** One category line: `parent` is the handle of another category (in the file or stored). */
const categoryLine = z.object({
  handle,
  title: text(255).pipe(z.string().min(1, "obligatoire")),
  description: richHtml,
  parent: z
    .preprocess(
      (value) => (value === null || value === undefined ? "" : String(value).trim()),
      z.string().max(255),
    )
    .refine(
      (value) => value === "" || HANDLE_PATTERN.test(value),
      "doit être un identifiant de catégorie",
    ),
});
type CategoryLine = z.infer<typeof categoryLine>;

/** Checks every row; returns the parsed lines or every error found (duplicate handles too). */
function validateRows<T extends { handle: string }>(
  schema: z.ZodType<T>,
  rows: readonly ImportRow[],
): { ok: true; lines: (T & { line: number })[] } | { ok: false; lines: LineError[] } {
  const errors: LineError[] = [];
  const lines: (T & { line: number })[] = [];
  const seen = new Map<string, number>();
  if (rows.length === 0) {
    return {
      ok: false,
      lines: [{ line: 1, field: "", message: "le fichier ne contient aucune ligne" }],
    };
  }
  if (rows.length > MAX_IMPORT_LINES) {
    return {
      ok: false,
      lines: [{ line: 1, field: "", message: `au plus ${MAX_IMPORT_LINES} lignes par import` }],
    };
  }
  for (const row of rows) {
    const parsed = schema.safeParse(row.values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ line: row.line, field: issue.path.join("."), message: issue.message });
      }
      continue;
    }
    const first = seen.get(parsed.data.handle);
    if (first !== undefined) {
      errors.push({
        line: row.line,
        field: "handle",
        message: `déjà présent à la ligne ${first}`,
      });
      continue;
    }
    seen.set(parsed.data.handle, row.line);
    lines.push({ ...parsed.data, line: row.line });
  }
  return errors.length > 0 ? { ok: false, lines: errors } : { ok: true, lines };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The custom fields of the sale by weight a line sets: sold by weight at its `price` per kilogram,
 * or no longer sold by weight (« non »), or nothing (no column, a product not sold by weight).
 */
function weightFields(line: ProductLine, weighed: boolean): ProductMetafieldValues {
  if (weighed) return soldByWeightFields(line.price ?? 0);
  return line.sold_by_weight === false ? { sold_by_weight: null, price_per_kg: null } : {};
}

/** A weight's prices from a line's prices per kilogram (a compare-at price only above the price). */
function weightPrices(line: ProductLine, grams: number) {
  const priceCents = weightPriceCents(line.price ?? 0, grams);
  const compareAt =
    line.compare_at_price === null ? null : weightPriceCents(line.compare_at_price, grams);
  return {
    priceCents,
    compareAtPriceCents: compareAt !== null && compareAt > priceCents ? compareAt : null,
  };
}

/**
 * Which lines are sold by weight: those that say « oui », and those without the column whose
 * product already is. A product turned to the sale by weight must have only weights for variants
 * (a new product gets 250 g, 500 g and 1 kg); otherwise its line is refused.
 */
async function checkWeights(
  db: Db,
  lines: readonly (ProductLine & { line: number })[],
): Promise<{ weighed: Set<string>; errors: LineError[] }> {
  const existing = await productIdsByHandle(
    db,
    lines.map((line) => line.handle),
  );
  const stored = await soldByWeightProducts(db, [...existing.values()]);
  const weighed = new Set<string>();
  const errors: LineError[] = [];
  for (const line of lines) {
    const id = existing.get(line.handle);
    const already = id !== undefined && stored.has(id);
    if (!(line.sold_by_weight ?? already)) continue;
    weighed.add(line.handle);
    if (id === undefined || already) continue;
    const product = await readEditableProduct(db, { id });
    const message = weightsMessage(product?.variants ?? []);
    if (message) errors.push({ line: line.line, field: "sold_by_weight", message });
  }
  return { weighed, errors };
}

async function logChange(
  tx: Tx,
  change: {
    action: string;
    subjectType: string;
    subjectId: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(adminAuditLog).values({
    staffId: null,
    staffEmail: API_ACTOR,
    action: change.action,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

function productInput(line: ProductLine, weighed: boolean): ProductInput {
  const codes = { sku: line.sku || null, barcode: line.barcode || null };
  return {
    handle: line.handle,
    title: line.title,
    vendor: line.vendor,
    descriptionHtml: line.description,
    tags: line.available ? line.tags : [...line.tags, "unavailable"],
    variants: weighed
      ? STANDARD_WEIGHTS.map((grams, index) => ({
          title: weightLabel(grams),
          ...weightPrices(line, grams),
          ...(index === 0 ? codes : {}),
        }))
      : [{ priceCents: line.price ?? 0, compareAtPriceCents: line.compare_at_price, ...codes }],
    metafields: {
      // A cut's net quantity is its weight: the lightest, unless the line says otherwise.
      ...(weighed ? { quantity: "250", unit: "g" } : {}),
      ...foodFields(line),
      ...weightFields(line, weighed),
    },
  };
}

/** What the change log keeps of an imported product line. */
function productSnapshot(line: ProductLine, weighed: boolean) {
  return {
    title: line.title,
    vendor: line.vendor,
    priceCents: line.price,
    compareAtPriceCents: line.compare_at_price,
    sku: line.sku || null,
    barcode: line.barcode || null,
    tags: line.tags,
    descriptionHtml: line.description,
    availableForSale: line.available,
    ...foodFields(line),
    ...weightFields(line, weighed),
  };
}

async function updateProduct(
  tx: Tx,
  productId: number,
  line: ProductLine,
  now: Date,
  weighed: boolean,
) {
  const current = await readEditableProduct(tx, { id: productId });
  if (!current) return;
  const [variant] = current.variants;
  const codes = { sku: line.sku || null, barcode: line.barcode || null };
  const fields = { ...foodFields(line), ...weightFields(line, weighed) };
  await editProduct(
    tx,
    productId,
    {
      fields: {
        title: line.title,
        vendor: line.vendor,
        descriptionHtml: line.description,
        tags: line.tags,
        seoTitle: current.seoTitle,
        seoDescription: current.seoDescription,
      },
      // Sold by weight: every weight is priced from the line's price per kilogram.
      variants: weighed
        ? current.variants.map((each, index) => ({
            id: each.id,
            ...weightPrices(line, gramsOfTitle(each.title) ?? 0),
            ...(index === 0 ? codes : {}),
          }))
        : variant
          ? [
              {
                id: variant.id,
                priceCents: line.price ?? variant.priceCents,
                compareAtPriceCents: line.compare_at_price,
                ...codes,
              },
            ]
          : [],
      metafields: fields,
    },
    { now },
  );
  await setAvailability(tx, productId, line.available, { now });
  await logChange(tx, {
    action: "import",
    subjectType: "product",
    subjectId: line.handle,
    before: {
      title: current.title,
      vendor: current.vendor,
      priceCents: variant?.priceCents ?? null,
      compareAtPriceCents: variant?.compareAtPriceCents ?? null,
      sku: variant?.sku ?? null,
      barcode: variant?.barcode ?? null,
      tags: current.tags.filter((tag) => tag !== "unavailable" && tag !== ARCHIVE_TAG),
      descriptionHtml: current.descriptionHtml,
      availableForSale: !current.tags.includes("unavailable"),
      ...Object.fromEntries(
        Object.keys(fields).map((key) => [
          key,
          current.metafields[key as ProductMetafieldKey] ?? "",
        ]),
      ),
    },
    after: productSnapshot(line, weighed),
  });
}

/**
 * Imports product lines: every line is checked first and any bad one refuses the whole file
 * (with every error and its line number); otherwise, in one transaction, new handles are
 * created and existing ones updated (title, vendor, description, tags, first variant's prices,
 * SKU and barcode, availability), each written to the change log as `api`. A line sold by weight
 * (`sold_by_weight`) gives prices per kilogram, from which every weight is priced; a new one is
 * cut at 250 g, 500 g and 1 kg.
 */
export async function importProducts(
  db: Db,
  rows: readonly ImportRow[],
  options: { now?: Date } = {},
): Promise<ImportOutcome> {
  const checked = validateRows(productLine as z.ZodType<ProductLine>, rows);
  if (!checked.ok) return checked;
  const { weighed, errors } = await checkWeights(db, checked.lines);
  if (errors.length > 0) return { ok: false, lines: errors };
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const existing = await productIdsByHandle(
      tx,
      checked.lines.map((line) => line.handle),
    );
    const fresh = checked.lines.filter((line) => !existing.has(line.handle));
    if (fresh.length > 0) {
      await insertProducts(
        tx,
        fresh.map((line) => productInput(line, weighed.has(line.handle))),
      );
    }
    for (const line of fresh) {
      await logChange(tx, {
        action: "import",
        subjectType: "product",
        subjectId: line.handle,
        after: productSnapshot(line, weighed.has(line.handle)),
      });
    }
    for (const line of checked.lines) {
      const id = existing.get(line.handle);
      if (id !== undefined) await updateProduct(tx, id, line, now, weighed.has(line.handle));
    }
    return { ok: true, created: fresh.length, updated: checked.lines.length - fresh.length };
  });
}

/** Parents must name a category of the file or a stored one, and never the line itself. */
async function checkParents(db: Db, lines: readonly (CategoryLine & { line: number })[]) {
  const inFile = new Set(lines.map((line) => line.handle));
  const wanted = [...new Set(lines.map((line) => line.parent).filter((parent) => parent !== ""))];
  const stored = await collectionIdsByHandle(db, wanted);
  const errors: LineError[] = [];
  for (const line of lines) {
    if (line.parent === "") continue;
    if (line.parent === line.handle) {
      errors.push({
        line: line.line,
        field: "parent",
        message: "ne peut pas être la catégorie elle-même",
      });
    } else if (!inFile.has(line.parent) && !stored.has(line.parent)) {
      errors.push({ line: line.line, field: "parent", message: "catégorie inconnue" });
    }
  }
  return errors;
}

async function updateCollection(tx: Tx, collectionId: number, line: CategoryLine, now: Date) {
  const before = await overwriteCollection(
    tx,
    collectionId,
    { title: line.title, descriptionHtml: line.description, parent: line.parent },
    now,
  );
  await logChange(tx, {
    action: "import",
    subjectType: "category",
    subjectId: line.handle,
    before,
    after: { title: line.title, descriptionHtml: line.description, parent: line.parent || null },
  });
}

/**
 * Imports category lines (handle, title, description, parent handle) all or nothing, like
 * `importProducts`; the parent is kept in the `category_parent` custom field.
 */
export async function importCategories(
  db: Db,
  rows: readonly ImportRow[],
  options: { now?: Date } = {},
): Promise<ImportOutcome> {
  const checked = validateRows(categoryLine as z.ZodType<CategoryLine>, rows);
  if (!checked.ok) return checked;
  const parentErrors = await checkParents(db, checked.lines);
  if (parentErrors.length > 0) return { ok: false, lines: parentErrors };
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const existing = await collectionIdsByHandle(
      tx,
      checked.lines.map((line) => line.handle),
    );
    const fresh = checked.lines.filter((line) => !existing.has(line.handle));
    if (fresh.length > 0) {
      await insertCollections(
        tx,
        fresh.map((line) => ({
          handle: line.handle,
          title: line.title,
          descriptionHtml: line.description,
          metafields: line.parent ? { category_parent: line.parent } : {},
        })),
      );
    }
    for (const line of fresh) {
      await logChange(tx, {
        action: "import",
        subjectType: "category",
        subjectId: line.handle,
        after: {
          title: line.title,
          descriptionHtml: line.description,
          parent: line.parent || null,
        },
      });
    }
    const updated: number[] = [];
    for (const line of checked.lines) {
      const id = existing.get(line.handle);
      if (id === undefined) continue;
      await updateCollection(tx, id, line, now);
      updated.push(id);
    }
    if (updated.length > 0) {
      await catalogueChanged(tx, { collections: updated });
    }
    return { ok: true, created: fresh.length, updated: updated.length };
  });
}

/**
 * Archives a product by handle (tag `Archive`: out of the shop, kept for the orders that name
 * it; never deleted) and logs it as `api`; false when no product has that handle.
 */
export async function archiveProductByHandle(
  db: Db,
  productHandle: string,
  options: { now?: Date } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ids = await productIdsByHandle(tx, [productHandle]);
    const id = ids.get(productHandle);
    if (id === undefined) return false;
    await setArchived(tx, id, true, options);
    await logChange(tx, {
      action: "archive",
      subjectType: "product",
      subjectId: productHandle,
      before: { archived: false },
      after: { archived: true },
    });
    return true;
  });
}
