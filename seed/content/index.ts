import { slugify } from "#app/lib/slug.ts";
import {
  BANNER_SIZE,
  PRODUCT_SIZE,
  renderBannerSvg,
  renderProductSvg,
} from "#platform/commerce/index.ts";
import type { CarouselKind } from "#platform/content/index.ts";
import { bundlePrice } from "#platform/content/index.ts";
import { contentAsset, contentEntry } from "#platform/content/tables.ts";
import { BRANDS } from "#seed/catalogue/brands.ts";
import { CATEGORIES } from "#seed/catalogue/categories.ts";
import { insertFiles } from "#seed/catalogue/files.ts";
import { buildTree, type TreeNode } from "#seed/catalogue/tree.ts";
import {
  type ContentBuilder,
  createContentBuilder,
  type Link,
  svgAsset,
} from "#seed/content/builder.ts";
import { type CatalogueProduct, readCatalogue } from "#seed/content/catalogue-data.ts";
import {
  ALCOHOL_DISCLAIMER,
  ARTISAN_TRADES,
  BLOG_CATEGORIES,
  BLOG_POSTS,
  COPYRIGHT,
  ERROR_PAGES,
  FAQ,
  FOOTER_LEGAL_TEXT,
  HEALTH_DISCLAIMER,
  PRODUCT_STATUS_TEXTS,
  REASSURANCE,
  SHOP_PAGE,
  SOCIAL_LINKS,
  TITLE_COLORS,
} from "#seed/content/editorial.ts";
import { CMS_PAGES } from "#seed/content/legal.ts";
import { FIRST_BUNDLE_MENU_ITEM_ID, menuItemIds } from "#seed/content/menu-items.ts";
import { richText } from "#seed/content/rich-text.ts";
import type { Random } from "#seed/random.ts";
import type { Seeder } from "#seed/seeder.ts";

/** The home page's slug: the storefront's `/` shows this `homepage` entry (also `/e/accueil/`). */
export const HOME_SLUG = "accueil";

const DAY = 86_400_000;
const ROWS_PER_STATEMENT = 200;

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

type Context = { products: CatalogueProduct[]; random: Random; now: Date };

const entryLink = (id: string): Link => ({ sys: { type: "Link", linkType: "Entry", id } });
const categoryId = (handle: string) => `category-${handle}`;
const productId = (product: CatalogueProduct) => `product-${product.id}`;
const brandId = (slug: string) => `brand-${slug}`;
const cmsId = (slug: string) => `cms-${slug}`;

/** Every entry and asset of the demo content, added to `content` in a fixed order. */
export function buildDemoContent(content: ContentBuilder, { products, random, now }: Context) {
  const seedOf = () => random.int(1, 2 ** 31 - 1);
  const banner = (id: string, title: string, subtitle?: string) =>
    content.image(
      id,
      title,
      `content/${id}.svg`,
      renderBannerSvg({ title, subtitle, seed: seedOf() }),
    );
  const picture = (id: string, title: string, category: string) =>
    content.image(
      id,
      title,
      `content/${id}.svg`,
      renderProductSvg({ title, category, seed: seedOf() }),
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
    banner("shop-fromagerie", "La fromagerie", "Rue des Martyrs"),
    banner("shop-traiteur", "Le comptoir du traiteur", "Rue des Martyrs"),
    banner("shop-cave", "La cave", "Rue des Martyrs"),
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

// ---------------------------------------------------------------------------------------------
// Brands and artisans

function addBrands(
  content: ContentBuilder,
  {
    products,
    picture,
  }: {
    products: CatalogueProduct[];
    picture: (id: string, title: string, category: string) => Link;
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
        description: brandDescription(brand.name, top, brand.artisan === true),
        image,
        is_artisan: brand.artisan === true,
        selected_products: made.map((product) => entryLink(productId(product))),
        seoTitle: `${brand.name} | Comptoir`,
      });
      if (brand.artisan) {
        const trade = ARTISAN_TRADES[top];
        if (!trade) throw new Error(`No artisan trade for ${top}`);
        content.entry(`artisan-${slug}`, "pageArtisan", {
          name: brand.name,
          slug,
          region: trade.region,
          quote: trade.quote,
          story: richText([
            `${brand.name} ${trade.trade}. Installée en ${trade.region}, la maison travaille avec le Comptoir depuis plusieurs années.`,
            "Nous lui rendons visite chaque saison pour goûter les nouvelles productions et choisir ensemble celles qui rejoindront nos rayons.",
          ]),
          image: picture(`artisan-${slug}`, brand.name, top),
          images: [image],
          brand: entryLink(brandId(slug)),
          seoTitle: `${brand.name}, artisan partenaire | Comptoir`,
        });
      }
    }
  }
  return slugs;
}

