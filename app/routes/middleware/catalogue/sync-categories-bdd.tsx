import { useActionData, useLoaderData } from "react-router";
import { jobScreenAction } from "#app/components/admin/job-screen.server.ts";
import {
  JobReportCard,
  JobStartForm,
  jobScreenMeta,
  RefusedAlert,
} from "#app/components/admin/job-screen.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import { startCategorySync, syncCategoriesJob } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/sync-categories-bdd";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  jobScreenMeta("Synchronisation des catégories", loaderData?.state);

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  return { state: await syncCategoriesJob().state(database.db) };
}

export function action(args: Route.ActionArgs) {
  return jobScreenAction(args, {
    screen: "/middleware/sync-categories-bdd/",
    kind: "sync",
    start: async () => startCategorySync,
  });
}

const number = new Intl.NumberFormat("fr-FR");

/** Synchronises the catalogue's collections into the database documents and content records. */
export default function CategorySyncScreen() {
  const { state } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <h1>Synchronisation des catégories</h1>
      <RefusedAlert refused={refused} />
      <section className="admin-card" aria-labelledby="sync-title">
        <h2 id="sync-title">Synchroniser les catégories</h2>
        <p>
          Écrit le document en base de chaque catégorie du catalogue (<code>category/{"{id}"}</code>
          , ses produits dans l'ordre) et crée la fiche de contenu des catégories qui n'en ont pas
          (catégorie principale, ou sous-catégorie rattachée à sa catégorie parente). Les fiches
          existantes, éditoriales, ne sont pas modifiées.
        </p>
        <JobStartForm kind="sync" state={state} label="Synchroniser les catégories" />
      </section>
      <JobReportCard kind="sync" state={state}>
        {(report) => (
          <ul>
            <li>{`${number.format(report.collections)} catégorie(s) au catalogue`}</li>
            <li>{`${number.format(report.documents)} document(s) en base écrit(s) (les autres étaient à jour)`}</li>
            <li>{`${number.format(report.present)} fiche(s) de contenu déjà présente(s)`}</li>
            <li>
              {report.created.length === 0
                ? "Aucune fiche de contenu créée."
                : `${report.created.length} fiche(s) de contenu créée(s) : ${report.created.join(", ")}`}
            </li>
            <li>
              {report.orphans.length === 0
                ? "Aucune fiche de contenu sans catégorie au catalogue."
                : `${report.orphans.length} fiche(s) de contenu sans catégorie au catalogue : ${report.orphans.join(", ")}`}
            </li>
          </ul>
        )}
      </JobReportCard>
    </>
  );
}
