import { useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { jobScreenAction } from "#app/components/admin/job-screen.server.ts";
import {
  JobReportCard,
  JobStartForm,
  jobScreenMeta,
  RecordChangesTable,
  RefusedAlert,
} from "#app/components/admin/job-screen.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import {
  countProducts,
  exportContentfulJob,
  startContentExport,
} from "#platform/backoffice/index.ts";
import { productIdsByHandle } from "#platform/commerce/index.ts";
import type { Route } from "./+types/export-contentful";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  jobScreenMeta("Export vers le contenu", loaderData?.state);

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  return {
    state: await exportContentfulJob().state(database.db),
    products: await countProducts(database.db, { kind: "all" }),
    restauration: await countProducts(database.db, { kind: "restauration" }),
  };
}

const exportForm = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("all"), dryRun: z.string().optional() }),
  z.object({ scope: z.literal("restauration"), dryRun: z.string().optional() }),
  z.object({
    scope: z.literal("handle"),
    handle: z.string().trim().min(1, "Indiquez l'adresse (handle) du produit à exporter."),
    dryRun: z.string().optional(),
  }),
]);

export function action(args: Route.ActionArgs) {
  return jobScreenAction(args, {
    screen: "/middleware/export-contentful/",
    kind: "export",
    async start(form, context) {
      const parsed = exportForm.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        return parsed.error.issues[0]?.message ?? "Choisissez les produits à exporter.";
      }
      const data = parsed.data;
      if (data.scope === "handle") {
        const { database } = context.get(serverContext);
        const found = await productIdsByHandle(database.db, [data.handle]);
        if (!found.has(data.handle)) return `Aucun produit n'a l'adresse « ${data.handle} ».`;
      }
      return (deps, actor) =>
        startContentExport(deps, actor, {
          scope:
            data.scope === "handle"
              ? { kind: "handle", handle: data.handle }
              : { kind: data.scope },
          dryRun: data.dryRun === "on",
        });
    },
  });
}

const number = new Intl.NumberFormat("fr-FR");

/** Pushes catalogue products to the content service's product records, with a report. */
export default function ContentExportScreen() {
  const { state, products, restauration } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <>
      <h1>Export vers le contenu</h1>
      <RefusedAlert refused={refused} />
      <section className="admin-card" aria-labelledby="export-title">
        <h2 id="export-title">Exporter les produits</h2>
        <p>
          Chaque produit du catalogue a sa fiche dans le service de contenu (nom, adresse, prix
          avant remise, étiquettes, prix du menu de restauration). L'export crée les fiches
          manquantes et met à jour ce qui a changé ; les textes, images et liens éditoriaux des
          fiches ne sont pas touchés.
        </p>
        <JobStartForm kind="export" state={state} label="Lancer l'export">
          <fieldset className="admin-checks">
            <legend>Produits à exporter</legend>
            <label className="admin-check">
              <input type="radio" name="scope" value="all" defaultChecked />
              {` Tout le catalogue (${number.format(products)} produits)`}
            </label>
            <label className="admin-check">
              <input type="radio" name="scope" value="restauration" />
              {` Produits de restauration (${number.format(restauration)})`}
            </label>
            <label className="admin-check">
              <input type="radio" name="scope" value="handle" /> Un seul produit
            </label>
            <label className="admin-field">
              <span>Adresse (handle) du produit</span>
              <input name="handle" placeholder="miel-de-lavande" />
            </label>
          </fieldset>
          <label className="admin-check">
            <input type="checkbox" name="dryRun" /> Aperçu seulement : rien n'est écrit
          </label>
        </JobStartForm>
      </section>
      <JobReportCard kind="export" state={state}>
        {(report) => (
          <>
            <p>
              {`${report.dryRun ? "Aperçu : " : ""}${number.format(report.scanned)} produit(s) examiné(s) — ${number.format(report.created)} fiche(s) ${report.dryRun ? "à créer" : "créée(s)"}, ${number.format(report.updated)} ${report.dryRun ? "à mettre à jour" : "mise(s) à jour"}, ${number.format(report.unchanged)} inchangée(s).`}
            </p>
            <RecordChangesTable
              caption={`Fiches ${report.dryRun ? "à modifier" : "modifiées"}`}
              changes={report.changes}
            />
          </>
        )}
      </JobReportCard>
    </>
  );
}
