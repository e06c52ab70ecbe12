import { endSentence } from "#app/lib/format.ts";
import { slugify } from "#app/lib/slug.ts";
import type {
  ImageInput,
  ProductInput,
  ProductMetafieldValues,
  VariantInput,
} from "#platform/commerce/index.ts";
import { type PictureKind, renderProductSvg } from "#platform/commerce/index.ts";
import { nutritionFields } from "#platform/nutrition.ts";
import {
  STANDARD_WEIGHTS,
  soldByWeightFields,
  weightLabel,
  weightPriceCents,
} from "#platform/sold-by-weight.ts";
import { DEFAULT_VAT_RATE, vatRateValue } from "#platform/vat.ts";
import type { Format, Range } from "#seed/catalogue/categories.ts";
import {
  type Composition,
  emphasiseAllergens,
  readComposition,
} from "#seed/catalogue/composition.ts";
import { type FileRow, imageUrlOf, svgFile } from "#seed/catalogue/files.ts";
import {
  baseAmount,
  ean13,
  frenchDecimal,
  quantityLabel,
  shopPrice,
} from "#seed/catalogue/format.ts";
import { QUALIFIER_INGREDIENTS, RECIPES } from "#seed/catalogue/recipes.ts";
import {
  ALLERGEN_WORDS,
  type AllergenKey,
  type DietKey,
  LABELS_IN_TITLES,
  type LabelKey,
} from "#seed/catalogue/taxonomies.ts";
import type { Leaf, Name } from "#seed/catalogue/tree.ts";
import { createRandom, deriveSeed, type Random } from "#seed/random.ts";

/** The metaobjects a product points at, by GID. */
export type CatalogueRefs = {
  /** By top-category handle. */
  brands: ReadonlyMap<string, readonly BrandRef[]>;
  allergens: Readonly<Record<AllergenKey, string>>;
  diets: Readonly<Record<DietKey, string>>;
  labels: Readonly<Record<LabelKey, string>>;
};

export type BrandRef = { name: string; gid: string; artisan: boolean; makes?: readonly string[] };

/** The brands that sell in a leaf: those of its top category that make one of its categories. */
export function brandsOfLeaf(leaf: Leaf, refs: CatalogueRefs): BrandRef[] {
  return (refs.brands.get(leaf.top) ?? []).filter(
    (brand) => !brand.makes || brand.makes.some((handle) => leaf.lineage.includes(handle)),
  );
}

export type GeneratedProduct = {
  leaf: Leaf;
  input: ProductInput;
  /** The image originals this product introduces (none when it reuses a demo product's). */
  files: FileRow[];
};

/** Share of products with each special tag, and of the other occasional fields. */
const RATES = {
  archive: 0.02,
  unavailable: 0.03,
  clickCollectFresh: 0.15,
  clickCollectOther: 0.02,
  province: 0.12,
  compareAt: 0.15,
  severalVariants: 0.2,
  maxQuantity: 0.08,
  gamme: 0.3,
  hideInSearch: 0.01,
  diet: 0.7,
  rareDiet: 0.15,
  extraLabel: 0.12,
  outOfStockVariant: 0.03,
};

/** Top categories whose products are fresh: some are only for click & collect. */
const FRESH = new Set([
  "fromagerie",
  "boucherie-charcuterie",
  "traiteur",
  "boulangerie-patisserie",
]);
const GAMMES = [
  "Sélection Comptoir",
  "Les Incontournables",
  "Prestige",
  "Tradition",
  "Nos terroirs",
];
const DISCOUNTS = [10, 15, 20, 25, 30];
const IMAGE_VIEWS = ["", " – vue de détail", " – présentation", " – suggestion de dégustation"];
/** Ended by `endSentence`: a brand or an origin that ends with a full stop keeps one. */
export const BRAND_SENTENCES = [
  "Signé {brand}",
  "Une référence {brand}, origine : {origin}",
  "Une sélection {brand} ({origin})",
];
const DAY = 86_400_000;
/** What 100 g may hold of fat, carbohydrate, protein and salt together: some is water or fibre. */
const MAX_NUTRIENT_GRAMS = 97;

