import { useActionData, useLoaderData } from "react-router";
import { jobScreenAction } from "#app/components/admin/job-screen.server.ts";
import {
  JobReportCard,
  JobStartForm,
  jobScreenMeta,
  RefusedAlert,
} from "#app/components/admin/job-screen.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import {
  countProducts,
  exportFlipdishJob,
  orderingAdminCall,
  orderingStores,
  startMenuExport,
} from "#platform/backoffice/index.ts";
import type { Route } from "./+types/export-flipdish";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  jobScreenMeta("Export vers les menus", loaderData?.state);

export async function loader({ context }: Route.LoaderArgs) {
  const { database, env, logger } = context.get(serverContext);
  let stores: { id: number; name: string }[] | null;
  try {
    stores = (await orderingStores(orderingAdminCall(env.ORDERING_API_TOKEN))).map((store) => ({
      id: store.StoreId,
      name: store.Name,
    }));
  } catch (error) {
    logger.warn({ err: error }, "ordering service call failed");
    stores = null;
  }
  return {
    state: await exportFlipdishJob().state(database.db),
    restauration: await countProducts(database.db, { kind: "restauration" }),
    stores,
  };
}

export function action(args: Route.ActionArgs) {
  return jobScreenAction(args, {
    screen: "/middleware/export-flipdish/",
    kind: "export",
    start: async () => startMenuExport,
  });
}

const number = new Intl.NumberFormat("fr-FR");
const FIELDS: Record<string, string> = { Name: "nom", Price: "prix", IsAvailable: "disponibilité" };

/** Pushes the restauration products into the ordering service's menus, with a report. */
export default function MenuExportScreen() {
  const { state, restauration, stores } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <h1>Export vers les menus</h1>
      <RefusedAlert refused={refused} />
      <section className="admin-card" aria-labelledby="export-title">
        <h2 id="export-title">{`Envoyer les ${number.format(restauration)} produits de restauration`}</h2>
        <p>
          Met à jour, dans les menus des magasins du service de commande, le nom, le prix et la
          disponibilité de chaque plat d'après le catalogue. Les plats sont reliés par le numéro
          d'article de menu de leur fiche de contenu ; un produit sans article de menu est signalé
          et n'est pas créé.
        </p>
        <JobStartForm kind="export" state={state} label="Envoyer vers les menus" />
      </section>
      <JobReportCard kind="export" state={state}>
        {(report) => (
          <>
            <ul>
              <li>{`${number.format(report.products)} produit(s) de restauration, ${report.menus.length} menu(s)`}</li>
              <li>{`${number.format(report.updated)} article(s) de menu mis à jour, ${number.format(report.unchanged)} déjà à jour`}</li>
              <li>
                {report.notOnMenu.length === 0
                  ? "Tous les produits ont leur article de menu."
                  : `${report.notOnMenu.length} produit(s) sans article de menu : ${report.notOnMenu.join(", ")}`}
              </li>
            </ul>
            {report.changes.length > 0 && (
              <table className="admin-table">
                <caption>Articles mis à jour</caption>
                <thead>
                  <tr>
                    <th scope="col">Produit</th>
                    <th scope="col">Menu</th>
                    <th scope="col">Article</th>
                    <th scope="col">Champs</th>
                  </tr>
                </thead>
                <tbody>
                  {report.changes.map((change) => (
                    <tr key={`${change.menuId}-${change.menuItemId}`}>
                      <td>{change.handle}</td>
                      <td>{change.menuId}</td>
                      <td>{change.menuItemId}</td>
                      <td>{change.fields.map((field) => FIELDS[field] ?? field).join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </JobReportCard>
      <section className="admin-card" aria-labelledby="files-title">
        <h2 id="files-title">Fichiers par magasin</h2>
        {stores === null ? (
          <p className="admin-alert admin-alert--error" role="alert">
            Le service de commande ne répond pas : réessayez dans un instant.
          </p>
        ) : (
          <ul className="admin-downloads">
            {stores.map((store) => (
              <li key={store.id}>
                <a href={`/middleware/export-flipdish/${store.id}.csv`} download>
                  {`Télécharger les produits de ${store.name}`}
                </a>{" "}
                — CSV : article de menu, section, produit, prix, disponibilité dans ce magasin.
              </li>
            ))}
          </ul>
        )}
        <p className="admin-field__hint">
          Pour les scripts : <code>GET /api/export/fd/products/{"{StoreId}"}</code>, avec l'en-tête
          de vérification.
        </p>
      </section>
    </>
  );
}
