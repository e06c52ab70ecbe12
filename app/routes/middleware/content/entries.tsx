import { Form, Link, useLoaderData } from "react-router";
import { FilterSelect } from "#app/components/admin/filter-form.tsx";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import {
  ENTRY_ORDERS,
  entryTitle,
  isEntryOrder,
  isStatus,
  parisDateTime,
  STATUS_BADGE,
  STATUS_LABELS,
  typeLabel,
} from "#app/lib/admin/content-labels.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  CONTENT_TYPES,
  entityStatus,
  entryEditors,
  findContentType,
  listEntriesForEditing,
} from "#platform/content/index.ts";
import type { Route } from "./+types/entries";

/**
 * « Contenu »: the shop's content entries as editors browse them (issue 50, item 1): by type,
 * status and last editor, searched in every field of the draft, sorted, 50 a page.
 */

export const meta: Route.MetaFunction = () => [{ title: "Contenu — Administration Comptoir" }];

const PAGE_SIZE = 50;

/** The content types by name, for the type filter. */
const TYPES: Record<string, string> = Object.fromEntries(
  CONTENT_TYPES.map((type) => [type.id, typeLabel(type)]).sort(([, a = ""], [, b = ""]) =>
    a.localeCompare(b, "fr"),
  ),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const type = params.get("type") ?? "";
  const status = params.get("statut") ?? "";
  const editor = params.get("par") ?? "";
  const order = params.get("tri") ?? "";
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const contentType = findContentType(type) ? type : undefined;
  const [list, editors] = await Promise.all([
    listEntriesForEditing(database.db, {
      contentType,
      status: isStatus(status) ? status : undefined,
      updatedBy: editor || undefined,
      search: search || undefined,
      order: isEntryOrder(order) ? order : "-updatedAt",
      skip: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
    entryEditors(database.db),
  ]);
  const query = new URLSearchParams(
    Object.entries({
      type: contentType ?? "",
      statut: status,
      par: editor,
      tri: order,
      q: search,
    }).filter(([, value]) => value !== ""),
  ).toString();
  return {
    values: { type: contentType ?? "", status, editor, order, search },
    editors,
    query,
    page,
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    total: list.total,
    rows: list.items.map((row) => {
      const definition = findContentType(row.contentType);
      return {
        id: row.id,
        title: entryTitle(row.fields, definition?.displayField, row.id),
        type: definition ? typeLabel(definition) : row.contentType,
        status: entityStatus(row),
        updatedAt: parisDateTime(row.updatedAt),
        updatedBy: row.updatedBy,
      };
    }),
  };
}

const number = new Intl.NumberFormat("fr-FR");

export default function ContentEntriesScreen() {
  const { values, editors, query, page, pages, total, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Contenu</h1>
      <p>
        <Link to="/middleware/contenu/medias/">Médias</Link>
      </p>
      <Form
        method="get"
        className="admin-card admin-inline-form"
        aria-label="Rechercher des contenus"
      >
        <label className="admin-field">
          <span>Rechercher</span>
          <input type="search" name="q" defaultValue={values.search} maxLength={200} />
        </label>
        <FilterSelect name="type" label="Type de contenu" value={values.type} options={TYPES} />
        <FilterSelect name="statut" label="Statut" value={values.status} options={STATUS_LABELS} />
        <FilterSelect
          name="par"
          label="Dernière modification par"
          value={values.editor}
          options={Object.fromEntries(editors.map((editor) => [editor, editor]))}
        />
        <label className="admin-field">
          <span>Trier par</span>
          <select name="tri" defaultValue={values.order || "-updatedAt"}>
            {Object.entries(ENTRY_ORDERS).map(([order, label]) => (
              <option key={order} value={order}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-button admin-button--primary">
          Rechercher
        </button>
        <Link to="/middleware/contenu/">Tout afficher</Link>
      </Form>
      <p aria-live="polite">
        {total === 0
          ? "Aucun contenu ne correspond."
          : `${number.format(total)} contenu(s) — page ${page} sur ${pages}`}
      </p>
      {rows.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Titre</th>
                <th scope="col">Type</th>
                <th scope="col">Statut</th>
                <th scope="col">Modifié le</th>
                <th scope="col">Par</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/middleware/contenu/entrees/${encodeURIComponent(row.id)}/`}>
                      {row.title}
                    </Link>
                  </td>
                  <td>{row.type}</td>
                  <td>
                    <ul className="admin-badges">
                      <li className={STATUS_BADGE[row.status]}>{STATUS_LABELS[row.status]}</li>
                    </ul>
                  </td>
                  <td>{row.updatedAt}</td>
                  <td>{row.updatedBy ?? "—"}</td>
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