function brandDescription(name: string, top: string, artisan: boolean): string {
  const trade = ARTISAN_TRADES[top];
  return artisan && trade
    ? `${name}, artisan de ${trade.region}, ${trade.trade}. Une maison que nous avons choisie pour la constance de son travail.`
    : `${name} rejoint les rayons du Comptoir avec une gamme choisie pour sa qualité et son goût.`;
}

// ---------------------------------------------------------------------------------------------
// Products

function addProducts(
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
function addBundle(content: ContentBuilder, products: CatalogueProduct[]) {
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
    short_description: `${parts.map((product) => product.title).join(", ")} : trois plats du traiteur réunis.`,
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

function addCategories(
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
    const common = {
      title: node.title,
      slug: handle,
      description: node.description,
      sub_categories: children.map((child) => entryLink(categoryId(child.handle))),
      seoTitle: `${node.title} | Comptoir`,
      seoDescription: node.description.slice(0, 160),
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

// ---------------------------------------------------------------------------------------------
// Blog, FAQ, shop

function addBlog(
  content: ContentBuilder,
  { banner, now }: { banner: (id: string, title: string, subtitle?: string) => Link; now: Date },
) {
  for (const category of BLOG_CATEGORIES) {
    content.entry(`blog-category-${category.slug}`, "blog_category", {
      title: category.title,
      slug: category.slug,
      description: category.description,
      image: banner(`blog-category-${category.slug}`, category.title, "Le blog du Comptoir"),
    });
  }
  const posts = [...BLOG_POSTS].sort((a, b) => a.daysAgo - b.daysAgo);
  const links: Link[] = [];
  for (const post of posts) {
    const siblings = posts.filter((other) => other.category === post.category && other !== post);
    const category = BLOG_CATEGORIES.find((candidate) => candidate.slug === post.category);
    links.push(
      content.entry(`blogpost-${post.slug}`, "blogpost", {
        title: post.title,
        slug: post.slug,
        category: entryLink(`blog-category-${post.category}`),
        author: post.author,
        excerpt: post.excerpt,
        body: richText(post.lines),
        image: banner(`blogpost-${post.slug}`, post.title, category?.title),
        publishDate: new Date(now.getTime() - post.daysAgo * DAY).toISOString().slice(0, 10),
        tags: [...post.tags],
        related: siblings.slice(0, 2).map((other) => entryLink(`blogpost-${other.slug}`)),
        seoTitle: `${post.title} | Le blog du Comptoir`,
        seoDescription: post.excerpt,
      }),
    );
  }
  return links;
}

function addFaq(content: ContentBuilder) {
  const categories = FAQ.map((category) =>
    content.entry(`faq-${category.slug}`, "faq_category", {
      title: category.title,
      slug: category.slug,
      questions: category.questions.map((item, index) =>
        content.entry(`faq-${category.slug}-${index + 1}`, "faq_question", {
          question: item.question,
          answer: richText(item.answer),
        }),
      ),
    }),
  );
  content.entry("page-faq", "page_faq", {
    title: "Questions fréquentes",
    slug: "faq",
    intro:
      "Commande, livraison, paiement : vous trouverez ici les réponses aux questions que l'on nous pose le plus souvent. Une autre question ? Appelez-nous au 01 45 26 00 00.",
    categories,
    seoTitle: "Aide et questions fréquentes | Comptoir",
  });
}

function addShopPage(content: ContentBuilder, images: Link[]) {
  content.entry("shop-page", "shop_page", {
    title: SHOP_PAGE.title,
    slug: SHOP_PAGE.slug,
    intro: SHOP_PAGE.intro,
    address: SHOP_PAGE.address,
    phone: SHOP_PAGE.phone,
    email: SHOP_PAGE.email,
    openingHours: SHOP_PAGE.openingHours,
    access: SHOP_PAGE.access,
    location: SHOP_PAGE.location,
    images,
    seoTitle: "Le magasin de la rue des Martyrs | Comptoir",
    seoDescription: SHOP_PAGE.intro.slice(0, 160),
  });
}

// ---------------------------------------------------------------------------------------------
// Pages made of blocks

type Blocks = {
  banner: (id: string, title: string, subtitle?: string) => Link;
  cta: (id: string, fields: Record<string, unknown>) => Link;
  productsUnder: (handle: string) => CatalogueProduct[];
};

function carousel(
  content: ContentBuilder,
  id: string,
  kind: CarouselKind,
  fields: Record<string, unknown>,
): Link {
  return content.entry(id, "carousel", { kind, ...fields });
}

const productLinks = (products: CatalogueProduct[]) =>
  products.map((product) => entryLink(productId(product)));

const SEASONS = [
  {
    slug: "noel",
    title: "Noël au Comptoir",
    subtitle: "Foie gras, chocolats et champagnes",
    category: "epicerie-sucree",
  },
  {
    slug: "paques",
    title: "Pâques gourmandes",
    subtitle: "Chocolats, agneau et asperges",
    category: "boucherie-charcuterie",
  },
  {
    slug: "apero-d-ete",
    title: "L'apéritif d'été",
    subtitle: "Rosés, tapenades et charcuteries",
    category: "cave",
  },
] as const;

function addSeasonalPages(content: ContentBuilder, { banner, cta, productsUnder }: Blocks) {
  const pages: Link[] = [];
  const banners: Link[] = [];
  for (const season of SEASONS) {
    const pageLink = entryLink(`homepage-${season.slug}`);
    const hero = content.entry(`banner-${season.slug}`, "banner", {
      title: season.title,
      subtitle: season.subtitle,
      image: banner(`banner-${season.slug}`, season.title, season.subtitle),
      layout: "full",
      internal_link: pageLink,
    });
    banners.push(hero);
    const products = carousel(content, `carousel-${season.slug}`, "product", {
      title: `Notre sélection ${season.title.toLowerCase().startsWith("l'") ? "de l'été" : "de saison"}`,
      products: productLinks(productsUnder(season.category).slice(0, 8)),
      internal_link: entryLink(categoryId(season.category)),
    });
    const help = cta(`cta-${season.slug}`, {
      title: "Commandez tôt, retirez quand vous voulez",
      text: "Réservez votre créneau de retrait ou de livraison dès maintenant : les plus demandés partent vite.",
      label: "Voir les modes de livraison",
      internal_link: entryLink(cmsId("livraison-et-retrait")),
    });
    pages.push(
      content.entry(`homepage-${season.slug}`, "homepage", {
        title: season.title,
        slug: season.slug,
        blocks: [hero, products, help],
        seoTitle: `${season.title} | Comptoir`,
      }),
    );
  }
  return { pages, banners };
}

function addHomePage(
  content: ContentBuilder,
  options: Blocks & {
    live: CatalogueProduct[];
    blog: Link[];
    reassurance: Link[];
    brandSlugs: Map<string, { slug: string; artisan: boolean }>;
    seasonalBanners: Link[];
    shopImages: Link[];
  },
) {
  const { banner, cta, productsUnder, live, blog, reassurance, brandSlugs } = options;
  const tops = CATEGORIES.map((category) => slugify(category.title));
  const newest = [...live].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const withImages = live.filter((product) => product.images.length > 0).slice(0, 6);
  const brands = [...brandSlugs.values()].filter((brand) => brand.artisan).slice(0, 8);

  const kinds: Record<CarouselKind, Link> = {
    product: carousel(content, "carousel-coups-de-coeur", "product", {
      title: "Nos coups de cœur",
      subtitle: "Un produit par rayon, choisi par l'équipe du magasin.",
      products: productLinks(tops.flatMap((top) => productsUnder(top).slice(0, 1))),
    }),
    "related-products": carousel(content, "carousel-autour-du-plateau", "related-products", {
      title: "Pour accompagner votre plateau",
      products: productLinks(productsUnder("fromagerie").slice(4, 10)),
      internal_link: entryLink(categoryId("fromagerie")),
    }),
    news: carousel(content, "carousel-nouveautes", "news", {
      title: "Les nouveautés",
      subtitle: "Arrivés ces dernières semaines dans nos rayons.",
      products: productLinks(newest.slice(0, 10)),
    }),
    discovery: carousel(content, "carousel-rayons", "discovery", {
      title: "Découvrez nos rayons",
      items: tops.map((top) => entryLink(categoryId(top))),
    }),
    argument: carousel(content, "carousel-engagements", "argument", {
      title: "Pourquoi le Comptoir ?",
      items: reassurance,
    }),
    highlights: carousel(content, "carousel-temps-forts", "highlights", {
      title: "Les temps forts",
      items: options.seasonalBanners,
    }),
    brand: carousel(content, "carousel-artisans", "brand", {
      title: "Nos artisans",
      items: brands.map((brand) => entryLink(brandId(brand.slug))),
      external_link: "/nos-artisans/",
    }),
    "product-images": carousel(content, "carousel-en-images", "product-images", {
      title: "Le Comptoir en images",
      products: productLinks(withImages),
      images: withImages.map((product) => ({
        sys: { type: "Link", linkType: "Asset", id: `product-image-${product.id}-1` },
      })),
    }),
    "article-gallery": carousel(content, "carousel-blog", "article-gallery", {
      title: "Sur le blog",
      items: blog.slice(0, 6),
      external_link: "/blog/",
    }),
    "store-discovery": carousel(content, "carousel-magasin", "store-discovery", {
      title: "Venez nous voir rue des Martyrs",
      subtitle: "Fromagerie, cave, boucherie et comptoir du traiteur sous un même toit.",
      images: options.shopImages,
      external_link: "/magasin/",
    }),
  };
  const hero = content.entry("banner-accueil", "banner", {
    title: "Le goût des bonnes choses",
    subtitle: "L'épicerie fine de la rue des Martyrs, livrée chez vous",
    text: "Fromages affinés, charcuteries, vins de vignerons et plats du jour : faites vos courses comme au marché.",
    image: banner("banner-accueil", "Le goût des bonnes choses", "Comptoir, Paris 9e"),
    mobile_image: content.image(
      "banner-accueil-mobile",
      "Le goût des bonnes choses",
      "content/banner-accueil-mobile.svg",
      renderProductSvg({ title: "Le goût des bonnes choses", category: "fromagerie", seed: 2021 }),
    ),
    layout: "full",
    internal_link: entryLink(categoryId("fromagerie")),
  });
  const pickup = cta("cta-retrait", {
    title: "Retrait en magasin",
    text: "Commandez avant 11 h et retirez vos courses dès 15 h, au 12 rue des Martyrs.",
    label: "Comment ça marche ?",
    image: banner("cta-retrait", "Retrait en magasin", "Commandez avant 11 h"),
    internal_link: entryLink(cmsId("livraison-et-retrait")),
  });
  const artisans = content.entry("banner-artisans", "banner", {
    title: "Ils font nos rayons",
    subtitle: "Portraits de nos artisans partenaires",
    image: banner("banner-artisans", "Ils font nos rayons", "Nos artisans"),
    layout: "left",
    external_link: "/nos-artisans/",
  });
  const traiteur = cta("cta-traiteur", {
    title: "Le traiteur livre aussi le midi",
    text: "Plats du jour, salades et desserts préparés le matin même par notre cuisine.",
    label: "Voir les plats du jour",
    internal_link: entryLink(categoryId("traiteur")),
  });
  return content.entry(`homepage-${HOME_SLUG}`, "homepage", {
    title: "Accueil",
    slug: HOME_SLUG,
    blocks: [
      hero,
      kinds.product,
      kinds.discovery,
      pickup,
      kinds.highlights,
      kinds.news,
      kinds.argument,
      traiteur,
      kinds["related-products"],
      kinds.brand,
      artisans,
      kinds["product-images"],
      kinds["article-gallery"],
      kinds["store-discovery"],
    ],
    seoTitle: "Comptoir – épicerie fine, fromagerie et cave à Paris",
    seoDescription:
      "Épicerie fine, fromages affinés, boucherie, cave et traiteur : faites vos courses au Comptoir, livrées à Paris ou à retirer rue des Martyrs.",
  });
}

// ---------------------------------------------------------------------------------------------
// Menu and footer

function addMenu(
  content: ContentBuilder,
  {
    tree,
    pushes,
    brandSlugs,
  }: {
    tree: readonly TreeNode[];
    pushes: Map<string, Link>;
    brandSlugs: Map<string, { slug: string; top: string; artisan: boolean }>;
  },
) {
  const items = tree.map((root) => {
    const children = root.children.map((child) =>
      content.entry(`menu-${child.handle}`, "menu_item", {
        title: child.node.title,
        internal_link: entryLink(categoryId(child.handle)),
        categories: child.children.map((grandChild) => entryLink(categoryId(grandChild.handle))),
        parent_category: entryLink(categoryId(root.handle)),
        isEcom: true,
      }),
    );
    const artisans = [...brandSlugs.values()]
      .filter((brand) => brand.top === root.handle && brand.artisan)
      .map((brand) => entryLink(`artisan-${brand.slug}`));
    return content.entry(`menu-${root.handle}`, "menu_item", {
      title: root.node.title,
      label: `Tout le rayon ${root.node.title.toLowerCase()}`,
      internal_link: entryLink(categoryId(root.handle)),
      titleColor: TITLE_COLORS[root.handle],
      categories: root.children.map((child) => entryLink(categoryId(child.handle))),
      links: artisans,
      child: children,
      push: pushes.get(root.handle),
      isEcom: true,
    });
  });
  const page = (id: string, title: string, path: string, titleColor?: string) =>
    content.entry(id, "menu_item", { title, external_link: path, titleColor, isEcom: false });
  content.entry("main-menu", "main_menu", {
    title: "Menu principal",
    items: [
      ...items,
      page("menu-marques", "Nos marques", "/nos-marques/"),
      page("menu-artisans", "Nos artisans", "/nos-artisans/", "#15803d"),
      page("menu-blog", "Le blog", "/blog/"),
      page("menu-magasin", "Le magasin", "/magasin/"),
    ],
  });
}

function addFooter(
  content: ContentBuilder,
  {
    reassurance,
    seasonal,
    cta,
  }: {
    reassurance: Link[];
    seasonal: Link[];
    cta: (id: string, fields: Record<string, unknown>) => Link;
  },
) {
  const path = (id: string, title: string, target: string) =>
    cta(id, { title, label: title, external_link: target });
  const menus = [
    content.entry("footer-menu-comptoir", "link_menu", {
      title: "Le Comptoir",
      links: [
        path("footer-magasin", "Le magasin", "/magasin/"),
        path("footer-artisans", "Nos artisans", "/nos-artisans/"),
        path("footer-marques", "Nos marques", "/nos-marques/"),
        path("footer-blog", "Le blog", "/blog/"),
      ],
    }),
    content.entry("footer-menu-aide", "link_menu", {
      title: "Besoin d'aide ?",
      links: [
        path("footer-faq", "Questions fréquentes", "/faq/"),
        entryLink(cmsId("livraison-et-retrait")),
        path("footer-compte", "Mon compte", "/compte/"),
        path("footer-contact", "Nous écrire", "mailto:contact@comptoir.example"),
      ],
    }),
    content.entry("footer-menu-legal", "link_menu", {
      title: "Informations légales",
      links: CMS_PAGES.filter((page) => page.slug !== "livraison-et-retrait").map((page) =>
        entryLink(cmsId(page.slug)),
      ),
    }),
  ];
  const social = SOCIAL_LINKS.map((item) =>
    content.entry(`social-${item.network}`, "social_link", { ...item }),
  );
  content.entry("footer", "footer", {
    title: "Pied de page",
    reassurance,
    link_menus: menus,
    social_links: social,
    seasonal_pages: seasonal,
    legal_text: richText(FOOTER_LEGAL_TEXT),
    health_disclaimer: HEALTH_DISCLAIMER,
    alcohol_disclaimer: ALCOHOL_DISCLAIMER,
    copyright: COPYRIGHT,
  });
}
