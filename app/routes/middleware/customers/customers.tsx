import { Link, useLoaderData } from "react-router";
import { FilterForm } from "#app/components/admin/filter-form.tsx";
import { displayPhone } from "#app/lib/account/account.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { searchCustomers } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/customers";

/**
 * The customers screen (« Clients », operators and administrators): people found by name, email
 * or phone among the commerce accounts and the ordering service's customers, a commerce account
 * and the ordering customers sharing its email or phone shown as one person, 25 a page.
 */

export const meta: Route.MetaFunction = () => [{ title: "Clients — Administration Comptoir" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get("q")?.trim().slice(0, 200) ?? "";
  const page = Math.min(Math.max(Number.parseInt(params.get("page") ?? "1", 10) || 1, 1), 400);
  const { database } = context.get(serverContext);
  const { entries, hasNext } = await searchCustomers(database.db, query, page);
  return {
    erased: params.get("erased") === "1",
    query,
    page,
    hasNext,
    entries: entries.map((entry) => ({
      ref: entry.ref,
      name: entry.name,
      email: entry.email,
      phone: displayPhone(entry.phone),
      kinds: [
        entry.commerce ? "Compte boutique" : null,
        entry.ordering.length > 0 ? "Restauration (téléphone)" : null,
      ].filter(Boolean) as string[],
      disabled: entry.disabled,
    })),
  };
}

function pageLink(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

export default function Customers() {
  const { erased, query, page, hasNext, entries } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Clients</h1>
      {erased && (
        <p className="admin-alert admin-alert--success" role="status">
          Client effacé : ses commandes sont gardées, anonymisées, pour la comptabilité.
        </p>
      )}
      <FilterForm
        label="Rechercher un client"
        fields={[
          {
            name: "q",
            label: "Nom, e-mail ou téléphone",
            value: query,
            placeholder: "Camille Martin, camille@…, 06 12…",
          },
        ]}
      />
      {entries.length === 0 ? (
        <p>{query ? "Aucun client ne correspond à cette recherche." : "Aucun client."}</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption>{query ? `Clients correspondant à « ${query} »` : "Derniers clients"}</caption>
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">E-mail</th>
                <th scope="col">Téléphone</th>
                <th scope="col">Fiches</th>
                <th scope="col">État</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.ref}>
                  <th scope="row">
                    <Link to={`/middleware/customers/${entry.ref}/`}>
                      {entry.name || entry.email || entry.phone || "Sans nom"}
                    </Link>
                  </th>
                  <td>{entry.email ?? ""}</td>
                  <td>{entry.phone}</td>
                  <td>{entry.kinds.join(" + ")}</td>
                  <td>{entry.disabled ? "Désactivé" : "Actif"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="admin-inline-form">
        {page > 1 && <Link to={pageLink(query, page - 1)}>Page précédente</Link>}{" "}
        {hasNext && <Link to={pageLink(query, page + 1)}>Page suivante</Link>}
      </nav>
    </>
  );
}
