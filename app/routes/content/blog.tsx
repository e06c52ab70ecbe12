import { BlogCategories, BlogList } from "#app/components/content/blog-list.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import {
  categoriesOfPosts,
  pageOfItems,
  parsePageNumber,
  postTeasers,
} from "#app/lib/content/blog-paging.ts";
import { getBlogPosts } from "#app/lib/content/content.server.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { PAGE_TYPES, type PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, seoMeta } from "#app/lib/seo.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import contentStyles from "#app/styles/content.css?url";
import type { Route } from "./+types/blog";

/** The blog, /blog/: every post, newest first, nine a page (`?page=2`), and its categories. */
export const handle: PageTypeHandle = { pageType: PAGE_TYPES.blog };

// Breadcrumbs, buttons and badges are styled with the catalogue's sheet.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: contentStyles },
];

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? [
        ...seoMeta({
          title: data.page > 1 ? `Le blog du Comptoir – page ${data.page}` : "Le blog du Comptoir",
          description:
            "Recettes, portraits de producteurs et conseils de l'équipe du magasin : le blog du Comptoir, épicerie fine parisienne.",
          canonical: data.canonical,
        }),
      ]
    : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = parsePageNumber(url.searchParams.get("page"));
  const posts = await getBlogPosts();
  const slice = pageOfItems(posts, page);
  if (!slice) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  return {
    posts: postTeasers(slice.items),
    page: slice.page,
    pageCount: slice.pageCount,
    categories: categoriesOfPosts(posts),
    canonical: canonicalUrl(context, page > 1 ? `/blog/?page=${page}` : "/blog/"),
  };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="content-page blog">
      <Breadcrumbs crumbs={[{ label: "Blog", href: "/blog/" }]} />
      <header className="content-article__header">
        <h1>Le blog du Comptoir</h1>
        <p className="content-page__intro">
          Recettes de saison, portraits de producteurs et conseils de l'équipe du magasin.
        </p>
      </header>
      <BlogCategories categories={loaderData.categories} current={null} />
      <BlogList
        posts={loaderData.posts}
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        path="/blog/"
        label="Articles"
      />
    </div>
  );
}
