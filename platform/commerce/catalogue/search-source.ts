import { type SQL, sql } from "drizzle-orm";
import type { CatalogueSource, SearchProductFilter } from "#platform/search/index.ts";
import { commerceOrder, commerceOrderLine } from "../orders/schema.ts";
import { priceCents } from "./listing.ts";
import {
  commerceCollection,
  commerceCollectionProduct,
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
  commerceProductFilterValue,
} from "./schema.ts";

/** Tags that drive behaviour (storefront.md §3) rather than describe the product. */
const TECHNICAL_TAGS = [
  "archive",
  "unavailable",
  "isclickcollectonly",
  "restauration",
  "agelimit",
  "isprovince",
];

/**
 * A diet, label or allergen as one search token (`regimevegan0`, `labelab0`, `allergenelait0`):
 * the key's kind, the metaobject's handle without punctuation, and a digit that keeps the
 * search module's folding off it (platform/search/intents.ts).
 */
const FACET_PREFIX = sql`case fv.key when 'regimes' then 'regime' when 'labelsDetails' then 'label'
  else 'allergene' end`;

/**
 * The catalogue as the search index reads it (platform/search/catalogue-source.ts): what is
 * searchable, under which words. Archived products, products hidden from search and archived
 * categories (`category_archived`) are not; brands (`produit_marque`) are `artisan` when
 * `is_artisan` is true, `marque` otherwise.
 */
export const catalogueSearchSource: CatalogueSource = {
  products: (ids) => sql`
    select p.id, p.handle, p.title, p.vendor,
      concat_ws(' ', nullif(p.product_type, ''), (
        select string_agg(tag, ' ') from unnest(p.tags) as tag
        where lower(tag) <> all(array(select jsonb_array_elements_text(
          ${JSON.stringify(TECHNICAL_TAGS)}::jsonb)))
      )) as tags,
      ${plainText(sql`p.description_html`)} as body,
      coalesce(place.category, '') as category,
      coalesce(place.ancestors, '') as ancestors,
      coalesce((
        select string_agg(${FACET_PREFIX} || regexp_replace(lower(o.handle), '[^a-z0-9]', '', 'g')
          || '0', ' ' order by fv.key, o.handle)
        from ${commerceProductFilterValue} fv
          join ${commerceMetaobject} o on fv.value = 'gid://shopify/Metaobject/' || o.id::text
        where fv.product_id = p.id and fv.namespace = 'custom'
          and fv.key in ('regimes', 'labelsDetails', 'allergens')
      ), '') as facets
    from ${commerceProduct} p
      left join lateral (
        -- Its own categories are those of its collections no other of its collections is under.
        select
          string_agg(c.title, ' ; ' order by c.id) filter (where not c.has_child) as category,
          string_agg(c.title, ' ; ' order by c.id) filter (where c.has_child) as ancestors
        from (
          select c.id, c.title, exists (
            select 1 from ${commerceCollectionProduct} mine
              join ${commerceMetafield} parent on parent.owner_type = 'COLLECTION'
                and parent.owner_id = mine.collection_id and parent.namespace = 'custom'
                and parent.key = 'category_parent' and parent.value = c.handle
            where mine.product_id = p.id
          ) as has_child
          from ${commerceCollectionProduct} cp
            join ${commerceCollection} c on c.id = cp.collection_id
          where cp.product_id = p.id
        ) as c
      ) as place on true
    where p.id = any(${ids}) and not p.archived and not p.hide_in_search`,

  collections: (ids) => sql`
    select c.id, c.handle, c.title, ${plainText(sql`c.description_html`)} as body
    from ${commerceCollection} c
    where c.id = any(${ids})
      and not exists (
        select 1 from ${commerceMetafield} m
        where m.owner_type = 'COLLECTION' and m.owner_id = c.id and m.namespace = 'custom'
          and m.key = 'category_archived' and m.value = 'true'
      )`,

  popularity: (ids, since) => sql`
    select p.id, ((case when p.available_for_sale then 1 else 0 end)
      + ln(1 + coalesce(sold.units, 0)))::real as boost
    from ${commerceProduct} p
      left join (
        select l.product_id, sum(l.quantity) as units
        from ${commerceOrderLine} l join ${commerceOrder} o on o.id = l.order_id
        where o.processed_at >= ${since} and o.cancelled_at is null
          ${ids ? sql`and l.product_id = any(${ids})` : sql``}
        group by l.product_id
      ) as sold on sold.product_id = p.id
    where ${ids ? sql`p.id = any(${ids})` : sql`true`}`,

  collectionProducts: (ids) => sql`
    select distinct cp.product_id as id from ${commerceCollectionProduct} cp
    where cp.collection_id = any(${ids})`,

  brands: (ids) => sql`
    select o.id, o.handle,
      case when field.is_artisan = 'true' then 'artisan' else 'marque' end as kind,
      coalesce(nullif(btrim(field.name), ''), o.handle) as title
    from ${commerceMetaobject} o
      cross join lateral (
        select max(f ->> 'value') filter (where f ->> 'key' = 'name') as name,
          max(f ->> 'value') filter (where f ->> 'key' = 'is_artisan') as is_artisan
        from jsonb_array_elements(o.fields) as f
      ) as field
    where o.id = any(${ids}) and o.type = 'produit_marque'`,

  all: {
    products: sql`select id from ${commerceProduct}`,
    collections: sql`select id from ${commerceCollection}`,
    brands: sql`select id from ${commerceMetaobject} where type = 'produit_marque'`,
  },

  productFacts: {
    join: (ref) => sql`join ${commerceProduct} search_product on search_product.id = ${ref}`,
    price: sql`search_product.price_min_cents`,
    condition: productCondition,
  },
};

