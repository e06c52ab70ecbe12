import { Form, Link, useLoaderData } from "react-router";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import {
  filterValuesOf,
  ProductFilterFields,
} from "#app/components/admin/product-filter-fields.tsx";
import { formatCents } from "#app/lib/format.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { productFilterParams, readProductFilter } from "#platform/backoffice/index.ts";
import { catalogueChoices, listProductsForAdmin } from "#platform/commerce/index.ts";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Produits — Administration Comptoir" }];

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const filter = readProductFilter(params);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const [choices, list] = await Promise.all([
    catalogueChoices(database.db),
    listProductsForAdmin(database.db, filter, { number: page, size: PAGE_SIZE }),
  ]);
  return {
    choices: { collections: choices.collections, brands: choices.brands },
    values: filterValuesOf(params),
    query: productFilterParams(filter).toString(),
    page,
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    total: list.total,
    rows: list.rows,
  };
}

const number = new Intl.NumberFormat("fr-FR");

function priceText(row: { priceMinCents: number; priceMaxCents: number }) {
  return row.priceMinCents === row.priceMaxCents
    ? formatCents(row.priceMinCents)
    : `${formatCents(row.priceMinCents)} – ${formatCents(row.priceMaxCents)}`;
}

export default function ProductsScreen() {
  const { choices, values, query, page, pages, total, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Produits</h1>
      <Form method="get" className="admin-card" aria-label="Rechercher des produits">
        <ProductFilterFields values={values} choices={choices} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Rechercher
          </button>
          <Link to="/middleware/products/">Tout afficher</Link>
          <Link to={`/middleware/product-price/${query ? `?${query}` : ""}`}>
            Modifier les prix de cette sélection
          </Link>
        </div>
      </Form>
      <p aria-live="polite">
        {total === 0
          ? "Aucun produit ne correspond."
          : `${number.format(total)} produit(s) — page ${page} sur ${pages}`}
      </p>
      {rows.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="admin-visually-hidden">Image</span>
                </th>
                <th scope="col">Produit</th>
                <th scope="col">SKU</th>
                <th scope="col">Fabricant</th>
                <th scope="col">Prix</th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {row.imageUrl && (
                      <img
                        className="admin-thumb"
                        src={`${row.imageUrl}?height=450`}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                      />
                    )}
                  </td>
                  <td>
                    <Link to={`/middleware/products/${row.handle}/`}>{row.title}</Link>
                    <br />
                    <small>{row.handle}</small>
                  </td>
                  <td>{row.sku ?? "—"}</td>
                  <td>{row.vendor || "—"}</td>
                  <td className="admin-number">
                    {priceText(row)}
                    {row.compareAtMinCents !== null && (
                      <>
                        <br />
                        <s>{formatCents(row.compareAtMinCents)}</s>
                      </>
                    )}
                  </td>
                  <td>
                    <ul className="admin-badges">
                      <li className={row.availableForSale ? "admin-badge--ok" : "admin-badge--off"}>
                        {row.availableForSale ? "En vente" : "Indisponible"}
                      </li>
                      {row.archived && <li className="admin-badge--off">Archivé</li>}
                      {row.restauration && <li>Restauration</li>}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageNav page={page} pages={pages} query={query} />
    </>
  );
}
