import { useLoaderData } from "react-router";
import { serverContext } from "#app/lib/server-context.ts";
import { listStores } from "#platform/ordering/index.ts";
import type { Route } from "./+types/stores";

/**
 * The stores screen (« Magasins », permission `slots`): every store of the ordering service with
 * its modes and capacities, each opening its page (`stores.$id.tsx`) where its hours, closures,
 * slot settings and delivery zones are changed.
 */

export const meta: Route.MetaFunction = () => [{ title: "Magasins — Administration Comptoir" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const stores = await listStores(database.db);
  return {
    stores: stores.map((store) => ({
      id: store.id,
      name: store.name,
      city: store.city,
      deliveryEnabled: store.deliveryEnabled,
      pickupEnabled: store.pickupEnabled,
      deliveryCapacity: store.deliveryCapacity,
      pickupCapacity: store.pickupCapacity,
      slotIntervalMinutes: store.slotIntervalMinutes,
    })),
  };
}

export default function StoresScreen() {
  const { stores } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Magasins</h1>
      {stores.length === 0 ? (
        <p>Aucun magasin.</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption>Magasins, modes de commande et capacité par créneau</caption>
            <thead>
              <tr>
                <th scope="col">Magasin</th>
                <th scope="col">Ville</th>
                <th scope="col">Livraison</th>
                <th scope="col">Retrait</th>
                <th scope="col">Durée d'un créneau</th>
              </tr>
            </thead>
            <tbody>
              {stores.map((store) => (
                <tr key={store.id}>
                  <th scope="row">
                    <a href={`/middleware/stores/${store.id}`}>{store.name}</a>
                  </th>
                  <td>{store.city}</td>
                  <td>
                    {store.deliveryEnabled
                      ? `Oui, ${store.deliveryCapacity} commande(s) par créneau`
                      : "Non"}
                  </td>
                  <td>
                    {store.pickupEnabled
                      ? `Oui, ${store.pickupCapacity} commande(s) par créneau`
                      : "Non"}
                  </td>
                  <td>{store.slotIntervalMinutes} min</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href="/middleware/slots/">Voir le calendrier des créneaux</a>
      </p>
    </>
  );
}
