import { Form, Link, useLoaderData } from "react-router";
import { serverContext } from "#app/lib/server-context.ts";
import { dayOrders, parisDay, parseDay } from "#platform/backoffice/index.ts";
import { orderNumberLabel, orderStatusLabel } from "#platform/order-status.ts";
import type { Route } from "./+types/odp-list";

export const meta: Route.MetaFunction = () => [
  { title: "Préparation des commandes — Administration Comptoir" },
];

/** The orders of a day (today in Paris unless `?date=YYYY-MM-DD`), by store then slot. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("date");
  const day = parseDay(asked) ?? parisDay(new Date());
  const { database } = context.get(serverContext);
  return { view: await dayOrders(database.db, day), refused: asked !== null && asked !== day };
}

const longDay = new Intl.DateTimeFormat("fr-FR", { dateStyle: "full", timeZone: "UTC" });

function sheetLink(query: Record<string, string | number>) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  return `/middleware/odp/?${params}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

export default function OdpListScreen() {
  const { view, refused } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Préparation des commandes</h1>
      <Form method="get" className="admin-card admin-inline-form" aria-label="Choisir le jour">
        <label className="admin-field">
          <span>Jour</span>
          <input type="date" name="date" defaultValue={view.day} required />
        </label>
        <button type="submit" className="admin-button">
          Afficher
        </button>
      </Form>
      {refused && (
        <p className="admin-alert admin-alert--error" role="alert">
          Date invalide : voici les commandes du jour.
        </p>
      )}
      <h2>
        {longDay.format(new Date(`${view.day}T00:00:00Z`))} ·{" "}
        {plural(view.total, "commande", "commandes")}
      </h2>
      {view.total === 0 && <p className="admin-card">Aucune commande pour ce jour.</p>}
      {view.stores.map((store) => (
        <section key={store.id} className="admin-card" aria-label={store.name}>
          <h2>
            {store.name} ({plural(store.orderCount, "commande", "commandes")})
          </h2>
          {store.slots.map((slot) => (
            <div key={slot.key} className="admin-odp-slot">
              <h3>
                Créneau {slot.label} · {plural(slot.orders.length, "commande", "commandes")} ·{" "}
                <Link to={sheetLink({ date: view.day, store: store.id, slot: slot.key })}>
                  Fiche du créneau
                </Link>
              </h3>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Commande</th>
                    <th scope="col">Client</th>
                    <th scope="col">Mode</th>
                    <th scope="col">Articles</th>
                    <th scope="col">Statut</th>
                  </tr>
                </thead>
                <tbody>
                  {slot.orders.map((order) => (
                    <tr key={order.id}>
                      <td>
                        <Link
                          to={
                            order.groceryId === undefined
                              ? sheetLink({ order: order.id })
                              : sheetLink({ grocery: order.groceryId })
                          }
                        >
                          {orderNumberLabel(order.orderNumber)}
                        </Link>
                      </td>
                      <td>{order.customerName ?? "—"}</td>
                      <td>{order.modeLabel}</td>
                      <td className="admin-number">
                        {order.itemCount}
                        {order.giftWrap ? " · Paquet cadeau" : ""}
                      </td>
                      <td>{orderStatusLabel("restaurant", order.status)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </section>
      ))}
      {view.grocery.orders.length > 0 && (
        <section className="admin-card" aria-label={view.grocery.label}>
          <h2>
            {view.grocery.label} ({plural(view.grocery.orders.length, "commande", "commandes")})
          </h2>
          <div className="admin-table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Commande</th>
                  <th scope="col">Client</th>
                  <th scope="col">Articles</th>
                  <th scope="col">Statut</th>
                </tr>
              </thead>
              <tbody>
                {view.grocery.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={`/middleware/odp/?grocery=${order.id}`}>
                        {orderNumberLabel(order.orderNumber)}
                      </Link>
                    </td>
                    <td>{order.email ?? "—"}</td>
                    <td className="admin-number">{order.itemCount}</td>
                    <td>{orderStatusLabel("grocery", order.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
