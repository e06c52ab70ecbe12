import { slugify } from "#app/lib/slug.ts";
import { renderProductSvg } from "#platform/commerce/index.ts";
import type { CarouselKind } from "#platform/content/index.ts";
import { CATEGORIES } from "#seed/catalogue/categories.ts";
import type { ContentBuilder, Link } from "#seed/content/builder.ts";
import type { CatalogueProduct } from "#seed/content/catalogue-data.ts";
import {
  artisanId,
  categoryId,
  cmsId,
  entryLink,
  productId,
} from "#seed/content/catalogue-entries.ts";
import { BLOG_CATEGORIES, BLOG_POSTS, FAQ, SHOP_PAGE } from "#seed/content/editorial.ts";
import { richText } from "#seed/content/rich-text.ts";

/**
 * The demo content's pages: blog, FAQ and store page, the seasonal pages and the home page made
 * of blocks, with every carousel kind.
 */

/** The home page's slug: the storefront's `/` shows this `homepage` entry (also `/e/accueil/`). */
export const HOME_SLUG = "accueil";

const DAY = 86_400_000;
// ---------------------------------------------------------------------------------------------
// Blog, FAQ, shop

export function addBlog(
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

export function addFaq(content: ContentBuilder) {
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
      "Commande, livraison, paiement : vous trouverez ici les réponses aux questions que l'on nous pose le plus souvent. Une autre question ? Appelez-nous au {{shop.phone}}.",
    categories,
    seoTitle: "Aide et questions fréquentes | Comptoir",
  });
}

export function addShopPage(content: ContentBuilder, images: Link[]) {
  content.entry("shop-page", "shop_page", {
    title: SHOP_PAGE.title,
    slug: SHOP_PAGE.slug,
    intro: SHOP_PAGE.intro,
    images,
    seoTitle: "Nos magasins à Paris | Comptoir",
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

export function addSeasonalPages(content: ContentBuilder, { banner, cta, productsUnder }: Blocks) {
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

export function addHomePage(
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
      // The artisans' own pages (pageArtisan), linked as every artisan is: /nos-artisans/c/{slug}/.
      items: brands.map((brand) => entryLink(artisanId(brand.slug))),
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
      title: "Venez nous voir",
      subtitle: "Fromagerie, cave, boucherie et comptoir du traiteur sous un même toit.",
      images: options.shopImages,
      external_link: "/magasin/",
    }),
  };
  const hero = content.entry("banner-accueil", "banner", {
    title: "Le goût des bonnes choses",
    subtitle: "L'épicerie fine parisienne, livrée chez vous",
    text: "Fromages affinés, charcuteries, vins de vignerons et plats du jour : faites vos courses comme au marché.",
    image: banner("banner-accueil", "Le goût des bonnes choses", "Comptoir, Paris 9e"),
    mobile_image: content.image(
      "banner-accueil-mobile",
      "Le goût des bonnes choses",
      "content/banner-accueil-mobile.svg",
      renderProductSvg({
        title: "Le goût des bonnes choses",
        category: "fromagerie",
        seed: 2021,
        kind: "plateau-fromages",
      }),
    ),
    layout: "full",
    internal_link: entryLink(categoryId("fromagerie")),
  });
  const pickup = cta("cta-retrait", {
    title: "Retrait en magasin",
    text: "Retirez vos courses prêtes et emballées sur un créneau {{slot.length}}, au plus tôt {{order.leadTime}} après votre commande : {{pickup.names}}.",
    label: "Comment ça marche ?",
    image: banner("cta-retrait", "Retrait en magasin", "Prêt au comptoir"),
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
      "Épicerie fine, fromages affinés, boucherie, cave et traiteur : faites vos courses au Comptoir, livrées {{delivery.area}} ou à retirer en magasin.",
  });
}
