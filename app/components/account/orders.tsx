import { lazy, Suspense, useState } from "react";
import { Form, Link } from "react-router";
import { formatDate, formatMoney } from "#app/lib/format.ts";
import { GROCERY_STATUS_LABELS, groceryStatusOf } from "#platform/order-status.ts";

/** Lazy: the panel and its fetcher load only when a shopper asks to reorder. */
const ReorderPanel = lazy(() =>
  import("./reorder-panel.tsx").then((module) => ({ default: module.ReorderPanel })),
);

export type OrderRow = {
  id: string;
  path: string;
  name: string;
  processedAt: string;
  /** A restauration order (ordering service), or a grocery one. */
  kind?: "restauration" | "epicerie";
  /** The status already in French (restauration orders); else read from the two below. */
  statusLabel?: string | null;
  financialStatus?: string | null;
  fulfillmentStatus?: string;
  canceledAt?: string | null;
  totalPrice: { amount: string };
  /** The booked delivery or pickup slot (grocery orders since slots are booked). */
  deliverySlot?: { modeLabel: string; label: string; storeName: string | null } | null;
};

const FINANCIAL: Record<string, string> = {
  PAID: "Payée",
  PENDING: "Paiement en attente",
  AUTHORIZED: "Paiement autorisé",
  PARTIALLY_PAID: "Partiellement payée",
  PARTIALLY_REFUNDED: "Partiellement remboursée",
  REFUNDED: "Remboursée",
  VOIDED: "Annulée",
};

/**
 * The French words for an order's payment and preparation statuses: the preparation status is
 * the shop's own (platform/order-status.ts), read back from the API's fulfillment status and
 * cancellation.
 */
export function orderStatus(
  financial: string | null,
  fulfillment: string,
  canceledAt: string | null = null,
): string {
  const preparation = GROCERY_STATUS_LABELS[groceryStatusOf(fulfillment, canceledAt)];
  const parts = [financial ? (FINANCIAL[financial] ?? financial) : null, preparation];
  return parts.filter(Boolean).join(" · ");
}

export function formatOrderDate(iso: string): string {
  return formatDate(new Date(iso), { weekday: false });
}

/** The order history (storefront.md §7: 20 a page in the account, with cursors). */
export function OrdersList({
  orders,
  totalCount,
  nextPage,
  firstPage,
}: {
  orders: OrderRow[];
  totalCount: number;
  nextPage: string | null;
  firstPage: string | null;
}) {
  return (
    <section className="account-card" aria-labelledby="commandes-titre">
      <h2 id="commandes-titre">Mes commandes</h2>
      {orders.length === 0 ? (
        <p>Vous n'avez pas encore passé de commande.</p>
      ) : (
        <>
          <p className="account-muted">
            {totalCount} {totalCount > 1 ? "commandes" : "commande"}
          </p>
          <table className="account-orders">
            <caption className="visually-hidden">Historique des commandes</caption>
            <thead>
              <tr>
                <th scope="col">Commande</th>
                <th scope="col">Date</th>
                <th scope="col">Créneau</th>
                <th scope="col">Statut</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={order.path} aria-label={`Voir la commande ${order.name}`}>
                      {order.name}
                    </Link>
                    {order.kind === "restauration" && (
                      <span className="account-muted"> · Traiteur</span>
                    )}
                  </th>
                  <td>{formatOrderDate(order.processedAt)}</td>
                  <td>
                    {order.deliverySlot
                      ? `${order.deliverySlot.modeLabel}, ${order.deliverySlot.label}`
                      : "—"}
                  </td>
                  <td>
                    {order.statusLabel ??
                      orderStatus(
                        order.financialStatus ?? null,
                        order.fulfillmentStatus ?? "",
                        order.canceledAt,
                      )}
                  </td>
                  <td>{formatMoney(order.totalPrice.amount)}</td>
                  <td>
                    <ReorderButton orderPath={order.path} orderName={order.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {(nextPage || firstPage) && (
        <nav className="account-pagination" aria-label="Pages de commandes">
          {firstPage && <Link to={firstPage}>Commandes les plus récentes</Link>}
          {nextPage && <Link to={nextPage}>Commandes plus anciennes</Link>}
        </nav>
      )}
    </section>
  );
}

/**
 * 'Commander à nouveau': without JavaScript, a form that adds the order's available lines to the
 * cart; with it, the reorder side panel first lists the lines and what can still be bought.
 */
export function ReorderButton({ orderPath, orderName }: { orderPath: string; orderName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form method="post" action={orderPath}>
        <input type="hidden" name="intent" value="reorder" />
        <button
          type="submit"
          className="account-button"
          aria-label={`Commander à nouveau la commande ${orderName}`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          Commander à nouveau
        </button>
      </Form>
      {open && (
        <Suspense fallback={null}>
          <ReorderPanel
            orderPath={orderPath}
            orderName={orderName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** An order page's top: the way back to the list, its name, the answer to a reorder, its summary. */
export function OrderPageHeading({
  name,
  message,
  summary,
}: {
  name: string;
  message: string | null | undefined;
  summary: string;
}) {
  return (
    <>
      <p className="account-back">
        <Link to="/compte/?s=3">← Mes commandes</Link>
      </p>
      <h1>Commande {name}</h1>
      {message && (
        <p className="account-message account-message--success" role="status">
          {message}
        </p>
      )}
      <p className="account-muted">{summary}</p>
    </>
  );
}
