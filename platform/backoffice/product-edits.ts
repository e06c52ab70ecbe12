import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { eurosText } from "#platform/backoffice/prices.ts";
import {
  LIST_FIELDS,
  OTHER_FIELD_LABELS,
  SOLD_BY_WEIGHT_MESSAGES,
  TEXT_FIELDS,
  UNIT_PRICE_MESSAGES,
  variantName,
  weightsMessage,
} from "#platform/backoffice/product-fields.ts";
import { recordChange, type Staff } from "#platform/backoffice/staff.ts";
import {
  addProductImage,
  CatalogueInputError,
  CONTROLLED_TAGS,
  type EditableProduct,
  editProduct,
  fromGid,
  imagePathOfUrl,
  moveProductImage,
  type ProductMetafieldValues,
  productHandlesById,
  productIdsByHandle,
  readEditableProduct,
  removeProductImage,
  setArchived,
  setAvailability,
  toGid,
  type VariantEdit,
} from "#platform/commerce/index.ts";
import { formatUnitPrice } from "#platform/format.ts";
import { nutritionErrors } from "#platform/nutrition.ts";
import {
  gramsOfTitle,
  parsePricePerKg,
  soldByWeightFields,
  weightPriceCents,
} from "#platform/sold-by-weight.ts";
import { referenceUnitLabel, variantMeasure, variantUnitPriceCents } from "#platform/unit-price.ts";
import { parseVatRate, vatRateValue } from "#platform/vat.ts";

/**
 * The admin product screen's server side: reads its form into a product edit with French
 * messages per field, saves it in one transaction with its line in the change log, and gives the
 * product's values as the log records them (French names, readable values).
 */

export type FieldErrors = Record<string, string>;

const PRICE_HINT = "Écrivez un prix en euros, par exemple 12,50.";
const STOCK_HINT =
  "Écrivez un nombre entier d'unités, 0 ou plus (ou laissez vide : stock non compté).";

