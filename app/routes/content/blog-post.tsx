import { Link, type RouterContextProvider } from "react-router";
import { ArticleCard, Picture } from "#app/components/content/blocks.tsx";
import { BlogCategories, BlogList } from "#app/components/content/blog-list.tsx";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "#app/components/listing/breadcrumbs.tsx";
import { formatPublishDate, pictureOf } from "#app/lib/content/blocks.ts";
import {
  categoriesOfPosts,
  pageOfItems,
  parsePageNumber,
  postTeasers,
} from "#app/lib/content/blog-paging.ts";
import { getBlogPosts, getPage } from "#app/lib/content/content.server.ts";
import { compactRichText, RichText, richTextToPlainText } from "#app/lib/content/rich-text.tsx";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, jsonLd, seoMeta } from "#app/lib/seo.ts";
import { shopOrigin } from "#app/lib/server-context.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import contentStyles from "#app/styles/content.css?url";
import type { Route } from "./+types/blog-post";

/**
 * /b/{slug}/: a blog post (its body, author, date, category, related posts and Article JSON-LD),
 * or, as the content model links blog categories there too, a category's posts.
 */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES["b-slug"] };

// Breadcrumbs, buttons and badges are styled with the catalogue's sheet.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: contentStyles },
];

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [];
  const tags = seoMeta({
    title: data.seo.title,
    description: data.seo.description,
    canonical: data.seo.canonical,
    image: data.seo.image,
  });
  if (data.kind !== "post") return tags;
  return [
    ...tags.filter((tag) => !("property" in tag && tag.property === "og:type")),
    { property: "og:type", content: "article" },
    ...(data.post.isoDate
      ? [{ property: "article:published_time", content: data.post.isoDate }]
      : []),
  ];
};

function notFound(): never {
  throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
}

/** How many related posts a post shows. */
const RELATED_POSTS = 3;

type Entry<F> = { sys: { id: string; updatedAt: string }; fields: F };
type PostFields = {
  title?: string;
  slug?: string;
  category?: Entry<{ title?: string; slug?: string }>;
  author?: string;
  excerpt?: string;
  body?: unknown;
  image?: unknown;
  publishDate?: string;
  tags?: string[];
  related?: Entry<PostFields>[];
  seoTitle?: string;
  seoDescription?: string;
};

async function postData(entry: Entry<PostFields>, context: Readonly<RouterContextProvider>) {
  const fields = entry.fields;
  const slug = fields.slug ?? "";
  const title = fields.title?.trim() || slug;
  const path = `/b/${encodeURIComponent(slug)}/`;
  const origin = shopOrigin(context);
  const categorySlug = fields.category?.fields.slug;
  const category =
    categorySlug && fields.category?.fields.title
      ? { title: fields.category.fields.title, href: `/b/${encodeURIComponent(categorySlug)}/` }
      : null;
  // The editor's related posts first, then the newest of the same category.
  const sameCategory = categorySlug ? await getBlogPosts(categorySlug) : [];
  const seen = new Set([entry.sys.id]);
  const related = [...(fields.related ?? []), ...sameCategory]
    .filter((other) => {
      if (seen.has(other.sys.id) || (other.fields as PostFields).title === undefined) return false;
      seen.add(other.sys.id);
      return true;
    })
    .slice(0, RELATED_POSTS);
  const image = pictureOf(fields.image, "");
  const description =
    fields.seoDescription?.trim() ||
    fields.excerpt?.trim() ||
    richTextToPlainText(fields.body) ||
    title;
  const crumbs: Crumb[] = [
    { label: "Blog", href: "/blog/" },
    ...(category ? [{ label: category.title, href: category.href }] : []),
    { label: title, href: path },
  ];
  const canonical = canonicalUrl(context, path);
  const isoDate = /^\d{4}-\d{2}-\d{2}/.test(fields.publishDate ?? "")
    ? (fields.publishDate ?? "").slice(0, 10)
    : null;
  const articleLd = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: title,
    description,
    ...(image ? { image: [new URL(image.url, origin).toString()] } : {}),
    ...(isoDate ? { datePublished: isoDate } : {}),
    dateModified: entry.sys.updatedAt,
    ...(fields.author ? { author: { "@type": "Person", name: fields.author } } : {}),
    publisher: {
      "@type": "Organization",
      name: "Comptoir",
      logo: { "@type": "ImageObject", url: new URL("/favicon.svg", origin).toString() },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    ...(category ? { articleSection: category.title } : {}),
    ...(fields.tags?.length ? { keywords: fields.tags.join(", ") } : {}),
  };
  return {
    kind: "post" as const,
    crumbs,
    post: {
      title,
      author: fields.author?.trim() || null,
      date: formatPublishDate(fields.publishDate),
      isoDate,
      category,
      excerpt: fields.excerpt?.trim() || null,
      image,
      body: compactRichText(fields.body),
      tags: fields.tags ?? [],
    },
    related: postTeasers(related),
    articleLd: jsonLd(articleLd),
    breadcrumbLd: jsonLd(breadcrumbJsonLd(crumbs, origin)),
    seo: {
      title: fields.seoTitle?.trim() || `${title} | Le blog du Comptoir`,
      description,
      canonical,
      image: image?.url ?? null,
    },
  };
}

