import { slugify } from "#app/lib/slug.ts";
import { BANNER_SIZE, type PictureKind, PRODUCT_SIZE } from "#platform/commerce/index.ts";
import { bundlePrice } from "#platform/content/index.ts";
import { type ArtisanStory, BRANDS } from "#seed/catalogue/brands.ts";
import { countInWords, describeCategory } from "#seed/catalogue/claims.ts";
import { brandPicture } from "#seed/catalogue/pictures.ts";
import type { TreeNode } from "#seed/catalogue/tree.ts";
import { type ContentBuilder, type Link, svgAsset } from "#seed/content/builder.ts";
import type { CatalogueProduct } from "#seed/content/catalogue-data.ts";
import { FIRST_BUNDLE_MENU_ITEM_ID, menuItemIds } from "#seed/content/menu-items.ts";
import { richText } from "#seed/content/rich-text.ts";
import type { Random } from "#seed/random.ts";

/**
 * The demo content's catalogue side: brand and artisan pages, a content-side product for every
 * catalogue product (with its ordering menu item for restauration ones), the bundle, and the
 * category pages with their pushes and merchandising; and the ids that link entries to them.
 */

export type Context = { products: CatalogueProduct[]; random: Random; now: Date };

export const entryLink = (id: string): Link => ({ sys: { type: "Link", linkType: "Entry", id } });
export const categoryId = (handle: string) => `category-${handle}`;
export const productId = (product: CatalogueProduct) => `product-${product.id}`;
export const brandId = (slug: string) => `brand-${slug}`;
export const artisanId = (slug: string) => `artisan-${slug}`;
export const cmsId = (slug: string) => `cms-${slug}`;
// ---------------------------------------------------------------------------------------------
// Brands and artisans

export function addBrands(
  content: ContentBuilder,
  {
    products,
    picture,
  }: {
    products: CatalogueProduct[];
    picture: (id: string, title: string, category: string, kind: PictureKind) => Link;
  },
) {
  const slugs = new Map<string, { slug: string; top: string; artisan: boolean }>();
  for (const [top, brands] of Object.entries(BRANDS)) {
    for (const brand of brands) {
      const slug = slugify(brand.name);
      slugs.set(brand.name, { slug, top, artisan: brand.artisan === true });
      const path = `brands/${slug}.svg`;
      const image = content.asset(`brand-image-${slug}`, brand.name, svgAsset(path, BANNER_SIZE));
      const made = products.filter((product) => product.vendor === brand.name).slice(0, 4);
      content.entry(brandId(slug), "pageMarque", {
        name: brand.name,
        slug,
        description: brandDescription(brand.name, brand.artisan ? brand.story : undefined),
        image,
        is_artisan: brand.artisan === true,
        selected_products: made.map((product) => entryLink(productId(product))),
        seoTitle: `${brand.name} | Comptoir`,
      });
      if (brand.artisan) {
        const story = brand.story;
        if (!story) throw new Error(`No story for the artisan ${brand.name}`);
        content.entry(artisanId(slug), "pageArtisan", {
          name: brand.name,
          slug,
          region: story.region,
          quote: story.quote,
          story: richText([
            `${brand.name} ${story.trade}. Installée ${story.where}, la maison travaille avec le Comptoir depuis plusieurs années.`,
            "Nous lui rendons visite chaque saison pour goûter les nouvelles productions et choisir ensemble celles qui rejoindront nos rayons.",
          ]),
          image: picture(`artisan-${slug}`, brand.name, top, brandPicture(brand, top)),
          images: [image],
          brand: entryLink(brandId(slug)),
          seoTitle: `${brand.name}, artisan partenaire | Comptoir`,
        });
      }
    }
  }
  return slugs;
}

function brandDescription(name: string, story: ArtisanStory | undefined): string {
  return story
    ? `${name}, artisan installé ${story.where}, ${story.trade}. Une maison que nous avons choisie pour la constance de son travail.`
    : `${name} rejoint les rayons du Comptoir avec une gamme choisie pour sa qualité et son goût.`;
}

// ---------------------------------------------------------------------------------------------
// Products

export function addProducts(
  content: ContentBuilder,
  {
    products,
    nodeByTitle,
    brandSlugs,
  }: {
    products: CatalogueProduct[];
    nodeByTitle: Map<string, TreeNode>;
    brandSlugs: Map<string, { slug: string }>;
  },
) {
  const menuIds = menuItemIds(
    products.filter((product) => product.tags.includes("restauration")).map((p) => p.handle),
  );
  for (const product of products) {
    const leaf = nodeByTitle.get(product.leafTitle);
    const brand = brandSlugs.get(product.vendor);
    const images = product.images.map((image, index) =>
      content.asset(`product-image-${product.id}-${index + 1}`, image.alt ?? product.title, {
        url: image.url,
        fileName: image.url.split("/").at(-1) ?? image.url,
        contentType: "image/svg+xml",
        ...(image.width && image.height
          ? { details: { image: { width: image.width, height: image.height } } }
          : {}),
      }),
    );
    const price = product.priceCents / 100;
    const menuItemId = menuIds.get(product.handle);
    content.entry(productId(product), "product", {
      name: product.title,
      slug: product.handle,
      manufacturer: brand ? entryLink(brandId(brand.slug)) : undefined,
      categories: leaf
        ? [...leaf.ancestors, leaf.handle].map((handle) => entryLink(categoryId(handle)))
        : [],
      regimes: product.regimes.map(({ slug, label }) => ({ slug, label })),
      allergens: product.allergens.map(({ slug, label }) => ({ slug, title: label })),
      labels: product.labels.map(({ slug, label }) => ({ slug, title: label })),
      images,
      short_description: firstSentence(product.description),
      prediscount_price: (product.compareAtCents ?? product.priceCents) / 100,
      isProvince: product.tags.includes("isProvince"),
      fd_content:
        menuItemId === undefined
          ? undefined
          : { MenuItemId: menuItemId, Price: price, ImageUrl: product.images[0]?.url ?? "" },
      tags: product.tags,
    });
  }
}

