import { useActionData, useLoaderData } from "react-router";
import { jobScreenAction } from "#app/components/admin/job-screen.server.ts";
import {
  JobReportCard,
  JobStartForm,
  jobScreenMeta,
  RecordChangesTable,
  RefusedAlert,
} from "#app/components/admin/job-screen.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import { countProducts, startProductSync, syncProductsJob } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/sync-products-bdd";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  jobScreenMeta("Synchronisation des produits", loaderData?.state);

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  return {
    state: await syncProductsJob().state(database.db),
    products: await countProducts(database.db, { kind: "all" }),
  };
}

export function action(args: Route.ActionArgs) {
  return jobScreenAction(args, {
    screen: "/middleware/sync-products-bdd/",
    kind: "sync",
    start: async () => startProductSync,
  });
}

const number = new Intl.NumberFormat("fr-FR");

/** Synchronises the catalogue's products into the content records and database documents. */
export default function ProductSyncScreen() {
  const { state, products } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <h1>Synchronisation des produits</h1>
      <RefusedAlert refused={refused} />
      <section className="admin-card" aria-labelledby="sync-title">
        <h2 id="sync-title">{`Synchroniser les ${number.format(products)} produits`}</h2>
        <p>
          Reprend chaque produit du catalogue dans sa fiche de contenu (créée si elle manque) et
          dans son document en base (<code>products/{"{id}"}</code>). Les fiches de contenu dont le
          produit n'existe plus au catalogue sont archivées (étiquette <code>Archive</code>), sauf
          les formules.
        </p>
        <JobStartForm kind="sync" state={state} label="Synchroniser les produits" />
      </section>
      <JobReportCard kind="sync" state={state}>
        {(report) => (
          <>
            <ul>
              <li>{`${number.format(report.scanned)} produit(s) examiné(s)`}</li>
              <li>{`${number.format(report.created)} fiche(s) de contenu créée(s), ${number.format(report.updated)} mise(s) à jour, ${number.format(report.unchanged)} inchangée(s)`}</li>
              <li>{`${number.format(report.documents)} document(s) en base écrit(s)`}</li>
              <li>
                {report.archivedOrphans.length === 0
                  ? "Aucune fiche orpheline."
                  : `${report.archivedOrphans.length} fiche(s) orpheline(s) archivée(s) : ${report.archivedOrphans.join(", ")}`}
              </li>
            </ul>
            <RecordChangesTable caption="Fiches modifiées" changes={report.changes} />
          </>
        )}
      </JobReportCard>
    </>
  );
}
