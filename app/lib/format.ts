import { type MoneyAmount, toCents } from "#platform/format.ts";

/**
 * How the shop prints prices, quantities and texts (storefront.md §5, §9; DESIGN.md §6). Pure
 * helpers shared by the server render and the browser, so both print the same characters. The
 * price, time and date formatters live in the kernel (`platform/format.ts`, docs/formats.md),
 * shared with the emails and receipts; they are re-exported here.
 */

// Prices, times and dates have one formatter each, shared with the emails and receipts.
export {
  formatCents,
  formatDate,
  formatDateTime,
  formatMoney,
  formatSlot,
  formatSlotHours,
  formatTime,
  formatTimeRange,
  formatUnitPrice,
  type MoneyAmount,
  toCents,
} from "#platform/format.ts";

/**
 * The previous (compare-at) price to show, or null: only when it is above the current price and
 * not zero (storefront.md §5).
 */
export function previousPrice(
  price: MoneyAmount | null | undefined,
  compareAt: MoneyAmount | null | undefined,
): number | null {
  const before = toCents(compareAt);
  return before > 0 && before > toCents(price) ? before : null;
}

const PLURAL_UNITS = new Set(["part", "pièce"]);

/**
 * A quantity and its unit, `part` and `pièce` in the plural above 1 (`6 pièces`, `1 part`,
 * `250 g`). Decimals use a comma; the quantity may come as the API's text (`"1,5"`).
 */
export function formatQuantity(quantity: number | string | null | undefined, unit: string): string {
  const amount =
    typeof quantity === "number" ? quantity : Number(String(quantity ?? "").replace(",", "."));
  const cleanUnit = unit.trim();
  if (!Number.isFinite(amount) || String(quantity ?? "").trim() === "") return cleanUnit;
  const plural = amount > 1 && PLURAL_UNITS.has(cleanUnit) ? "s" : "";
  const printed = String(Math.round(amount * 100) / 100).replace(".", ",");
  return cleanUnit === "" ? printed : `${printed} ${cleanUnit}${plural}`;
}

/** Plain text of an HTML fragment: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Cuts a text to at most `max` characters at a word boundary and adds an ellipsis; a text that
 * fits comes back as it is. A single word longer than `max` is cut inside it.
 */
export function truncateWords(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, Math.max(0, max - 1));
  const boundary = room.lastIndexOf(" ");
  const cut = boundary > 0 ? room.slice(0, boundary) : room;
  return `${cut.replace(/[\s,;:.–-]+$/, "")}…`;
}

/** About the length search engines show of a description (storefront issue: SEO). */
export const SEO_DESCRIPTION_LENGTH = 156;

/**
 * A meta description from any text or HTML: the whole text when it fits in `max` characters,
 * else cut after the last full sentence that fits, else at a word boundary with an ellipsis.
 */
export function seoDescription(textOrHtml: string, max = SEO_DESCRIPTION_LENGTH): string {
  const text = plainText(textOrHtml);
  if (text.length <= max) return text;
  const room = text.slice(0, max + 1);
  let end = -1;
  for (const match of room.matchAll(/[.!?…](?=\s|$)/g)) {
    if (match.index < max) end = match.index + 1;
  }
  // A sentence end too early would leave a stub: prefer the word cut then.
  if (end >= max / 3) return text.slice(0, end).trim();
  return truncateWords(text, max);
}

/**
 * A text ended once as a sentence: a full stop is added unless the text already ends with one
 * (`13,5 % vol.`, an abbreviation's), or with `!`, `?` or `…`. Every sentence the shop builds
 * from data (« Teneur en alcool : 13,5 % vol. », « Contient : lait. ») ends through it, so that
 * none ends twice. An empty text stays empty.
 */
export function endSentence(text: string): string {
  const clean = text.trim();
  if (clean === "") return "";
  return /[.!?…]$/.test(clean) ? clean : `${clean}.`;
}

/** A search term as the search page uses it: trimmed, spaces collapsed, lower-cased. */
export function normaliseSearchTerm(term: string | null | undefined): string {
  return (term ?? "").replace(/\s+/g, " ").trim().toLowerCase();
}