function productCondition(filter: SearchProductFilter) {
  if (filter.available != null) {
    return {
      kind: "available",
      condition: sql`search_product.available_for_sale = ${filter.available}`,
    };
  }
  if (filter.price) {
    const { min, max } = filter.price;
    return {
      kind: "price",
      condition: sql`(${min == null ? sql`true` : sql`search_product.price_min_cents >= ${priceCents(min)}`}
        and ${max == null ? sql`true` : sql`search_product.price_min_cents <= ${priceCents(max)}`})`,
    };
  }
  if (filter.productVendor != null) {
    return { kind: "vendor", condition: sql`search_product.vendor = ${filter.productVendor}` };
  }
  if (filter.productType != null) {
    return {
      kind: "productType",
      condition: sql`search_product.product_type = ${filter.productType}`,
    };
  }
  if (filter.tag != null) {
    return { kind: "tag", condition: sql`search_product.tags @> array[${filter.tag}]::text[]` };
  }
  if (filter.productMetafield) {
    const { namespace, key, value } = filter.productMetafield;
    return {
      kind: `metafield.${namespace}.${key}`,
      condition: sql`exists (select 1 from ${commerceProductFilterValue} fv
        where fv.product_id = search_product.id and fv.namespace = ${namespace}
          and fv.key = ${key} and fv.value = ${value})`,
    };
  }
  return undefined;
}

/**
 * HTML to searchable text: tags become spaces; accented-letter entities (`&eacute;`) become
 * their base letter, which is what unaccent would have made of them; other entities a space.
 */
function plainText(html: SQL): SQL {
  return sql`btrim(regexp_replace(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(${html}, '<[^>]*>', ' ', 'g'),
        '&([a-zA-Z])(acute|grave|circ|uml|cedil|tilde|ring|slash);', '\\1', 'g'),
      '&(oelig|OElig);', 'oe', 'g'),
    '&(amp|#38);', '&', 'g'),
  '(&[a-zA-Z0-9#]+;|\\s)+', ' ', 'g'))`;
}