/**
 * Makes products one at a time, deterministic from `random`: product n is the same whatever the
 * total, so a 100 000-product catalogue starts with the demo catalogue. The first `demoCount`
 * products get images of their own; later ones reuse those of a demo product of their leaf.
 */
export function createProductFactory(options: {
  random: Random;
  nextLeaf: () => Leaf;
  refs: CatalogueRefs;
  now: Date;
  demoCount: number;
}): () => GeneratedProduct {
  const { random, nextLeaf, refs, now, demoCount } = options;
  const usedHandles = new Set<string>();
  const titleRepeats = new Map<string, number>();
  const made = new Map<number, number>();
  const imagePool = new Map<string, ImageInput[][]>();
  const brandsByLeaf = new Map<number, BrandRef[]>();
  let sequence = 0;
  // Many products share a list of ingredients: each is read once.
  const compositions = new Map<string, Composition>();
  const composition = (leaf: Leaf, ingredients: string) => {
    const key = `${leaf.traits.alcohol !== undefined}:${ingredients}`;
    let read = compositions.get(key);
    if (!read) {
      read = readComposition(ingredients, { alcoholic: leaf.traits.alcohol !== undefined });
      compositions.set(key, read);
    }
    return read;
  };

  const between = ([min, max]: Range) => min + random.next() * (max - min);
  const someOf = <T>(items: readonly T[], p: number) => items.filter(() => random.chance(p));

  function pickName(leaf: Leaf): Name {
    const count = made.get(leaf.index) ?? 0;
    made.set(leaf.index, count + 1);
    // Every name once, in the order written, before any repeats: each leaf shows its range.
    return (leaf.names[count] ?? random.pick(leaf.names)) as Name;
  }

  /**
   * A title no other product has, and its handle: the name with the drawn qualifier, else with
   * another of its qualifiers, else with the brand, else numbered. Two products never share a
   * title (nor, therefore, a handle).
   */
  function uniqueTitle(name: Name, drawn: string, brand: string) {
    const titled = (qualifier: string) => (qualifier ? `${name.name} ${qualifier}` : name.name);
    const others = (name.qualifiers ?? []).filter((qualifier) => qualifier !== drawn);
    const candidates = [drawn, ...others].map((qualifier) => ({
      qualifier,
      title: titled(qualifier),
    }));
    candidates.push({ qualifier: drawn, title: `${titled(drawn)} – ${brand}` });
    for (const candidate of candidates) {
      const handle = slugify(candidate.title);
      if (!usedHandles.has(handle)) {
        usedHandles.add(handle);
        return { ...candidate, handle };
      }
    }
    const title = titled(drawn);
    let repeat = titleRepeats.get(title) ?? 1;
    for (;;) {
      repeat += 1;
      const numbered = `${title} n° ${repeat}`;
      const handle = slugify(numbered);
      if (!usedHandles.has(handle)) {
        titleRepeats.set(title, repeat);
        usedHandles.add(handle);
        return { qualifier: drawn, title: numbered, handle };
      }
    }
  }

  /** The product's list of ingredients: its recipe's or its category's, with what its qualifier adds. */
  function ingredientsFor(leaf: Leaf, name: Name, qualifier: string, title: string) {
    const template = RECIPES[name.name]?.ingredients ?? leaf.traits.ingredients;
    if (template === undefined) return undefined;
    const base = fill(template, { title, name: name.name });
    const added = QUALIFIER_INGREDIENTS[qualifier];
    if (!added || leaf.traits.assorted) return base;
    return withIngredient(base, added);
  }

  /** The variants of the formats, and the price per unit and the discount drawn for them. */
  function variantsFor(leaf: Leaf, name: Name, formats: readonly Format[]) {
    const perUnit = between(name.pricePer ?? leaf.traits.pricePer ?? [5, 30]);
    const discount = random.chance(RATES.compareAt) ? random.pick(DISCOUNTS) : 0;
    const variants = formats.map(([quantity, unit], index): VariantInput & { format: Format } => {
      // Larger formats cost a little less per kilogram, as in any shop.
      const { amount } = baseAmount(quantity, unit);
      const priceCents = shopPrice(amount * perUnit * (1 - 0.04 * index));
      const compareAtPriceCents =
        discount > 0 ? shopPrice(priceCents / 100 / (1 - discount / 100)) : null;
      const outOfStock = random.chance(RATES.outOfStockVariant);
      return {
        format: [quantity, unit],
        title: formats.length > 1 ? quantityLabel(quantity, unit) : "Default Title",
        sku: `CPT-${String(sequence).padStart(6, "0")}-${index + 1}`,
        barcode: ean13(`376${String(random.int(0, 999_999_999)).padStart(9, "0")}`),
        priceCents,
        compareAtPriceCents,
        availableForSale: !outOfStock,
        quantityAvailable: outOfStock ? 0 : random.int(3, 240),
      };
    });
    return { perUnit, discount, variants };
  }

  /**
   * A product cut to order at the counter (platform/sold-by-weight.ts): 250 g, 500 g and 1 kg at
   * one price per kilogram, the price per unit the catalogue's stream drew for its formats (whose
   * draws all stay in place, so every other product is as it was). Barcodes and stock come from
   * a stream of the product's own.
   */
  function weighedVariants(drawn: { perUnit: number; discount: number }, index: number) {
    const own = createRandom(deriveSeed(index, "weights"));
    const perKgCents = shopPrice(drawn.perUnit);
    const compareKgCents =
      drawn.discount > 0 ? shopPrice(perKgCents / 100 / (1 - drawn.discount / 100)) : null;
    const variants = STANDARD_WEIGHTS.map((grams, position): VariantInput & { format: Format } => {
      const outOfStock = own.chance(RATES.outOfStockVariant);
      return {
        format: grams >= 1000 ? [grams / 1000, "kg"] : [grams, "g"],
        title: weightLabel(grams),
        sku: `CPT-${String(sequence).padStart(6, "0")}-${position + 1}`,
        barcode: ean13(`376${String(own.int(0, 999_999_999)).padStart(9, "0")}`),
        priceCents: weightPriceCents(perKgCents, grams),
        compareAtPriceCents:
          compareKgCents === null ? null : weightPriceCents(compareKgCents, grams),
        availableForSale: !outOfStock,
        quantityAvailable: outOfStock ? 0 : own.int(3, 240),
      };
    });
    return { perKgCents, variants };
  }

  function formatsFor(leaf: Leaf, name: Name): Format[] {
    const formats = name.formats ?? leaf.traits.formats ?? [[1, "pièce"]];
    if (formats.length > 1 && random.chance(RATES.severalVariants)) {
      const count = random.int(2, Math.min(3, formats.length));
      return random
        .shuffle(formats)
        .slice(0, count)
        .sort((a, b) => baseAmount(...a).amount - baseAmount(...b).amount);
    }
    return [random.pick(formats)];
  }

  function tagsFor(leaf: Leaf): string[] {
    const tags: string[] = [];
    if (random.chance(RATES.archive)) tags.push("Archive");
    if (random.chance(RATES.unavailable)) tags.push("unavailable");
    const fresh = FRESH.has(leaf.top);
    if (random.chance(fresh ? RATES.clickCollectFresh : RATES.clickCollectOther)) {
      tags.push("isClickCollectOnly");
    }
    if (leaf.top === "traiteur") tags.push("restauration");
    if (random.chance(RATES.province)) tags.push("isProvince");
    if (leaf.top === "cave") tags.push("ageLimit");
    return tags;
  }

  /** From the ingredients where the product has a list of its own, else as its category declares. */
  function allergensFor(leaf: Leaf, name: Name, ingredients: string | undefined) {
    const declared = name.allergens ?? leaf.traits.allergens ?? [];
    const contains =
      ingredients === undefined || leaf.traits.assorted
        ? [...declared]
        : composition(leaf, ingredients).allergens;
    const traces = someOf(
      (leaf.traits.traces ?? []).filter((key) => !contains.includes(key)),
      0.35,
    ).slice(0, 2);
    return { contains, traces, alert: allergenAlert(contains, traces) };
  }

  /**
   * The diets the category claims for its products, less those the ingredients rule out (meat,
   * fish, rennet or gelatine: not vegetarian; any animal product: not vegan…) and those the
   * allergens or their traces rule out. A product without its own list claims none.
   */
  function dietsFor(
    leaf: Leaf,
    ingredients: string | undefined,
    allergens: { contains: readonly AllergenKey[]; traces: readonly AllergenKey[] },
  ): DietKey[] {
    if (ingredients === undefined || leaf.traits.assorted) return [];
    const excluded = new Set(composition(leaf, ingredients).excludedDiets);
    const all = [...allergens.contains, ...allergens.traces];
    if (all.includes("gluten")) excluded.add("sans-gluten");
    if (all.includes("lait")) excluded.add("sans-lactose");
    const diets = (leaf.traits.diets ?? []).filter(
      (diet) =>
        !excluded.has(diet) &&
        random.chance(diet === "halal" || diet === "casher" ? RATES.rareDiet : RATES.diet),
    );
    if (diets.includes("vegan") && !diets.includes("vegetarien") && !excluded.has("vegetarien")) {
      diets.unshift("vegetarien");
    }
    return diets;
  }

  function labelsFor(leaf: Leaf, title: string): LabelKey[] {
    const labels = LABELS_IN_TITLES.flatMap(([pattern, label]) =>
      pattern.test(title) ? [label] : [],
    );
    const stated = new Set<LabelKey>(["aop", "igp", "aoc", "label-rouge", "stg"]);
    for (const label of leaf.traits.labels ?? []) {
      // A name states its appellation itself; others come with some products only.
      if (!stated.has(label) && !labels.includes(label) && random.chance(RATES.extraLabel)) {
        labels.push(label);
      }
    }
    return labels.slice(0, 3);
  }

  /**
   * The declaration, or why there is none. Five values come from the catalogue's stream, in the
   * order they always have (so every later product of the demo catalogue stays as it was); the
   * share of sugars from a stream of the product's own. Fat, carbohydrate, protein and salt never
   * add up to more than 100 g.
   */
  function nutritionFor(leaf: Leaf, index: number): ProductMetafieldValues {
    const nutrition = leaf.traits.nutrition;
    if (!nutrition) return {};
    if ("exempt" in nutrition) return { nutrition_exemption: nutrition.exempt };
    const drawn = {
      proteins: between(nutrition.proteins),
      lipids: between(nutrition.lipids),
      saturated: between(nutrition.saturated),
      glucids: between(nutrition.glucids),
      salt: between(nutrition.salt),
    };
    const sugars = createRandom(deriveSeed(index, "sugars")).next();
    const total = drawn.proteins + drawn.lipids + drawn.glucids + drawn.salt;
    const scale = total > MAX_NUTRIENT_GRAMS ? MAX_NUTRIENT_GRAMS / total : 1;
    const glucids = drawn.glucids * scale;
    const [least, most] = nutrition.sugars;
    return nutritionFields({
      lipids: drawn.lipids * scale,
      saturates: drawn.lipids * scale * drawn.saturated,
      glucids,
      sugars: glucids * (least + sugars * (most - least)),
      proteins: drawn.proteins * scale,
      salt: drawn.salt * scale,
    });
  }

  function descriptionFor(leaf: Leaf, brand: BrandRef, origin: string) {
    const own = random.pick(leaf.traits.sentences ?? leaf.topSentences);
    const others = leaf.topSentences.filter((sentence) => sentence !== own);
    const sentences = [own];
    if (others.length > 0) sentences.push(random.pick(others));
    if (random.chance(0.7)) {
      sentences.push(brandSentence(random.pick(BRAND_SENTENCES), brand.name, origin));
    }
    if (brand.artisan && random.chance(0.5)) {
      sentences.push(endSentence(`${brand.name} fait partie des artisans partenaires de Comptoir`));
    }
    const serving = leaf.traits.serving;
    if (serving && sentences.length < 4 && random.chance(0.6)) sentences.push(random.pick(serving));
    if (sentences.length < 2) sentences.push(endSentence(`Une sélection ${brand.name}`));
    return sentences.slice(0, 4);
  }

  function imagesFor(
    leaf: Leaf,
    kind: PictureKind,
    picture: { title: string; handle: string; index: number },
  ) {
    const { title, handle, index } = picture;
    // Pooled by leaf and kind: a yoghurt never borrows a butter's picture.
    const poolKey = `${leaf.index}:${kind}`;
    const pool = imagePool.get(poolKey) ?? [];
    if (index >= demoCount && pool.length > 0) {
      const reused = pool[random.int(0, pool.length - 1)] ?? [];
      return {
        images: reused.map((image, n) => ({
          ...image,
          altText: `${title}${IMAGE_VIEWS[n] ?? ""}`,
        })),
        files: [],
      };
    }
    const images: ImageInput[] = [];
    const files: FileRow[] = [];
    const count = random.int(1, 4);
    for (let n = 1; n <= count; n++) {
      const picture = renderProductSvg({
        title,
        category: leaf.top,
        kind,
        seed: random.int(1, 2 ** 31 - 1),
      });
      const path = `products/${handle}-${n}.svg`;
      images.push({
        url: imageUrlOf(path),
        altText: `${title}${IMAGE_VIEWS[n - 1] ?? ""}`,
        width: picture.width,
        height: picture.height,
      });
      files.push(svgFile(path, picture, now));
    }
    pool.push(images);
    imagePool.set(poolKey, pool);
    return { images, files };
  }

  return () => {
    sequence += 1;
    const index = sequence - 1;
    const leaf = nextLeaf();
    const name = pickName(leaf);
    const drawn = random.pick(name.qualifiers ?? [""]);
    const brands = brandsByLeaf.get(leaf.index) ?? brandsOfLeaf(leaf, refs);
    brandsByLeaf.set(leaf.index, brands);
    const brand = random.pick(brands);
    const { title, handle, qualifier } = uniqueTitle(name, drawn, brand.name);
    const formats = formatsFor(leaf, name);
    const priced = variantsFor(leaf, name, formats);
    const weighed = leaf.traits.soldByWeight ? weighedVariants(priced, index) : null;
    const variants = weighed?.variants ?? priced.variants;
    const [quantity, unit] = (variants[0]?.format ?? formats[0]) as Format;
    const first = variants[0] as VariantInput;
    const origin = name.origin ?? random.pick(leaf.traits.origins ?? ["France"]);
    const ingredients = ingredientsFor(leaf, name, qualifier, title);
    const allergens = allergensFor(leaf, name, ingredients);
    const diets = dietsFor(leaf, ingredients, allergens);
    const labels = labelsFor(leaf, title);
    const discount =
      first.compareAtPriceCents != null
        ? Math.round((1 - first.priceCents / first.compareAtPriceCents) * 100)
        : 0;
    const alcohol = leaf.traits.alcohol;

    const metafields: ProductMetafieldValues = {
      marque: brand.gid,
      quantity: frenchDecimal(quantity),
      unit,
      quantitiesUnit: quantityLabel(quantity, unit),
      origin,
      ...(discount > 0 ? { discountLabel: `-${discount} %` } : {}),
      ...(random.chance(RATES.gamme) ? { gamme: random.pick(GAMMES) } : {}),
      ...(name.maxQuantity !== undefined
        ? { max_quantity: name.maxQuantity }
        : random.chance(RATES.maxQuantity)
          ? { max_quantity: random.pick([3, 6]) }
          : {}),
      ...(alcohol
        ? { alcohol: `${frenchDecimal(Math.round(between(alcohol) * 2) / 2)} % vol.` }
        : {}),
      ...(ingredients ? { ingredients_composition: emphasiseAllergens(ingredients) } : {}),
      ...nutritionFor(leaf, index),
      conservation_text: random.pick(leaf.traits.conservation ?? ["À conserver au frais."]),
      ...(leaf.traits.durability ? { durability_text: leaf.traits.durability } : {}),
      allergens: allergens.contains.map((key) => refs.allergens[key]),
      ingredients_alertDetails: allergens.alert,
      regimes: diets.map((key) => refs.diets[key]),
      labelsDetails: labels.map((key) => refs.labels[key]),
      ...(random.chance(RATES.hideInSearch) ? { hideInSearch: true } : {}),
      vat_rate: vatRateValue(name.vat ?? leaf.traits.vat ?? DEFAULT_VAT_RATE),
      ...(weighed ? soldByWeightFields(weighed.perKgCents) : {}),
    };

    const sentences = descriptionFor(leaf, brand, origin);
    const kind = name.picture ?? RECIPES[name.name]?.picture ?? leaf.picture;
    const { images, files } = imagesFor(leaf, kind, { title, handle, index });
    const createdAt = new Date(now.getTime() - random.int(0, 540) * DAY - random.int(0, DAY - 1));
    const updatedAt = new Date(
      Math.min(now.getTime(), createdAt.getTime() + random.int(0, 60) * DAY),
    );

    const input: ProductInput = {
      handle,
      title,
      vendor: brand.name,
      productType: leaf.title,
      descriptionHtml: `<p>${sentences.join(" ")}</p>`,
      tags: tagsFor(leaf),
      seo: {
        title: title.endsWith(brand.name) ? title : `${title} – ${brand.name}`,
        description: (sentences[0] ?? "").slice(0, 160),
      },
      variants: variants.map(({ format: _format, ...variant }) => variant),
      images,
      metafields,
      createdAt,
      updatedAt,
      publishedAt: createdAt,
    };
    return { leaf, input, files };
  };
}

