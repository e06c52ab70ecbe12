/**
 * A product's options as the Storefront API shows them, derived from its variants (the catalogue
 * stores no option rows): a product with one unnamed variant has Shopify's single option
 * `Title` / `Default Title`; a product sold in several formats (250 g, 500 g, 1 kg) has one option,
 * `Format` (the name the product page gives the choice), whose values are the variants' titles.
 * Also: matching a buyer's selected options to a variant, and Shopify's `v1_` encoding of which
 * option-value combinations exist or are available (`encodedVariantExistence`).
 */

export const DEFAULT_OPTION_NAME = "Title";
export const DEFAULT_VARIANT_TITLE = "Default Title";
export const FORMAT_OPTION_NAME = "Format";

/** What the options need of a variant; variants come in position order. */
export type OptionVariant = { id: number; title: string; availableForSale: boolean };

export type ProductOptionValues = {
  name: string;
  /** Distinct values, in the order of the variants that first use them. */
  values: string[];
};

export type SelectedOption = { name: string; value: string };

export type MatchRules = { ignoreUnknownOptions: boolean; caseInsensitiveMatch: boolean };

/** The product's options. */
export function productOptions(variants: readonly OptionVariant[]): ProductOptionValues[] {
  const titles = [...new Set(variants.map((variant) => variant.title))];
  if (titles.length === 0 || (titles.length === 1 && titles[0] === DEFAULT_VARIANT_TITLE)) {
    return [{ name: DEFAULT_OPTION_NAME, values: [DEFAULT_VARIANT_TITLE] }];
  }
  return [{ name: FORMAT_OPTION_NAME, values: titles }];
}

/** The option values a variant stands for, by option. */
export function selectedOptionsOf(
  variant: OptionVariant,
  variants: readonly OptionVariant[],
): SelectedOption[] {
  const [option] = productOptions(variants);
  return option ? [{ name: option.name, value: variant.title }] : [];
}

/** A variant's option values as positions in `productOptions(variants)`. */
function positionsOf(variant: OptionVariant, options: readonly ProductOptionValues[]): number[] {
  return options.map((option) => Math.max(0, option.values.indexOf(variant.title)));
}

const same = (a: string, b: string, rules: MatchRules) =>
  rules.caseInsensitiveMatch ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * The variants that have every selected option, and how many of the product's options the
 * selection names; null when it names an option the product lacks and `ignoreUnknownOptions` is
 * off.
 */
function matching<V extends OptionVariant>(
  variants: readonly V[],
  selected: readonly SelectedOption[],
  rules: MatchRules,
): { variants: V[]; named: number } | null {
  const options = productOptions(variants);
  const wanted: { option: number; value: string }[] = [];
  for (const choice of selected) {
    const option = options.findIndex((candidate) => same(candidate.name, choice.name, rules));
    if (option === -1) {
      if (rules.ignoreUnknownOptions) continue;
      return null;
    }
    wanted.push({ option, value: choice.value });
  }
  const found = variants.filter((variant) => {
    const values = selectedOptionsOf(variant, variants);
    return wanted.every((want) => same(values[want.option]?.value ?? "", want.value, rules));
  });
  return { variants: found, named: new Set(wanted.map((want) => want.option)).size };
}

/** `variantBySelectedOptions`: the variant with exactly these options (all of them named). */
export function variantBySelectedOptions<V extends OptionVariant>(
  variants: readonly V[],
  selected: readonly SelectedOption[],
  rules: MatchRules,
): V | null {
  const found = matching(variants, selected, rules);
  if (!found || found.named < productOptions(variants).length) return null;
  return found.variants[0] ?? null;
}

/**
 * `selectedOrFirstAvailableVariant`: the first available variant among those the selection
 * matches (the first of them when none is available), else the product's first available
 * variant, else its first.
 */
export function selectedOrFirstAvailableVariant<V extends OptionVariant>(
  variants: readonly V[],
  selected: readonly SelectedOption[] | null | undefined,
  rules: MatchRules,
): V | null {
  const found = selected?.length ? matching(variants, selected, rules) : null;
  const candidates = found && found.named > 0 && found.variants.length > 0 ? found.variants : [];
  return (
    candidates.find((variant) => variant.availableForSale) ??
    candidates[0] ??
    variants.find((variant) => variant.availableForSale) ??
    variants[0] ??
    null
  );
}

/**
 * `adjacentVariants`: the variants whose options differ by exactly one value from the selected
 * (or first available) variant's, by id.
 */
export function adjacentVariants<V extends OptionVariant>(
  variants: readonly V[],
  selected: readonly SelectedOption[] | null | undefined,
  rules: MatchRules,
): V[] {
  const from = selectedOrFirstAvailableVariant(variants, selected, rules);
  if (!from) return [];
  const options = productOptions(variants);
  const origin = positionsOf(from, options);
  return variants
    .filter((variant) => {
      const positions = positionsOf(variant, options);
      return positions.filter((position, index) => position !== origin[index]).length === 1;
    })
    .sort((a, b) => a.id - b.id);
}

/** `encodedVariantExistence`: every variant's option-value combination. */
export function encodedVariantExistence(variants: readonly OptionVariant[]): string {
  const options = productOptions(variants);
  return encodeOptionValues(
    variants.map((variant) => positionsOf(variant, options)),
    options.length,
  );
}

/** `encodedVariantAvailability`: the combinations of the variants available for sale. */
export function encodedVariantAvailability(variants: readonly OptionVariant[]): string {
  const options = productOptions(variants);
  return encodeOptionValues(
    variants
      .filter((variant) => variant.availableForSale)
      .map((variant) => positionsOf(variant, options)),
    options.length,
  );
}

/**
 * Shopify's `v1_` encoding of option-value combinations (as hydrogen-react's
 * `decodeEncodedVariant` reads it): a trie of value positions, `:` going one option deeper, `,`
 * closing a prefix, and the last option's values as ranges (`0-2`) separated by spaces.
 * `[[0,0,0],[0,1,0],[0,1,1]]` is `v1_0:0:0,1:0-1,,`.
 */
export function encodeOptionValues(combinations: readonly number[][], optionCount: number): string {
  const level = (rows: readonly number[][], depth: number): string => {
    const values = [...new Set(rows.map((row) => row[depth] ?? 0))].sort((a, b) => a - b);
    if (depth === optionCount - 1) return ranges(values);
    return values
      .map((value) => {
        const below = rows.filter((row) => (row[depth] ?? 0) === value);
        return `${value}:${level(below, depth + 1)},`;
      })
      .join("");
  };
  return `v1_${combinations.length === 0 || optionCount === 0 ? "" : level(combinations, 0)}`;
}

/** `[0, 1, 2, 4]` → `0-2 4`. */
function ranges(values: readonly number[]): string {
  const parts: string[] = [];
  let start = 0;
  while (start < values.length) {
    let end = start;
    while (end + 1 < values.length && values[end + 1] === (values[end] ?? 0) + 1) end += 1;
    parts.push(end > start ? `${values[start]}-${values[end]}` : String(values[start]));
    start = end + 1;
  }
  return parts.join(" ");
}