type CategoryFields = { title?: string; slug?: string; description?: string; image?: unknown };

async function categoryData(
  entry: Entry<CategoryFields>,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const slug = entry.fields.slug ?? "";
  const title = entry.fields.title?.trim() || slug;
  const path = `/b/${encodeURIComponent(slug)}/`;
  const url = new URL(request.url);
  const page = parsePageNumber(url.searchParams.get("page"));
  const [posts, all] = await Promise.all([getBlogPosts(slug), getBlogPosts()]);
  const slice = pageOfItems(posts, page);
  if (!slice) notFound();
  const crumbs: Crumb[] = [
    { label: "Blog", href: "/blog/" },
    { label: title, href: path },
  ];
  return {
    kind: "category" as const,
    crumbs,
    category: { slug, title, description: entry.fields.description?.trim() || null, path },
    categories: categoriesOfPosts(all),
    posts: postTeasers(slice.items),
    page: slice.page,
    pageCount: slice.pageCount,
    breadcrumbLd: jsonLd(breadcrumbJsonLd(crumbs, shopOrigin(context))),
    seo: {
      title:
        page > 1
          ? `${title} – page ${page} | Le blog du Comptoir`
          : `${title} | Le blog du Comptoir`,
      description:
        entry.fields.description?.trim() || `${title} : les articles du blog du Comptoir.`,
      canonical: canonicalUrl(context, page > 1 ? `${path}?page=${page}` : path),
      image: pictureOf(entry.fields.image)?.url ?? null,
    },
  };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const post = await getPage("blogpost", params.slug);
  if (post) return postData(post as Entry<PostFields>, context);
  const category = await getPage("blog_category", params.slug);
  if (category) return categoryData(category as Entry<CategoryFields>, request, context);
  notFound();
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "category") {
    const { category } = loaderData;
    return (
      <div className="content-page blog">
        <Breadcrumbs crumbs={loaderData.crumbs} />
        <header className="content-article__header">
          <h1>{category.title}</h1>
          {category.description && <p className="content-page__intro">{category.description}</p>}
        </header>
        <BlogCategories categories={loaderData.categories} current={category.slug} />
        <BlogList
          posts={loaderData.posts}
          page={loaderData.page}
          pageCount={loaderData.pageCount}
          path={category.path}
          label={`Articles : ${category.title}`}
        />
        <JsonLd value={loaderData.breadcrumbLd} />
      </div>
    );
  }
  const { post, related } = loaderData;
  return (
    <div className="content-page">
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <article className="content-article blog-post">
        <header className="content-article__header">
          {post.category && (
            <p className="blog-post__category">
              <Link to={post.category.href}>{post.category.title}</Link>
            </p>
          )}
          <h1>{post.title}</h1>
          <p className="blog-post__meta">
            {post.author && <span>Par {post.author}</span>}
            {post.author && post.date && <span aria-hidden="true"> · </span>}
            {post.date && post.isoDate && <time dateTime={post.isoDate}>{post.date}</time>}
          </p>
          {post.excerpt && <p className="content-page__intro">{post.excerpt}</p>}
        </header>
        {post.image && (
          <Picture
            image={post.image}
            sizes="(min-width: 992px) 800px, 100vw"
            priority
            className="content-article__image"
          />
        )}
        <RichText document={post.body} />
        {post.tags.length > 0 && (
          <ul className="blog-post__tags" aria-label="Mots-clés">
            {post.tags.map((tag) => (
              <li key={tag} className="badge">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </article>
      {related.length > 0 && (
        <section className="blog-related" aria-labelledby="blog-related-title">
          <h2 id="blog-related-title">À lire aussi</h2>
          <ul className="blog-grid">
            {related.map((teaser) => (
              <li key={teaser.key}>
                <ArticleCard article={teaser} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <JsonLd value={loaderData.articleLd} />
      <JsonLd value={loaderData.breadcrumbLd} />
    </div>
  );
}

function JsonLd({ value }: { value: string }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
      dangerouslySetInnerHTML={{ __html: value }}
    />
  );
}
