import { useLoaderData } from "react-router";
import { staffContext } from "#app/lib/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { dashboardFigures } from "#server/admin/dashboard.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Tableau de bord — Administration Comptoir" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  return { staff, figures: await dashboardFigures(database.db) };
}

const number = new Intl.NumberFormat("fr-FR");
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="admin-figure">
      <dt>{label}</dt>
      <dd>{typeof value === "number" ? number.format(value) : value}</dd>
    </div>
  );
}

export default function Dashboard() {
  const { staff, figures } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{`Bonjour ${staff.name}`}</h1>
      <section className="admin-card" aria-labelledby="catalogue-title">
        <h2 id="catalogue-title">Catalogue</h2>
        <dl className="admin-figures">
          <Figure label="Produits" value={figures.catalogue.products} />
          <Figure label="En vente" value={figures.catalogue.available} />
          <Figure label="Archivés" value={figures.catalogue.archived} />
          <Figure label="Collections" value={figures.catalogue.collections} />
          <Figure
            label="Produits dans l'index de recherche"
            value={figures.search.indexedProducts}
          />
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="content-title">
        <h2 id="content-title">Contenus et messages</h2>
        <dl className="admin-figures">
          <Figure label="Contenus publiés" value={figures.content.published} />
          <Figure label="Brouillons" value={figures.content.drafts} />
          <Figure label="E-mails et SMS en attente" value={figures.outbox.pending} />
          <Figure label="Envois en échec" value={figures.outbox.failed} />
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="data-title">
        <h2 id="data-title">Données</h2>
        <p>
          {figures.lastSeed
            ? `Données de démonstration chargées le ${dateTime.format(new Date(figures.lastSeed.at))} (graine ${figures.lastSeed.seed}, version ${figures.lastSeed.version}).`
            : "Aucune donnée de démonstration chargée."}
        </p>
      </section>
    </>
  );
}
