import { useLoaderData } from "react-router";
import { serverContext } from "#app/lib/server-context.ts";
import { feedSize } from "#platform/commerce/index.ts";
import type { Route } from "./+types/export-flux-produit";

export const meta: Route.MetaFunction = () => [
  { title: "Flux produits — Administration Comptoir" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  return { size: await feedSize(database.db) };
}

const number = new Intl.NumberFormat("fr-FR");

/** The product feed downloads; the files themselves come from `export-flux-produit/:file`. */
export default function ProductFeedScreen() {
  const { size } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Flux produits</h1>
      <section className="admin-card" aria-labelledby="feed-title">
        <h2 id="feed-title">{`${number.format(size)} produit(s) dans le flux`}</h2>
        <p>
          Les produits archivés et ceux masqués de la recherche sont exclus. Le fichier est produit
          à la demande, à partir du catalogue du moment.
        </p>
        <ul className="admin-downloads">
          <li>
            <a href="/middleware/export-flux-produit/produits.csv" download>
              Télécharger le CSV
            </a>{" "}
            — séparateur point-virgule, s'ouvre directement dans Excel.
          </li>
          <li>
            <a href="/middleware/export-flux-produit/produits.xml" download>
              Télécharger le flux XML
            </a>{" "}
            — au format Google Merchant (id, titre, lien, image, disponibilité, prix, marque, GTIN).
          </li>
        </ul>
        <p className="admin-field__hint">
          Pour les scripts : <code>GET /api/export/products</code> (CSV) et{" "}
          <code>GET /api/export/fb/products</code> (XML), avec l'en-tête de vérification.
        </p>
      </section>
    </>
  );
}
