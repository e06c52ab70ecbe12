import { Form, Link, useLoaderData } from "react-router";
import { FilterSelect } from "#app/components/admin/filter-form.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import {
  listOrders,
  type OrderListFilter,
  parseCursor,
  parseDay,
  storeChoices,
} from "#platform/backoffice/index.ts";
import { formatCents, formatDate, formatTime } from "#platform/format.ts";
import {
  GROCERY_STATUS_LABELS,
  GROCERY_STATUSES,
  ORDER_KIND_LABELS,
  ORDER_MODE_LABELS,
  orderNumberLabel,
  orderStatusLabel,
  RESTAURANT_STATUS_LABELS,
  RESTAURANT_STATUSES,
} from "#platform/order-status.ts";
import type { Route } from "./+types/orders";

/**
 * « Commandes »: grocery and restauration orders in one list, newest first, 30 a page; filtered
 * by day, slot, store, mode, status and kind, searched by number, name, email or phone. Each
 * order opens its detail (`/middleware/orders/epicerie-12`, `/middleware/orders/traiteur-7`).
 */

export const meta: Route.MetaFunction = () => [{ title: "Commandes — Administration Comptoir" }];

function readFilter(params: URLSearchParams): OrderListFilter {
  const kind = params.get("kind");
  const mode = params.get("mode");
  const store = Number(params.get("store"));
  return {
    day: parseDay(params.get("date")),
    slot: params.get("slot")?.trim() || null,
    storeId: Number.isSafeInteger(store) && store > 0 ? store : null,
    mode: mode === "delivery" || mode === "pickup" ? mode : null,
    status: params.get("status") || null,
    kind: kind === "grocery" || kind === "restaurant" ? kind : null,
    search: params.get("q")?.trim().slice(0, 100) || null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = readFilter(params);
  const { database } = context.get(serverContext);
  const [page, stores] = await Promise.all([
    listOrders(database.db, filter, parseCursor(params.get("after"))),
    storeChoices(database.db),
  ]);
  return {
    filter,
    stores,
    next: page.next,
    orders: page.orders.map((order) => ({
      ...order,
      placedAt: order.placedAt.toISOString(),
      slotStart: order.slotStart?.toISOString() ?? null,
    })),
  };
}

function pageLink(filter: OrderListFilter, after: string) {
  const params = new URLSearchParams();
  if (filter.day) params.set("date", filter.day);
  if (filter.slot) params.set("slot", filter.slot);
  if (filter.storeId) params.set("store", String(filter.storeId));
  if (filter.mode) params.set("mode", filter.mode);
  if (filter.status) params.set("status", filter.status);
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.search) params.set("q", filter.search);
  params.set("after", after);
  return `?${params}`;
}

const placed = (iso: string) =>
  `${formatDate(new Date(iso), { weekday: false, year: false })} ${formatTime(new Date(iso))}`;

export default function OrdersScreen() {
  const { orders, filter, stores, next } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Commandes</h1>
      <Form
        method="get"
        className="admin-card admin-inline-form"
        aria-label="Filtrer les commandes"
      >
        <label className="admin-field">
          <span>Recherche</span>
          <input
            type="search"
            name="q"
            defaultValue={filter.search ?? ""}
            placeholder="N°, nom, e-mail ou téléphone"
          />
        </label>
        <label className="admin-field">
          <span>Jour</span>
          <input type="date" name="date" defaultValue={filter.day ?? ""} />
        </label>
        <FilterSelect name="kind" label="Type" value={filter.kind} options={ORDER_KIND_LABELS} />
        <FilterSelect name="mode" label="Mode" value={filter.mode} options={ORDER_MODE_LABELS} />
        <label className="admin-field">
          <span>Statut</span>
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">Tous</option>
            <optgroup label="Épicerie">
              {GROCERY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {GROCERY_STATUS_LABELS[status]}
                </option>
              ))}
            </optgroup>
            <optgroup label="Traiteur">
              {RESTAURANT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {RESTAURANT_STATUS_LABELS[status]}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="admin-field">
          <span>Magasin</span>
          <select name="store" defaultValue={filter.storeId ?? ""}>
            <option value="">Tous</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Créneau</span>
          <input
            type="text"
            name="slot"
            defaultValue={filter.slot ?? ""}
            placeholder="2026-11-24 12:00-13:00"
          />
        </label>
        <button type="submit" className="admin-button">
          Filtrer
        </button>
      </Form>
      {orders.length === 0 ? (
        <p className="admin-card">Aucune commande ne correspond.</p>
      ) : (
        <div className="admin-card admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Commande</th>
                <th scope="col">Type</th>
                <th scope="col">Passée le</th>
                <th scope="col">Client</th>
                <th scope="col">Mode</th>
                <th scope="col">Magasin · créneau</th>
                <th scope="col">Statut</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.ref}>
                  <td>
                    <Link to={`/middleware/orders/${order.ref}/`}>
                      {orderNumberLabel(order.orderNumber)}
                    </Link>
                  </td>
                  <td>{ORDER_KIND_LABELS[order.kind]}</td>
                  <td>{placed(order.placedAt)}</td>
                  <td>{order.name ?? order.email ?? order.phone ?? "—"}</td>
                  <td>{ORDER_MODE_LABELS[order.mode]}</td>
                  <td>
                    {order.storeName
                      ? `${order.storeName}${order.slotStart ? ` · ${placed(order.slotStart)}` : ""}`
                      : "—"}
                  </td>
                  <td>
                    {orderStatusLabel(order.kind, order.status)}
                    {order.warning && (
                      <strong className="admin-field__error"> · {order.warning}</strong>
                    )}
                  </td>
                  <td className="admin-number">{formatCents(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <p>
          <Link to={pageLink(filter, next)}>Commandes plus anciennes</Link>
        </p>
      )}
    </>
  );
}