/** A description's sentence on the brand: « Une référence Maison Dupont, origine : France. » */
export function brandSentence(template: string, brand: string, origin: string): string {
  return endSentence(fill(template, { brand, origin }));
}

/** A list of ingredients with one more: `("Lait, sel.", "truffe")` → `Lait, sel, truffe.` */
export function withIngredient(ingredients: string, added: string): string {
  return endSentence(
    `${ingredients.trim().replace(/\.$/, "")}, ${added.trim().replace(/\.$/, "")}`,
  );
}

/** « Contient : lait et œufs. Peut contenir des traces de fruits à coque. », or empty. */
export function allergenAlert(
  contains: readonly AllergenKey[],
  traces: readonly AllergenKey[],
): string {
  return [
    contains.length > 0 ? endSentence(`Contient : ${wordList(contains)}`) : "",
    traces.length > 0 ? endSentence(`Peut contenir des traces de ${wordList(traces)}`) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function wordList(keys: readonly AllergenKey[]): string {
  const words = keys.map((key) => ALLERGEN_WORDS[key]);
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} et ${words.at(-1)}`;
}

/** Fills `{key}` placeholders; `{title}` and `{name}` inside a sentence start with a small letter. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, key: string, offset: number) => {
    const value = values[key] ?? "";
    const inside = (key === "title" || key === "name") && offset > 0;
    return inside ? value.charAt(0).toLowerCase() + value.slice(1) : value;
  });
}
