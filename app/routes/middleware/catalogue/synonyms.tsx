import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { removeSynonym, saveSynonym } from "#platform/backoffice/index.ts";
import { formatDateTime } from "#platform/format.ts";
import {
  findSearchSynonym,
  listSearchSynonyms,
  MAX_REPLACEMENTS,
  SYNONYM_MESSAGES,
  type SynonymErrors,
  type SynonymKind,
} from "#platform/search/index.ts";
import type { Route } from "./+types/synonyms";

/**
 * The search synonyms screen (editors and administrators, `catalogue` permission), linked from
 * the search index screen: what shoppers type and what the search understands, a one-way
 * replacement (pq → papier toilette) or a group of equivalents (gazeuse ⇄ pétillante); created
 * or changed with the form, deleted from its row. Searches expand the words at query time
 * (platform/search/synonyms.ts), so a change counts at the next search, on every instance (the
 * `search-synonyms` event drops the kept rules and search pages), with no index rebuild. Every
 * change is in the change log (`search-synonym` subject) in the transaction that makes it.
 */

export const meta: Route.MetaFunction = () => [{ title: "Synonymes — Administration Comptoir" }];

const SCREEN = "/middleware/synonymes/";

const KIND_LABELS: Record<SynonymKind, string> = {
  "one-way": "Sens unique",
  equivalent: "Équivalents",
};

const parseId = (text: unknown): number | undefined =>
  typeof text === "string" && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647
    ? Number(text)
    : undefined;

type FormValues = { term: string; replacements: string; kind: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const url = new URL(request.url);
  const editingId = parseId(url.searchParams.get("modifier"));
  const editing = editingId ? await findSearchSynonym(database.db, editingId) : undefined;
  const synonyms = await listSearchSynonyms(database.db);
  return {
    saved: url.searchParams.get("enregistre"),
    editing: editing
      ? {
          id: editing.id,
          term: editing.term,
          replacements: editing.replacements.join(", "),
          kind: editing.kind as string,
        }
      : null,
    synonyms: synonyms.map((row) => ({
      id: row.id,
      term: row.term,
      replacements: row.replacements,
      kind: row.kind,
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
      errors?: SynonymErrors;
      values?: FormValues;
      id?: number;
    };

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionResult | Response> {
  const form = await readStaffForm(request, context);
  const { database, caches } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const intent = form.get("intent");
  const id = parseId(form.get("id"));

  if (intent === "delete") {
    if (id === undefined) return { ok: false, message: SYNONYM_MESSAGES.notFound };
    const removed = await removeSynonym(database.db, staff, id);
    if (!removed) return { ok: false, message: SYNONYM_MESSAGES.notFound };
    caches.forgetSearchSynonyms();
    return { ok: true, message: `Le synonyme « ${removed.term} » est supprimé.` };
  }
  if (intent !== "save") return { ok: false, message: "Formulaire invalide." };

  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { term: text("term"), replacements: text("replacements"), kind: text("kind") };
  const saved = await saveSynonym(database.db, staff, values, id);
  if (!saved.ok) {
    return {
      ok: false,
      message: saved.message ?? "Le synonyme n'est pas enregistré : corrigez le formulaire.",
      errors: saved.errors,
      values,
      ...(id === undefined ? {} : { id }),
    };
  }
  // Once committed: every instance reads the rules again at its next search.
  caches.forgetSearchSynonyms();
  return redirect(`${SCREEN}?enregistre=${encodeURIComponent(saved.synonym.term)}`);
}

export default function SynonymsScreen() {
  const { saved, editing, synonyms } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const values: FormValues = failed?.values ??
    editing ?? { term: "", replacements: "", kind: "one-way" };
  const id = failed?.values ? failed.id : editing?.id;
  const errors = failed?.errors ?? {};
  const total = synonyms.length;
  return (
    <>
      <h1>Synonymes</h1>
      <p>
        Ce que tapent les clients et ce que la recherche comprend : « pq » cherche « papier toilette
        », « gazeuse » trouve aussi « pétillante ». Majuscules et accents ne comptent pas. Un
        synonyme s'applique dès la recherche suivante, sans reconstruire l'
        <Link to="/middleware/algolia/">index de recherche</Link>.
      </p>
      {saved && !result && (
        <div className="admin-alert admin-alert--success" role="status">
          <p>{`Synonyme enregistré : « ${saved} ».`}</p>
        </div>
      )}
      {result && <ActionAlert result={result} />}

      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>{`${total} synonyme${total > 1 ? "s" : ""}`}</caption>
          <thead>
            <tr>
              <th scope="col">Terme recherché</th>
              <th scope="col">Type</th>
              <th scope="col">Remplacé par ou équivalents</th>
              <th scope="col">Modifié</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {synonyms.length === 0 && (
              <tr>
                <td colSpan={5}>Aucun synonyme.</td>
              </tr>
            )}
            {synonyms.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.term}</th>
                <td>{KIND_LABELS[row.kind]}</td>
                <td>{row.replacements.join(", ")}</td>
                <td>
                  {row.updatedAt}
                  <br />
                  <small>{row.updatedBy}</small>
                </td>
                <td>
                  <Link to={`${SCREEN}?modifier=${row.id}`} className="admin-button">
                    {`Modifier ${row.term}`}
                  </Link>
                  <Form method="post" className="admin-inline-form">
                    <CsrfField />
                    <input type="hidden" name="id" value={row.id} />
                    <button type="submit" name="intent" value="delete" className="admin-button">
                      {`Supprimer ${row.term}`}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="admin-card" aria-labelledby="synonym-form">
        <h2 id="synonym-form">
          {id === undefined ? "Nouveau synonyme" : `Modifier le synonyme ${values.term}`}
        </h2>
        <Form method="post" key={id ?? "new"}>
          <CsrfField />
          <input type="hidden" name="intent" value="save" />
          {id !== undefined && <input type="hidden" name="id" value={id} />}
          <Field
            name="term"
            label="Terme recherché"
            defaultValue={values.term}
            error={errors.term}
            hint="Un mot ou une expression que tapent les clients, par exemple « pq » ou « jambon cru » ; 60 caractères au plus."
            required
          />
          <Field
            name="replacements"
            label="Remplacé par"
            defaultValue={values.replacements}
            error={errors.replacements}
            hint={`Un ou plusieurs mots ou expressions (${MAX_REPLACEMENTS} au plus), séparés par des virgules, par exemple « papier toilette ».`}
            required
          />
          <fieldset className="admin-checks">
            <legend>Type</legend>
            <label className="admin-check">
              <input
                type="radio"
                name="kind"
                value="one-way"
                defaultChecked={values.kind === "one-way"}
              />{" "}
              Sens unique : le terme est remplacé par le premier remplacement (« pq » → « papier
              toilette »), les suivants s'y ajoutent
            </label>
            <label className="admin-check">
              <input
                type="radio"
                name="kind"
                value="equivalent"
                defaultChecked={values.kind === "equivalent"}
              />{" "}
              Équivalents : le terme et ses remplacements se valent, chacun trouve les autres («
              gazeuse » ⇄ « pétillante »)
            </label>
            {errors.kind && <p className="admin-field__error">{errors.kind}</p>}
          </fieldset>
          <button type="submit" className="admin-button admin-button--primary">
            {id === undefined ? "Ajouter le synonyme" : "Enregistrer les modifications"}
          </button>{" "}
          {id !== undefined && <Link to={SCREEN}>Annuler</Link>}
        </Form>
      </section>
    </>
  );
}