function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** The lunch bundle: three restauration products; its price is the sum of theirs. */
export function addBundle(content: ContentBuilder, products: CatalogueProduct[]) {
  const parts = products
    .filter((product) => product.tags.includes("restauration") && !product.archived)
    .sort((a, b) => a.handle.localeCompare(b.handle))
    .slice(0, 3);
  const prices = parts.map((product) => ({ fd_content: { Price: product.priceCents / 100 } }));
  const price = bundlePrice(prices);
  content.entry("bundle-formule-dejeuner", "product", {
    name: "Formule déjeuner du Comptoir",
    slug: "formule-dejeuner",
    categories: [entryLink(categoryId("traiteur"))],
    short_description: `${parts.map((product) => product.title).join(", ")} : ${countInWords(parts.length)} plats du traiteur réunis.`,
    prediscount_price: price,
    isProvince: false,
    fd_content: {
      MenuItemId: FIRST_BUNDLE_MENU_ITEM_ID,
      Price: price,
      ImageUrl: parts[0]?.images[0]?.url ?? "",
    },
    tags: ["restauration", "bundle"],
    images: parts[0]?.images[0]
      ? [{ sys: { type: "Link", linkType: "Asset", id: `product-image-${parts[0].id}-1` } }]
      : [],
    products_in_bundle: parts.map((product) => entryLink(productId(product))),
  });
}

// ---------------------------------------------------------------------------------------------
// Categories

export function addCategories(
  content: ContentBuilder,
  {
    tree,
    nodeByHandle,
    productsUnder,
  }: {
    tree: readonly TreeNode[];
    nodeByHandle: Map<string, TreeNode>;
    productsUnder: (handle: string) => CatalogueProduct[];
  },
) {
  const pushes = new Map<string, Link>();
  const liveByLeaf = new Map(
    tree
      .filter((node) => node.children.length === 0)
      .map((node) => [node.handle, productsUnder(node.handle).length]),
  );
  const ordered = [...tree].sort((a, b) => a.level - b.level);
  for (const [index, treeNode] of ordered.entries()) {
    const { node, handle, ancestors, children, level } = treeNode;
    const inCategory = productsUnder(handle);
    const pick = (from: number, count: number) =>
      inCategory.slice(from, from + count).map((product) => entryLink(productId(product)));
    const push = node.push
      ? content.entry(`push-${handle}`, "banner", {
          title: node.push.title,
          subtitle: node.push.subtitle,
          text: node.push.text,
          layout: node.push.layout,
          image: content.asset(
            `push-image-${handle}`,
            node.push.title,
            svgAsset(`collections/push-${handle}.svg`, BANNER_SIZE),
          ),
          mobile_image: content.asset(
            `push-mobile-image-${handle}`,
            node.push.title,
            svgAsset(`collections/push-${handle}-mobile.svg`, PRODUCT_SIZE),
          ),
          ...pathTarget(node.push.link, nodeByHandle),
        })
      : undefined;
    if (push) pushes.set(handle, push);
    const description = describeCategory(treeNode, nodeByHandle, liveByLeaf);
    const common = {
      title: node.title,
      slug: handle,
      description,
      sub_categories: children.map((child) => entryLink(categoryId(child.handle))),
      seoTitle: `${node.title} | Comptoir`,
      seoDescription: description.slice(0, 160),
    };
    if (level === 1) {
      content.entry(categoryId(handle), "pageCategorie", {
        ...common,
        image: content.asset(
          `category-image-${handle}`,
          node.title,
          svgAsset(`collections/${handle}.svg`, BANNER_SIZE),
        ),
        selected_products: pick(0, 4),
        category_archived: node.archived !== undefined,
        category_archived_text: node.archived,
        push,
        merchandising_products: pick(4, 4),
      });
    } else {
      const merchandised = level === 2 && index % 2 === 0;
      content.entry(categoryId(handle), "subCategory", {
        ...common,
        category: entryLink(categoryId(ancestors[0] ?? handle)),
        subcategory: level === 3 ? entryLink(categoryId(ancestors[1] ?? handle)) : undefined,
        selected_products: pick(0, 3),
        is_merchandising: merchandised,
        products_merchandising: merchandised ? pick(3, 3) : [],
      });
    }
  }
  return pushes;
}

/** A storefront path as a link target: the category entry it shows, else the path itself. */
function pathTarget(path: string, nodeByHandle: Map<string, TreeNode>) {
  const handle = /^\/c\/(?:[^/]+\/)*([^/]+)\/$/.exec(path)?.[1];
  return handle && nodeByHandle.has(handle)
    ? { internal_link: entryLink(categoryId(handle)) }
    : { external_link: path };
}