/** `12,50`, `12.5`, `12,50 €` → 1250; null when it is not a price with at most two decimals. */
export function parseEuros(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(clean)) return null;
  const [whole = "0", fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A price as the change log shows it (`12,50 €`), empty for none. */
export const formatPrice = (cents: number | null) =>
  cents === null ? "" : `${eurosText(cents)} €`;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} : ${max} caractères au plus.`);

const oneLine = (max: number, label: string) =>
  text(max, label).regex(/^[^\r\n]*$/, `${label} : une seule ligne.`);

const fieldsForm = z.object({
  title: oneLine(255, "Titre").min(1, "Le titre est obligatoire."),
  vendor: oneLine(255, "Fabricant"),
  productType: oneLine(255, "Type de produit"),
  descriptionHtml: text(100_000, "Description"),
  tags: text(5000, "Étiquettes"),
  seoTitle: oneLine(255, "Titre SEO"),
  seoDescription: text(1000, "Description SEO"),
  max_quantity: z
    .string()
    .trim()
    .regex(/^\d{0,4}$/, "Indiquez un nombre entier (ou laissez vide)."),
  marque: z.string().trim(),
  produit_associe: text(5000, "Produits associés"),
});

type ParsedForm = { edit: Parameters<typeof editProduct>[2]; relatedHandles: string[] };

/**
 * Reads the product form. Field names: `title`, `vendor`, …, `mf.<key>` for custom fields,
 * `variant.<i>.price|compareAt|sku|barcode|available|stock|stockShown|id`, `image.<i>.url|alt`.
 * A variant's stock is written only when the field was changed from what the screen showed
 * (`stockShown`): checkouts take units meanwhile, and saving the price must not undo them.
 */
export function readProductForm(
  form: FormData,
  product: EditableProduct,
): { ok: true; value: ParsedForm } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const get = (name: string) => String(form.get(name) ?? "");
  const parsed = fieldsForm.safeParse({
    title: get("title"),
    vendor: get("vendor"),
    productType: get("productType"),
    descriptionHtml: get("descriptionHtml"),
    tags: get("tags"),
    seoTitle: get("seoTitle"),
    seoDescription: get("seoDescription"),
    max_quantity: get("mf.max_quantity"),
    marque: get("mf.marque"),
    produit_associe: get("mf.produit_associe"),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const name = ["max_quantity", "marque", "produit_associe"].includes(key) ? `mf.${key}` : key;
      errors[name] ??= issue.message;
    }
  }

  const metafields: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = get(`mf.${field.key}`).trim();
    if (!field.multiline && /[\r\n]/.test(value)) errors[`mf.${field.key}`] = "Une seule ligne.";
    if (value.length > 5000) errors[`mf.${field.key}`] = "5 000 caractères au plus.";
    metafields[field.key] = value;
  }
  const nutrition = nutritionErrors(metafields as Record<string, string>);
  for (const [key, message] of Object.entries(nutrition)) errors[`mf.${key}`] ??= String(message);
  for (const field of LIST_FIELDS) {
    metafields[field.key] = form.getAll(`mf.${field.key}`).map(String).filter(Boolean);
  }
  metafields.hideInSearch = form.get("mf.hideInSearch") === "on";
  // A form without the field (an older page) keeps the product's rate.
  if (form.has("mf.vat_rate")) {
    const vatRate = parseVatRate(get("mf.vat_rate"));
    if (vatRate === null)
      errors["mf.vat_rate"] = "Choisissez un taux de TVA : 5,5 %, 10 % ou 20 %.";
    else metafields.vat_rate = vatRateValue(vatRate);
  }

  Object.assign(metafields, readUnitPriceOverride(form, errors));

  // Sold by weight: each weight's price follows the price per kilogram (platform/sold-by-weight.ts).
  const perKg = readSoldByWeight(form, product, errors);
  if (perKg !== undefined) {
    Object.assign(
      metafields,
      perKg === null ? { sold_by_weight: null, price_per_kg: null } : soldByWeightFields(perKg),
    );
  }

  const variants: VariantEdit[] = product.variants.map((variant, index) => {
    const prefix = `variant.${index}`;
    const grams = gramsOfTitle(variant.title);
    const price =
      typeof perKg === "number" && grams !== null
        ? weightPriceCents(perKg, grams)
        : parseEuros(get(`${prefix}.price`));
    const compareText = get(`${prefix}.compareAt`).trim();
    const compareAt = compareText === "" ? null : parseEuros(compareText);
    if (typeof perKg === "number") {
      // Priced from the price per kilogram: what the price field says does not count.
    } else if (get(`${prefix}.price`).trim() === "") {
      errors[`${prefix}.price`] = "Le prix est obligatoire.";
    } else if (price === null) errors[`${prefix}.price`] = PRICE_HINT;
    else if (price < 1) errors[`${prefix}.price`] = "Le prix doit être d'au moins 0,01 €.";
    if (compareText !== "" && compareAt === null) errors[`${prefix}.compareAt`] = PRICE_HINT;
    else if (compareAt !== null && price !== null && compareAt <= price) {
      errors[`${prefix}.compareAt`] = "Le prix barré doit être supérieur au prix (ou laissé vide).";
    }
    const barcode = get(`${prefix}.barcode`).trim();
    if (barcode !== "" && !/^\d{8,14}$/.test(barcode)) {
      errors[`${prefix}.barcode`] = "Le code-barres (EAN) compte de 8 à 14 chiffres.";
    }
    const sku = get(`${prefix}.sku`).trim();
    if (sku.length > 255) errors[`${prefix}.sku`] = "255 caractères au plus.";
    const stockText = get(`${prefix}.stock`).trim();
    const stock = stockText === "" ? null : /^\d{1,7}$/.test(stockText) ? Number(stockText) : NaN;
    if (Number.isNaN(stock) || (stock !== null && stock > 1_000_000)) {
      errors[`${prefix}.stock`] = STOCK_HINT;
    }
    const stockChanged = form.has(`${prefix}.stock`) && stockText !== get(`${prefix}.stockShown`);
    return {
      id: variant.id,
      sku,
      barcode,
      priceCents: price ?? variant.priceCents,
      compareAtPriceCents: compareAt,
      availableForSale: form.get(`${prefix}.available`) === "on",
      ...(stockChanged && !Number.isNaN(stock) ? { quantityAvailable: stock } : {}),
    };
  });

  const images = product.images.map((image, index) => {
    const alt = get(`image.${index}.alt`).trim();
    if (alt.length > 512) errors[`image.${index}.alt`] = "512 caractères au plus.";
    return { url: image.url, altText: alt || null };
  });

  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const data = parsed.data;
  if (data.marque !== "" && fromGid(data.marque, "Metaobject") === undefined) {
    return { ok: false, errors: { "mf.marque": "Choisissez une marque de la liste." } };
  }
  // A reference field takes null for "none" (an empty text is not a GID).
  metafields.marque = data.marque || null;
  metafields.max_quantity = data.max_quantity === "" ? null : Number(data.max_quantity);
  const relatedHandles = [
    ...new Set(
      data.produit_associe
        .split(/[\s,;]+/)
        .map((handle) =>
          handle
            .trim()
            .replace(/^\/?p\//, "")
            .replace(/\/$/, ""),
        )
        .filter(Boolean),
    ),
  ];
  return {
    ok: true,
    value: {
      relatedHandles,
      edit: {
        fields: {
          title: data.title,
          vendor: data.vendor,
          productType: data.productType,
          descriptionHtml: data.descriptionHtml,
          tags: [
            ...new Set(
              data.tags
                .split(",")
                .map((tag) => tag.trim())
                .filter(Boolean),
            ),
          ],
          seoTitle: data.seoTitle || null,
          seoDescription: data.seoDescription || null,
        },
        variants,
        images,
        metafields: metafields as ProductMetafieldValues,
      },
    },
  };
}

/**
 * The form's « vendu au poids » part: the price per kilogram in cents when the box is ticked and
 * every variant is a weight, null when it is not ticked, undefined when it is refused (the reason
 * then in `errors`).
 */
function readSoldByWeight(
  form: FormData,
  product: EditableProduct,
  errors: FieldErrors,
): number | null | undefined {
  if (form.get("mf.sold_by_weight") !== "on") return null;
  const text = String(form.get("mf.price_per_kg") ?? "").trim();
  const cents = text === "" ? null : parseEuros(text);
  let refused = false;
  if (text === "") {
    errors["mf.price_per_kg"] = SOLD_BY_WEIGHT_MESSAGES.pricePerKgMissing;
    refused = true;
  } else if (cents === null || cents < 1) {
    errors["mf.price_per_kg"] = PRICE_HINT;
    refused = true;
  }
  const problem = weightsMessage(product.variants);
  if (problem) {
    errors["mf.sold_by_weight"] ??= problem;
    refused = true;
  }
  return refused ? undefined : cents;
}

/**
 * The form's hand-typed unit price: kept only when « Prix à l'unité saisi à la main » is ticked,
 * with the label to show and its reason (both required); unticked, both are cleared and the unit
 * price is computed again.
 */
function readUnitPriceOverride(
  form: FormData,
  errors: FieldErrors,
): { price_unit_override: string | null; price_unit_override_reason: string | null } {
  if (form.get("mf.price_unit_manual") !== "on") {
    return { price_unit_override: null, price_unit_override_reason: null };
  }
  const read = (name: string, missing: string) => {
    const value = String(form.get(name) ?? "").trim();
    if (value === "") errors[name] = missing;
    else if (/[\r\n]/.test(value)) errors[name] = "Une seule ligne.";
    else if (value.length > 255) errors[name] = "255 caractères au plus.";
    return value;
  };
  return {
    price_unit_override: read("mf.price_unit_override", UNIT_PRICE_MESSAGES.overrideMissing),
    price_unit_override_reason: read(
      "mf.price_unit_override_reason",
      UNIT_PRICE_MESSAGES.reasonMissing,
    ),
  };
}

/**
 * The unit price the catalogue computes for the product's first variant, as the product form
 * shows it beside the override (`39,60 €/kg`, `250 g à 9,90 €`); null when its net quantity is not
 * known. The same figure as the Storefront API's `unitPrice` (platform/unit-price.ts).
 */
export function computedUnitPrice(
  product: EditableProduct,
): { label: string; basis: string } | null {
  const variant = product.variants[0];
  if (!variant) return null;
  const values = product.metafields as Record<string, unknown>;
  const measure = variantMeasure(
    variant.title,
    values.quantity === undefined ? null : String(values.quantity),
    values.unit === undefined ? null : String(values.unit),
  );
  if (!measure) return null;
  const perKg =
    values.sold_by_weight === true ? parsePricePerKg(String(values.price_per_kg ?? "")) : null;
  const cents = variantUnitPriceCents(variant.priceCents, measure, perKg);
  const quantity = `${String(measure.quantity).replace(".", ",")} ${measure.unit}`;
  const name = variantName(variant.title);
  return {
    label: formatUnitPrice(cents, referenceUnitLabel(measure)),
    basis: `${name === quantity ? quantity : `${name}, ${quantity}`} à ${formatPrice(variant.priceCents)}`,
  };
}

/** The product's values as the change log records them: French names, readable values. */
export function productSnapshot(product: EditableProduct): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {
    [OTHER_FIELD_LABELS.title]: product.title,
    [OTHER_FIELD_LABELS.vendor]: product.vendor,
    [OTHER_FIELD_LABELS.productType]: product.productType,
    [OTHER_FIELD_LABELS.descriptionHtml]: product.descriptionHtml,
    [OTHER_FIELD_LABELS.tags]: product.tags
      .filter((tag) => !CONTROLLED_TAGS.includes(tag))
      .join(", "),
    [OTHER_FIELD_LABELS.seoTitle]: product.seoTitle ?? "",
    [OTHER_FIELD_LABELS.seoDescription]: product.seoDescription ?? "",
    Archivé: product.archived ? "oui" : "non",
    "En vente": product.availableForSale ? "oui" : "non",
  };
  for (const variant of product.variants) {
    const suffix = product.variants.length > 1 ? ` (${variant.title})` : "";
    snapshot[`Prix${suffix}`] = formatPrice(variant.priceCents);
    snapshot[`Prix barré${suffix}`] = formatPrice(variant.compareAtPriceCents);
    snapshot[`SKU${suffix}`] = variant.sku ?? "";
    snapshot[`Code-barres${suffix}`] = variant.barcode ?? "";
    snapshot[`Disponible${suffix}`] = variant.availableForSale ? "oui" : "non";
    snapshot[`Stock${suffix}`] =
      variant.quantityAvailable === null ? "non compté" : String(variant.quantityAvailable);
  }
  snapshot.Images = product.images.map((image) => `${image.url} (${image.altText ?? ""})`);
  const values = product.metafields as Record<string, unknown>;
  for (const field of TEXT_FIELDS) snapshot[field.label] = values[field.key] ?? "";
  for (const field of LIST_FIELDS) snapshot[field.label] = values[field.key] ?? [];
  snapshot[OTHER_FIELD_LABELS.marque] = values.marque ?? "";
  snapshot[OTHER_FIELD_LABELS.max_quantity] = values.max_quantity ?? "";
  snapshot[OTHER_FIELD_LABELS.produit_associe] = values.produit_associe ?? [];
  snapshot[OTHER_FIELD_LABELS.hideInSearch] = values.hideInSearch === true ? "oui" : "non";
  snapshot[OTHER_FIELD_LABELS.vat_rate] = values.vat_rate ? `${values.vat_rate} %` : "5.5 %";
  snapshot[OTHER_FIELD_LABELS.sold_by_weight] = values.sold_by_weight === true ? "oui" : "non";
  snapshot[OTHER_FIELD_LABELS.price_per_kg] = formatPrice(
    parsePricePerKg(String(values.price_per_kg ?? "")),
  );
  snapshot[OTHER_FIELD_LABELS.price_unit_override] = values.price_unit_override ?? "";
  snapshot[OTHER_FIELD_LABELS.price_unit_override_reason] = values.price_unit_override_reason ?? "";
  return snapshot;
}

export type SaveResult =
  | { ok: true; product: EditableProduct }
  | { ok: false; errors: FieldErrors; message: string };

const NOT_SAVED = "Rien n'a été enregistré : corrigez les champs signalés.";
const MODIFIED_MEANWHILE =
  "Ce produit a été modifié par quelqu'un d'autre entre-temps : rien n'a été enregistré. Rechargez la page pour repartir de la version actuelle.";

/**
 * Saves the product form in one transaction with its change-log line (values before and after).
 * Bad input saves nothing and comes back as French messages per field.
 */
export async function saveProductForm(
  db: Db,
  staff: Staff,
  productId: number,
  form: FormData,
): Promise<SaveResult> {
  const current = await readEditableProduct(db, { id: productId });
  if (!current) return { ok: false, errors: {}, message: "Ce produit n'existe plus." };
  // The form carries the version it was read at: a save over someone else's newer edit would
  // silently undo it.
  const seen = form.get("updatedAt");
  if (typeof seen === "string" && seen !== "" && seen !== current.updatedAt.toISOString()) {
    return { ok: false, errors: {}, message: MODIFIED_MEANWHILE };
  }
  const parsed = readProductForm(form, current);
  if (!parsed.ok) return { ok: false, errors: parsed.errors, message: NOT_SAVED };
  const { edit, relatedHandles } = parsed.value;
  const related = await productIdsByHandle(db, relatedHandles);
  const unknown = relatedHandles.filter((handle) => !related.has(handle));
  if (unknown.length > 0) {
    return {
      ok: false,
      message: NOT_SAVED,
      errors: { "mf.produit_associe": `Produit(s) introuvable(s) : ${unknown.join(", ")}.` },
    };
  }
  if (relatedHandles.length > 10) {
    return {
      ok: false,
      message: NOT_SAVED,
      errors: { "mf.produit_associe": "Dix produits associés au plus." },
    };
  }
  if (edit.metafields) {
    (edit.metafields as Record<string, unknown>).produit_associe = relatedHandles.map((handle) =>
      toGid("Product", related.get(handle) ?? 0),
    );
  }
  try {
    const product = await db.transaction(async (tx) => {
      await editProduct(tx, productId, edit);
      return logChange(tx, staff, current, "modification");
    });
    return { ok: true, product };
  } catch (error) {
    if (error instanceof CatalogueInputError) {
      return { ok: false, message: NOT_SAVED, errors: fieldErrorOf(error) };
    }
    throw error;
  }
}

/** A catalogue refusal the form's own checks did not catch, placed next to its field. */
function fieldErrorOf(error: CatalogueInputError): FieldErrors {
  const path = error.path;
  const variant = /^variants\.(\d+)\.(\w+)/.exec(path);
  // The sold-by-weight rule, when the product changed between the form's checks and the save.
  if (variant?.[2] === "title" || path === "metafields.price_per_kg") {
    return { "mf.sold_by_weight": "Valeur refusée par le catalogue." };
  }
  if (variant) {
    const field = variant[2] === "compareAtPriceCents" ? "compareAt" : "price";
    return { [`variant.${variant[1]}.${field}`]: "Valeur refusée par le catalogue." };
  }
  const metafield = /^metafields\.(\w+)/.exec(path);
  if (metafield) return { [`mf.${metafield[1]}`]: "Valeur refusée : choisissez dans la liste." };
  const field = /^fields\.(\w+)/.exec(path);
  return { [field?.[1] ?? "form"]: "Valeur refusée par le catalogue." };
}

/**
 * Writes the change-log line of an edit already applied in `tx`, and returns the product as it
 * now is. Used by every product action of the admin area.
 */
export async function logChange(
  tx: Tx,
  staff: Staff,
  before: EditableProduct,
  action: string,
): Promise<EditableProduct> {
  const after = await readEditableProduct(tx, { id: before.id });
  if (!after) throw new Error(`product ${before.id} vanished during its edit`);
  await recordChange(tx, {
    staff,
    action,
    subjectType: "produit",
    subjectId: before.handle,
    before: productSnapshot(before),
    after: productSnapshot(after),
  });
  return after;
}

/** The handles of a product's related products, as the form shows them (one per line). */
export async function relatedHandlesText(db: Db, product: EditableProduct): Promise<string> {
  const gids = (product.metafields.produit_associe ?? []) as readonly string[];
  const ids = gids.map((gid) => fromGid(gid, "Product")).filter((id) => id !== undefined);
  const handles = await productHandlesById(db, ids);
  return ids
    .map((id) => handles.get(id) ?? "")
    .filter(Boolean)
    .join("\n");
}

export const PRODUCT_SAVED = "Modifications enregistrées.";

export type ProductActionResult = {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  submitted?: Record<string, string[]>;
};

type ProductAction = {
  /** The action as the change log names it. */
  label: string;
  run: (tx: Tx, productId: number, form: FormData, position: number) => Promise<void>;
  refusal: string;
};

/** The product screen's one-click actions; image ones carry the image's position in the intent. */
const PRODUCT_ACTIONS: Record<string, ProductAction> = {
  archive: {
    label: "archivage",
    run: (tx, id) => setArchived(tx, id, true),
    refusal: "Archivage impossible.",
  },
  unarchive: {
    label: "désarchivage",
    run: (tx, id) => setArchived(tx, id, false),
    refusal: "Désarchivage impossible.",
  },
  "sale-off": {
    label: "retrait de la vente",
    run: (tx, id) => setAvailability(tx, id, false),
    refusal: "Retrait de la vente impossible.",
  },
  "sale-on": {
    label: "remise en vente",
    run: (tx, id) => setAvailability(tx, id, true),
    refusal: "Remise en vente impossible.",
  },
  "image-add": {
    label: "ajout d'image",
    run: (tx, id, form) =>
      addProductImage(tx, id, {
        path: imagePathOfUrl(String(form.get("path") ?? "").trim()),
        altText: String(form.get("alt") ?? "").trim() || null,
      }),
    refusal:
      "Image introuvable dans la bibliothèque, déjà présente, ou ce produit a déjà dix images.",
  },
  "image-remove": {
    label: "retrait d'image",
    run: (tx, id, _form, position) => removeProductImage(tx, id, position),
    refusal: "Cette image n'est plus sur le produit.",
  },
  "image-up": {
    label: "ordre des images",
    run: (tx, id, _form, position) => moveProductImage(tx, id, position, -1),
    refusal: "Cette image ne peut pas monter.",
  },
  "image-down": {
    label: "ordre des images",
    run: (tx, id, _form, position) => moveProductImage(tx, id, position, 1),
    refusal: "Cette image ne peut pas descendre.",
  },
};

/**
 * Runs one of the product screen's one-click actions (`archive`, `sale-off`, `image-up:2`…) in
 * one transaction with its change-log line.
 */
export async function runProductAction(
  db: Db,
  staff: Staff,
  product: EditableProduct,
  intent: string,
  form: FormData,
): Promise<ProductActionResult> {
  const [name = "", position = "0"] = intent.split(":");
  const action = PRODUCT_ACTIONS[name];
  if (!action) return { ok: false, message: "Action inconnue." };
  try {
    await db.transaction(async (tx) => {
      await action.run(tx, product.id, form, Number(position));
      await logChange(tx, staff, product, action.label);
    });
    return { ok: true, message: PRODUCT_SAVED };
  } catch (error) {
    if (!(error instanceof CatalogueInputError)) throw error;
    return { ok: false, message: action.refusal };
  }
}
