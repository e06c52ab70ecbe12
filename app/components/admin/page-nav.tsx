import { Link } from "react-router";

/** The link to page `page` of a list screen whose filters are `query` (a query string). */
export function pageLink(query: string, page: number): string {
  const params = new URLSearchParams(query);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

/** A numbered list screen's « Page précédente » / « Page suivante », shown when it has pages. */
export function PageNav({
  page,
  pages,
  query,
  label = "Pages de résultats",
}: {
  page: number;
  pages: number;
  query: string;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={label}>
      {page > 1 && <Link to={pageLink(query, page - 1)}>← Page précédente</Link>}
      <span>{`Page ${page} sur ${pages}`}</span>
      {page < pages && <Link to={pageLink(query, page + 1)}>Page suivante →</Link>}
    </nav>
  );
}
