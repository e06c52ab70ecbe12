import { type PictureKind, renderBannerSvg, renderProductSvg } from "#platform/commerce/index.ts";
import { contentAsset, contentEntry } from "#platform/content/tables.ts";
import { CATEGORIES } from "#seed/catalogue/categories.ts";
import { insertFiles } from "#seed/catalogue/files.ts";
import { buildTree } from "#seed/catalogue/tree.ts";
import { type ContentBuilder, createContentBuilder } from "#seed/content/builder.ts";
import { readCatalogue } from "#seed/content/catalogue-data.ts";
import {
  addBrands,
  addBundle,
  addCategories,
  addProducts,
  type Context,
  cmsId,
  entryLink,
} from "#seed/content/catalogue-entries.ts";
import { ERROR_PAGES, PRODUCT_STATUS_TEXTS, REASSURANCE } from "#seed/content/editorial.ts";
import { CMS_PAGES } from "#seed/content/legal.ts";
import { addFooter, addMenu } from "#seed/content/navigation-entries.ts";
import {
  addBlog,
  addFaq,
  addHomePage,
  addSeasonalPages,
  addShopPage,
} from "#seed/content/page-entries.ts";
import { richText } from "#seed/content/rich-text.ts";
import type { Seeder } from "#seed/seeder.ts";

/**
 * The content seeder: builds the demo content in memory (`buildDemoContent`, from the pieces in
 * `catalogue-entries.ts`, `page-entries.ts` and `navigation-entries.ts`) and writes it in
 * batches after the catalogue seeder.
 */

const ROWS_PER_STATEMENT = 200;

/** What each content picture shows, by entry id: « La cave » shows wine, a recipe its dish. */
const CONTENT_PICTURES: Readonly<Record<string, PictureKind>> = {
  "shop-fromagerie": "plateau-fromages",
  "shop-traiteur": "plat-cuisine",
  "shop-cave": "vin-rouge",
  "error-404": "panier",
  "error-500": "panier",
  "blog-category-recettes": "plat-cuisine",
  "blog-category-portraits": "panier",
  "blog-category-conseils": "vin-rouge",
  "blogpost-galette-des-rois-frangipane": "patisserie",
  "blogpost-veloute-de-potimarron-noisettes": "soupe",
  "blogpost-tartines-de-chevre-au-miel": "fromage-chevre",
  "blogpost-blanquette-de-veau-a-l-ancienne": "plat-cuisine",
  "blogpost-rencontre-avec-un-apiculteur": "miel",
  "blogpost-le-fromager-affineur": "fromage-pate-pressee",
  "blogpost-vigneronne-en-biodynamie": "vin-rouge",
  "blogpost-bien-conserver-ses-fromages": "plateau-fromages",
  "blogpost-accords-mets-et-vins-de-fete": "effervescent",
  "blogpost-composer-un-plateau-de-charcuterie": "saucisson",
  "blogpost-les-agrumes-d-hiver": "agrumes",
  "banner-noel": "effervescent",
  "banner-paques": "chocolat",
  "banner-apero-d-ete": "vin-rose",
  "banner-accueil": "plateau-fromages",
  "cta-retrait": "panier",
  "banner-artisans": "panier",
};

/** The subject of a content picture; every picture has one, so a new one must be listed. */
export function contentPicture(id: string): PictureKind {
  const kind = CONTENT_PICTURES[id] ?? (id.startsWith("reassurance-") ? "panier" : undefined);
  if (!kind) throw new Error(`No subject for the content picture ${id}`);
  return kind;
}

/**
 * The demo content (issue 5 §7), in French: menu, footer, home and seasonal pages with every
 * carousel kind, category pages with pushes and merchandising, brand and artisan pages, a
 * content-side product for every catalogue product (restauration ones with their ordering menu
 * item), a bundle, legal pages, FAQ, blog, store page, error pages and product status texts.
 * Runs after the catalogue seeder and links to what it wrote.
 */
