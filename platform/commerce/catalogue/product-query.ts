import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  COMPARE,
  dateCondition,
  parseSearchQuery,
  type SearchNode,
  type SearchTerm,
} from "#platform/commerce/search-syntax.ts";
import { productWordsCondition } from "#platform/search/index.ts";

/**
 * A `products(query:)` of the Storefront API as a condition on `commerce_product p`: Shopify's
 * search syntax (search-syntax.ts) over the fields Shopify documents for products.
 *
 * - free text: the title, vendor, product type and tags, on the shop's French folding and
 *   synonyms (the search module);
 * - `title:` the title's words; `tag:` / `tag_not:` a tag, `vendor:`, `product_type:`,
 *   `handle:` the whole value, case and accents aside (a `*` prefix allowed);
 * - `available_for_sale:true|false`; `variants.price:` with comparisons, in euros;
 *   `created_at:` / `updated_at:` with comparisons, on a date or a date and time; `id:` with
 *   comparisons, a number or a gid; `sku:` / `barcode:` a variant's;
 * - `field:*`: the field has a value.
 *
 * A field Shopify does not know for products, or a value that cannot be read (a price of « abc »,
 * a date of « hier »), matches nothing, as does a query with no term: a query never lists the
 * whole catalogue by mistake.
 */

type Term = SearchTerm;

/** `column` equal to the value (or starting with it), case and accents aside. */
function sameText(column: SQL, term: Term): SQL {
  const folded = sql`search_unaccent(lower(${column}))`;
  const value = sql`search_unaccent(lower(${term.value}))`;
  return term.prefix ? sql`starts_with(${folded}, ${value})` : sql`${folded} = ${value}`;
}

function hasTag(term: Term): SQL {
  return sql`exists (select 1 from unnest(p.tags) as t(tag) where ${sameText(sql`t.tag`, term)})`;
}

/** A number in euros (`12`, `12.5`, `12,50`) as cents; undefined when it is not one. */
function cents(value: string): number | undefined {
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

function productId(value: string): number | undefined {
  const match = /^(?:gid:\/\/shopify\/Product\/)?(\d{1,10})$/.exec(value.trim());
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

const NOTHING = sql`false`;

/** A field that has a value (`field:*`). */
function exists(field: string): SQL {
  switch (field) {
    case "tag":
      return sql`cardinality(p.tags) > 0`;
    case "vendor":
      return sql`p.vendor <> ''`;
    case "product_type":
      return sql`p.product_type <> ''`;
    case "sku":
      return sql`exists (select 1 from commerce_variant v where v.product_id = p.id and v.sku <> '')`;
    case "barcode":
      return sql`exists (select 1 from commerce_variant v where v.product_id = p.id and v.barcode <> '')`;
    case "title":
    case "handle":
    case "id":
    case "created_at":
    case "updated_at":
    case "available_for_sale":
    case "variants.price":
      return sql`true`;
    default:
      return NOTHING;
  }
}

async function termCondition(db: Db, term: Term): Promise<SQL> {
  if (term.exists && term.field) return exists(term.field);
  const op = COMPARE[term.comparator];
  const equality = term.comparator === "=";
  switch (term.field) {
    case undefined:
      return productWordsCondition(db, sql`p.id`, term.value, {
        scope: "text",
        prefix: term.prefix,
      });
    case "title":
      return productWordsCondition(db, sql`p.id`, term.value, {
        scope: "title",
        prefix: term.prefix,
      });
    case "tag":
      return equality ? hasTag(term) : NOTHING;
    case "tag_not":
      return equality ? sql`not ${hasTag(term)}` : NOTHING;
    case "vendor":
      return equality ? sameText(sql`p.vendor`, term) : NOTHING;
    case "product_type":
      return equality ? sameText(sql`p.product_type`, term) : NOTHING;
    case "handle":
      return equality ? sameText(sql`p.handle`, term) : NOTHING;
    case "sku":
    case "barcode": {
      const column = term.field === "sku" ? sql`v.sku` : sql`v.barcode`;
      return equality
        ? sql`exists (select 1 from commerce_variant v where v.product_id = p.id
            and ${sameText(sql`coalesce(${column}, '')`, term)})`
        : NOTHING;
    }
    case "available_for_sale": {
      const value = term.value.toLowerCase();
      if (!equality || (value !== "true" && value !== "false")) return NOTHING;
      return value === "true" ? sql`p.available_for_sale` : sql`not p.available_for_sale`;
    }
    case "variants.price": {
      const price = cents(term.value);
      if (price === undefined) return NOTHING;
      return sql`exists (select 1 from commerce_variant v where v.product_id = p.id
        and v.price_cents ${op} ${price})`;
    }
    case "created_at":
    case "updated_at":
      return dateCondition(
        term.field === "created_at" ? sql`p.created_at` : sql`p.updated_at`,
        term,
      );
    case "id": {
      const id = productId(term.value);
      return id === undefined ? NOTHING : sql`p.id ${op} ${id}`;
    }
    default:
      return NOTHING;
  }
}

async function nodeCondition(db: Db, node: SearchNode): Promise<SQL> {
  switch (node.kind) {
    case "term":
      return termCondition(db, node);
    case "not":
      return sql`not coalesce((${await nodeCondition(db, node.node)}), false)`;
    case "and":
    case "or": {
      const parts = await Promise.all(node.nodes.map((child) => nodeCondition(db, child)));
      return sql`(${sql.join(parts, node.kind === "and" ? sql` and ` : sql` or `)})`;
    }
  }
}

/**
 * The condition a `search(query:)` asks for when it says more than words for the shop's search
 * to rank: a field, a connective other than AND, a negation, a quote or a prefix; undefined for
 * plain words (or none), which go to the search module: it ranks them and forgives typos, as
 * Shopify's search does.
 */
export async function searchSyntaxCondition(db: Db, query: string): Promise<SQL | undefined> {
  const node = parseSearchQuery(query);
  const plain = (child: SearchNode): boolean =>
    child.kind === "and"
      ? child.nodes.every(plain)
      : child.kind === "term" && !child.field && !child.prefix && !child.quoted;
  return node === null || plain(node) ? undefined : nodeCondition(db, node);
}

/**
 * The condition on `commerce_product p` that a `query` argument asks for; undefined when there
 * is no query at all (every product), `false` when it holds no term.
 */
export async function productQueryCondition(
  db: Db,
  query: string | null | undefined,
): Promise<SQL | undefined> {
  if (query === null || query === undefined || query.trim() === "") return undefined;
  const node = parseSearchQuery(query);
  return node ? nodeCondition(db, node) : NOTHING;
}
