import { Form, Link, redirect, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { searchIndexSize } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/algolia";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Index de recherche — Administration Comptoir" },
  // While a rebuild runs the page follows it, with or without JavaScript.
  ...(loaderData?.state.status === "running" ? [{ httpEquiv: "refresh", content: "2" }] : []),
];

export async function loader({ context }: Route.LoaderArgs) {
  const { searchRebuild, database } = context.get(serverContext);
  return { state: await searchRebuild.state(), size: await searchIndexSize(database.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await readStaffForm(request, context);
  const { staff } = context.get(staffContext);
  // Already running (here or on another instance): the screen shows that run.
  await context.get(serverContext).searchRebuild.start(staff.email);
  throw redirect("/middleware/algolia/");
}

const PHASES = {
  products: "Produits",
  collections: "Collections",
  metaobjects: "Marques et artisans",
  cleanup: "Nettoyage",
} as const;

const number = new Intl.NumberFormat("fr-FR");
const time = new Intl.DateTimeFormat("fr-FR", { timeStyle: "medium", timeZone: "Europe/Paris" });

export default function SearchIndexScreen() {
  const { state, size } = useLoaderData<typeof loader>();
  const running = state.status === "running";
  return (
    <>
      <h1>Index de recherche</h1>
      <section className="admin-card" aria-labelledby="index-title">
        <h2 id="index-title">État</h2>
        <dl className="admin-figures">
          <div className="admin-figure">
            <dt>Documents indexés</dt>
            <dd>{number.format(size.documents)}</dd>
          </div>
          <div className="admin-figure">
            <dt>Mots connus</dt>
            <dd>{number.format(size.words)}</dd>
          </div>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="rebuild-title" aria-live="polite">
        <h2 id="rebuild-title">Reconstruction</h2>
        <p>
          La reconstruction réindexe tout le catalogue par lots ; la recherche reste disponible
          pendant ce temps.
        </p>
        {state.status === "running" && (
          <>
            <p>
              {`Reconstruction lancée par ${state.startedBy} à ${time.format(new Date(state.startedAt))}`}
              {state.progress &&
                ` — ${PHASES[state.progress.phase]} : ${number.format(state.progress.done)} / ${number.format(state.progress.total)}`}
            </p>
            <progress
              max={state.progress?.total || 1}
              value={state.progress?.done ?? 0}
              aria-label="Avancement de la phase en cours"
            />
          </>
        )}
        {state.status === "done" && (
          <p className="admin-alert admin-alert--success">
            {`Index reconstruit en ${(state.result.milliseconds / 1000).toFixed(1)} s : ${number.format(state.result.documents)} documents, ${number.format(state.result.words)} mots (lancé par ${state.startedBy}).`}
          </p>
        )}
        {state.status === "failed" && (
          <p className="admin-alert admin-alert--error" role="alert">
            {`La reconstruction a échoué : ${state.error}`}
          </p>
        )}
        <Form method="post">
          <CsrfField />
          <button type="submit" className="admin-button admin-button--primary" disabled={running}>
            {running ? "Reconstruction en cours…" : "Reconstruire l'index"}
          </button>
        </Form>
      </section>
      <section className="admin-card" aria-labelledby="synonyms-title">
        <h2 id="synonyms-title">Synonymes</h2>
        <p>
          Les synonymes (« pq » → « papier toilette », « gazeuse » ⇄ « pétillante ») s'appliquent
          dès la recherche suivante, sans reconstruction :{" "}
          <Link to="/middleware/synonymes/">gérer les synonymes</Link>.
        </p>
      </section>
    </>
  );
}