export const contentSeeder: Seeder = {
  name: "content",
  tables: [contentEntry, contentAsset],
  async run(tx, random, context) {
    const products = await readCatalogue(tx);
    const content = createContentBuilder(context.now);
    buildDemoContent(content, { products, random, now: context.now });
    for (let start = 0; start < content.assets.length; start += ROWS_PER_STATEMENT) {
      await tx.insert(contentAsset).values(content.assets.slice(start, start + ROWS_PER_STATEMENT));
    }
    for (let start = 0; start < content.entries.length; start += ROWS_PER_STATEMENT) {
      await tx
        .insert(contentEntry)
        .values(content.entries.slice(start, start + ROWS_PER_STATEMENT));
    }
    await insertFiles(tx, content.files);
  },
};

/** Every entry and asset of the demo content, added to `content` in a fixed order. */
export function buildDemoContent(content: ContentBuilder, { products, random, now }: Context) {
  const seedOf = () => random.int(1, 2 ** 31 - 1);
  const banner = (id: string, title: string, subtitle?: string) =>
    content.image(
      id,
      title,
      `content/${id}.svg`,
      renderBannerSvg({ title, subtitle, seed: seedOf(), kind: contentPicture(id) }),
    );
  const picture = (id: string, title: string, category: string, kind = contentPicture(id)) =>
    content.image(
      id,
      title,
      `content/${id}.svg`,
      renderProductSvg({ title, category, seed: seedOf(), kind }),
    );

  const tree = buildTree(CATEGORIES);
  const nodeByTitle = new Map(tree.nodes.map((node) => [node.node.title, node]));
  const nodeByHandle = new Map(tree.nodes.map((node) => [node.handle, node]));
  const live = products.filter((product) => !product.archived);
  /** The live products of a category and all below it, in catalogue order. */
  const productsUnder = (handle: string) =>
    live.filter((product) => {
      const leaf = nodeByTitle.get(product.leafTitle);
      return leaf !== undefined && [...leaf.ancestors, leaf.handle].includes(handle);
    });

  // Status texts and the CMS pages first: much links to them.
  for (const [status, text] of Object.entries(PRODUCT_STATUS_TEXTS)) {
    content.entry(`status-${status}`, "product_status_text", { status, text });
  }
  for (const page of CMS_PAGES) {
    content.entry(cmsId(page.slug), "cms", {
      title: page.title,
      slug: page.slug,
      body: richText(page.lines),
      seoTitle: `${page.title} | Comptoir`,
      seoDescription: page.seoDescription,
    });
  }

  const brandSlugs = addBrands(content, { products: live, picture });
  addProducts(content, { products, nodeByTitle, brandSlugs });
  addBundle(content, products);
  const pushes = addCategories(content, { tree: tree.nodes, nodeByHandle, productsUnder });

  const blog = addBlog(content, { banner, now });
  const reassurance = REASSURANCE.map((item, index) =>
    content.entry(`reassurance-${index + 1}`, "reassurance_item", {
      title: item.title,
      text: item.text,
      icon: picture(`reassurance-${index + 1}`, item.title, "epicerie-salee"),
      internal_link: item.page ? entryLink(cmsId(item.page)) : undefined,
    }),
  );
  const shopImages = [
    banner("shop-fromagerie", "La fromagerie", "Nos magasins"),
    banner("shop-traiteur", "Le comptoir du traiteur", "Nos magasins"),
    banner("shop-cave", "La cave", "Nos magasins"),
  ];
  addShopPage(content, shopImages);
  addFaq(content);
  for (const page of ERROR_PAGES) {
    content.entry(`error-${page.code}`, "errorPage", {
      title: page.title,
      code: page.code,
      message: page.message,
      image: banner(`error-${page.code}`, page.title, `Erreur ${page.code}`),
    });
  }

  const cta = (id: string, fields: Record<string, unknown>) =>
    content.entry(id, "callToAction", fields);
  const seasonal = addSeasonalPages(content, { banner, productsUnder, cta });
  const home = addHomePage(content, {
    banner,
    cta,
    live,
    productsUnder,
    blog,
    reassurance,
    brandSlugs,
    seasonalBanners: seasonal.banners,
    shopImages,
  });

  addMenu(content, { tree: tree.roots, pushes, brandSlugs });
  addFooter(content, { reassurance, seasonal: seasonal.pages, cta });
  return { home };
}

export { HOME_SLUG } from "#seed/content/page-entries.ts";
