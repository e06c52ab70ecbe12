import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { redirectCachedUrls, removeRedirect, saveRedirect } from "#platform/backoffice/index.ts";
import {
  findUrlRedirectById,
  listUrlRedirects,
  URL_REDIRECT_MESSAGES,
  type UrlRedirectErrors,
} from "#platform/commerce/index.ts";
import { formatDateTime } from "#platform/format.ts";
import type { Route } from "./+types/redirects";

/**
 * The redirects screen (editors and administrators, `content` permission): the shop's URL
 * redirects, 50 a page by old address, searchable; one created or changed with the form, deleted
 * from its row. The storefront follows a redirect when the old address would answer 404, and the
 * Storefront API lists them for Hydrogen (platform/commerce/redirects/url-redirects.ts). Every change is in
 * the change log (`url-redirect` subject) in the transaction that makes it, and drops the old
 * address from the page cache, so the redirect works at once.
 */

export const meta: Route.MetaFunction = () => [{ title: "Redirections — Administration Comptoir" }];

const SCREEN = "/middleware/redirects/";

const parseId = (text: unknown): number | undefined =>
  typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647
    ? Number(text)
    : undefined;

type FormValues = { path: string; target: string };

function listLink(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${SCREEN}?${query}` : SCREEN;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const list = await listUrlRedirects(database.db, { search, page });
  const editingId = parseId(url.searchParams.get("modifier"));
  const editing = editingId ? await findUrlRedirectById(database.db, editingId) : undefined;
  return {
    search,
    page: list.page,
    pages: list.pages,
    total: list.total,
    saved: url.searchParams.get("enregistre"),
    editing: editing ? { id: editing.id, path: editing.path, target: editing.target } : null,
    redirects: list.redirects.map((row) => ({
      id: row.id,
      path: row.path,
      target: row.target,
      updatedBy: row.updatedBy,
      updatedAt: formatDateTime(row.updatedAt),
    })),
  };
}

type ActionResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      errors?: UrlRedirectErrors;
      values?: FormValues;
      id?: number;
    };

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionResult | Response> {
  const form = await readStaffForm(request, context);
  const { database, pageCache } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const intent = form.get("intent");
  const id = parseId(form.get("id"));

  if (intent === "delete") {
    if (id === undefined) return { ok: false, message: URL_REDIRECT_MESSAGES.notFound };
    const removed = await removeRedirect(database.db, staff, id);
    if (!removed) return { ok: false, message: URL_REDIRECT_MESSAGES.notFound };
    return { ok: true, message: `La redirection de « ${removed.path} » est supprimée.` };
  }
  if (intent !== "save") return { ok: false, message: "Formulaire invalide." };

  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { path: text("path"), target: text("target") };
  const saved = await saveRedirect(database.db, staff, values, id);
  if (!saved.ok) {
    return {
      ok: false,
      message: saved.message ?? "La redirection n'est pas enregistrée : corrigez le formulaire.",
      errors: saved.errors,
      values,
      ...(id === undefined ? {} : { id }),
    };
  }
  // A page kept at the old address (gone since) would hide the redirect until it expires.
  for (const url of redirectCachedUrls(saved.redirect.path)) pageCache.purge(url);
  return redirect(`${SCREEN}?enregistre=${encodeURIComponent(saved.redirect.path)}`);
}

export default function RedirectsScreen() {
  const { search, page, pages, total, saved, editing, redirects } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const values: FormValues = failed?.values ?? editing ?? { path: "", target: "" };
  const id = failed?.values ? failed.id : editing?.id;
  const errors = failed?.errors ?? {};
  return (
    <>
      <h1>Redirections</h1>
      <p>
        Une ancienne adresse de la boutique mène à une nouvelle : la boutique redirige (301) un
        visiteur qui l'ouvre, si aucune page n'y répond plus.
      </p>
      {saved && !result && (
        <div className="admin-alert admin-alert--success" role="status">
          <p>{`La redirection de « ${saved} » est enregistrée.`}</p>
        </div>
      )}
      {result && <ActionAlert result={result} />}

      <Form
        method="get"
        className="admin-card admin-inline-form"
        aria-label="Rechercher une redirection"
      >
        <label className="admin-field">
          <span>Adresse</span>
          <input type="search" name="q" defaultValue={search} />
        </label>
        <button type="submit" className="admin-button">
          Rechercher
        </button>
      </Form>

      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>{`${total} redirection${total > 1 ? "s" : ""}`}</caption>
          <thead>
            <tr>
              <th scope="col">Ancienne adresse</th>
              <th scope="col">Destination</th>
              <th scope="col">Modifiée</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {redirects.length === 0 && (
              <tr>
                <td colSpan={4}>Aucune redirection.</td>
              </tr>
            )}
            {redirects.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.path}</th>
                <td>{row.target}</td>
                <td>
                  {row.updatedAt}
                  <br />
                  <small>{row.updatedBy}</small>
                </td>
                <td>
                  <Link to={`${SCREEN}?modifier=${row.id}`} className="admin-button">
                    {`Modifier ${row.path}`}
                  </Link>
                  <Form method="post" className="admin-inline-form">
                    <CsrfField />
                    <input type="hidden" name="id" value={row.id} />
                    <button type="submit" name="intent" value="delete" className="admin-button">
                      {`Supprimer ${row.path}`}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <p>
          {page > 1 && <Link to={listLink(search, page - 1)}>Page précédente</Link>}{" "}
          {`Page ${page} sur ${pages}`}{" "}
          {page < pages && <Link to={listLink(search, page + 1)}>Page suivante</Link>}
        </p>
      )}

      <section className="admin-card" aria-labelledby="redirect-form">
        <h2 id="redirect-form">
          {id === undefined ? "Nouvelle redirection" : `Modifier la redirection ${values.path}`}
        </h2>
        <Form method="post" key={id ?? "new"}>
          <CsrfField />
          <input type="hidden" name="intent" value="save" />
          {id !== undefined && <input type="hidden" name="id" value={id} />}
          <Field
            name="path"
            label="Ancienne adresse"
            defaultValue={values.path}
            error={errors.path}
            hint="Un chemin de la boutique, par exemple /ancienne-page/ ; majuscules et barre finale ne comptent pas."
            required
          />
          <Field
            name="target"
            label="Destination"
            defaultValue={values.target}
            error={errors.target}
            hint="Une adresse de la boutique, par exemple /magasin/, ou une adresse complète en https://."
            required
          />
          <button type="submit" className="admin-button admin-button--primary">
            {id === undefined ? "Créer la redirection" : "Enregistrer les modifications"}
          </button>{" "}
          {id !== undefined && <Link to={SCREEN}>Annuler</Link>}
        </Form>
      </section>
    </>
  );
}
