import { Link } from "react-router";
import type { ArticleSlide } from "#app/lib/content/blocks.ts";
import { pageLink } from "#app/lib/content/blog-paging.ts";
import { ArticleCard } from "./blocks.tsx";

/** The blog's category links; the current one marked. */
export function BlogCategories({
  categories,
  current,
}: {
  categories: { slug: string; title: string; href: string }[];
  current: string | null;
}) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label="Catégories du blog" className="blog-categories">
      <ul>
        <li>
          <Link to="/blog/" aria-current={current === null ? "page" : undefined}>
            Tous les articles
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={category.href} aria-current={current === category.slug ? "page" : undefined}>
              {category.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A grid of post teasers with its page links (links that work without JavaScript). */
export function BlogList({
  posts,
  page,
  pageCount,
  path,
  label,
}: {
  posts: ArticleSlide[];
  page: number;
  pageCount: number;
  path: string;
  label: string;
}) {
  if (posts.length === 0) {
    return (
      <p className="listing-empty" role="status">
        Aucun article pour le moment.
      </p>
    );
  }
  return (
    <>
      <ul className="blog-grid" aria-label={label}>
        {posts.map((post, index) => (
          <li key={post.key}>
            <ArticleCard article={post} headingLevel={2} priority={page === 1 && index === 0} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <nav aria-label="Pages" className="pagination">
          <ul>
            {page > 1 && (
              <li>
                <Link to={pageLink(path, page - 1)} rel="prev">
                  Page précédente
                </Link>
              </li>
            )}
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((number) => (
              <li key={number}>
                {number === page ? (
                  <span aria-current="page">
                    <span className="visually-hidden">Page </span>
                    {number}
                  </span>
                ) : (
                  <Link to={pageLink(path, number)}>
                    <span className="visually-hidden">Page </span>
                    {number}
                  </Link>
                )}
              </li>
            ))}
            {page < pageCount && (
              <li>
                <Link to={pageLink(path, page + 1)} rel="next">
                  Page suivante
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </>
  );
}
