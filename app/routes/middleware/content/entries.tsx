import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field, FieldError } from "#app/components/admin/field.tsx";
import { FilterSelect } from "#app/components/admin/filter-form.tsx";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
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
import { recordChange } from "#platform/backoffice/index.ts";
import {
  CONTENT_TYPES,
  createEntry,
  entityStatus,
  entryEditors,
  findContentType,
  listEntriesForEditing,
} from "#platform/content/index.ts";
import type { Route } from "./+types/entries";

/**
 * « Contenu »: the shop's content entries as editors browse them (issue 50, item 1): by type,
 * status and last editor, searched in every field of the draft, sorted, 50 a page; and a new
 * draft of any type, opened in the editor at once.
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
  const deleted = params.get("supprime");
  return {
    deleted: deleted ? deleted.slice(0, 200) : null,
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

type CreateErrors = { type?: string; title?: string };

/** « Nouveau contenu »: a draft of the chosen type with its title, then its editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const type = findContentType(String(form.get("newType") ?? ""));
  const title = String(form.get("newTitle") ?? "").trim();
  const errors: CreateErrors = {};
  if (!type) errors.type = "Choisissez le type du nouveau contenu.";
  if (title === "") errors.title = "Donnez un titre au nouveau contenu.";
  else if (title.length > 256) errors.title = "Le titre tient en 256 caractères au plus.";
  if (!type || errors.title) return { errors };
  const row = await createEntry(
    { db: database.db, by: staff.email },
    { contentType: type.id, fields: { [type.displayField]: title } },
  );
  await recordChange(database.db, {
    staff,
    action: "création",
    subjectType: "contenu",
    subjectId: row.id,
    after: row.fields,
  });
  return redirect(`/middleware/contenu/entrees/${encodeURIComponent(row.id)}/?cree=1`);
}

export default function ContentEntriesScreen() {
  const { deleted, values, editors, query, page, pages, total, rows } =
    useLoaderData<typeof loader>();
  const created = useActionData<typeof action>();
  return (
    <>
      <h1>Contenu</h1>
      <p>
        <Link to="/middleware/contenu/medias/">Médias</Link> ·{" "}
        <Link to="/middleware/contenu/calendrier/">Calendrier des publications</Link>
      </p>
      {deleted && <ActionAlert result={{ ok: true, message: `« ${deleted} » est supprimé.` }} />}
      <details className="admin-card" open={created?.errors ? true : undefined}>
        <summary>Nouveau contenu</summary>
        <Form method="post" className="admin-inline-form">
          <CsrfField />
          <div className={`admin-field${created?.errors.type ? " admin-field--error" : ""}`}>
            <label htmlFor="new-entry-type">Type</label>
            <select
              id="new-entry-type"
              name="newType"
              defaultValue=""
              required
              aria-invalid={created?.errors.type ? true : undefined}
              aria-describedby={created?.errors.type ? "new-entry-type-error" : undefined}
            >
              <option value="">—</option>
              {Object.entries(TYPES).map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
            {created?.errors.type && (
              <FieldError id="new-entry-type-error" message={created.errors.type} />
            )}
          </div>
          <Field name="newTitle" label="Titre" required error={created?.errors.title} />
          <button type="submit" className="admin-button admin-button--primary">
            Créer le brouillon
          </button>
        </Form>
      </details>
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
