import { Fragment, useEffect } from "react";
import { data, Link } from "react-router";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import { InvoiceLinks, VatRows } from "#app/components/checkout/order-documents.tsx";
import { GiftNote, OrderFacts, OrderLines } from "#app/components/checkout/order-summary.tsx";
import { ReceiptLink } from "#app/components/checkout/receipt-link.tsx";
import {
  groceryOrderId,
  type OrderDocuments,
  orderDocuments,
} from "#app/lib/account/invoices.server.ts";
import { PRIVATE_HEADERS, shopperOf } from "#app/lib/checkout/checkout.server.ts";
import { modeLabel, purchaseEvent, trackCheckout } from "#app/lib/checkout/checkout.ts";
import { type ConfirmationView, confirmationFor } from "#app/lib/checkout/confirmation.server.ts";
import { formatCents } from "#app/lib/format.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { noindexMeta, stylesheetLinks } from "../private-page-head.ts";
import type { Route } from "./+types/order-confirmation";

/**
 * /order/confirmation/ — after an order: a restauration order (`?orderId=`, its slot, store and
 * PDF receipt) or a grocery order from the hosted checkout (`?order={GID}`). Private; an unknown
 * order, or someone else's, is a 404.
 */

export const links: Route.LinksFunction = stylesheetLinks(checkoutStyles);

export const meta: Route.MetaFunction = noindexMeta("Merci pour votre commande — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const confirmation = await confirmationFor(new URL(request.url), shopperOf(request, context));
  if (!confirmation) {
    throw data("Commande introuvable.", { status: 404, headers: PRIVATE_HEADERS });
  }
  const { database } = context.get(serverContext);
  const view = confirmation.view;
  const orderId = view.kind === "restauration" ? view.orderId : groceryOrderId(view.id);
  const documents = orderId
    ? await orderDocuments(database, view.kind, orderId)
    : { links: [], vat: [], payment: null };
  return data({ order: view, documents }, { headers: PRIVATE_HEADERS });
}

export default function ConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { order, documents } = loaderData;

  useEffect(() => {
    trackCheckout(
      purchaseEvent({ id: order.id, totalCents: order.totalCents, kind: order.kind }, order.items),
      `purchase:${order.id}`,
    );
  }, [order]);

  return (
    <div className="checkout checkout--confirmation">
      <h1 className="checkout__title">Merci pour votre commande !</h1>
      {order.kind === "restauration" ? (
        <RestaurationOrder order={order} documents={documents} />
      ) : (
        <GroceryOrder order={order} documents={documents} />
      )}
      <p>
        <Link to="/">Retour à la page d'accueil</Link>
      </p>
    </div>
  );
}

function RestaurationOrder({
  order,
  documents,
}: {
  order: Extract<ConfirmationView, { kind: "restauration" }>;
  documents: OrderDocuments;
}) {
  return (
    <>
      <p className="checkout-lead">
        Votre commande <strong>{order.name}</strong> est enregistrée.
      </p>
      <p className="checkout-help">
        Statut : <strong>{order.statusLabel}</strong>
      </p>
      <section className="checkout-card" aria-labelledby="confirmation-mode">
        <h2 id="confirmation-mode" className="checkout-card__title">
          {modeLabel(order.mode)}
        </h2>
        <OrderFacts store={order.store} deliveryAddress={order.deliveryAddress} slot={order.slot} />
      </section>
      <section className="checkout-card" aria-labelledby="confirmation-lines">
        <h2 id="confirmation-lines" className="checkout-card__title">
          Récapitulatif
        </h2>
        <OrderLines lines={order.lines} />
        <dl className="checkout-totals">
          <dt>Sous-total</dt>
          <dd>{formatCents(order.subtotalCents)}</dd>
          {order.voucher && order.voucher.amountCents > 0 && (
            <>
              <dt>{order.voucher.code ? `Code promo ${order.voucher.code}` : "Remise"}</dt>
              <dd>-{formatCents(order.voucher.amountCents)}</dd>
            </>
          )}
          <dt>Frais de service</dt>
          <dd>{formatCents(order.serviceFeeCents)}</dd>
          {order.mode === 1 && (
            <>
              <dt>Frais de livraison</dt>
              <dd>{formatCents(order.deliveryFeeCents)}</dd>
            </>
          )}
          <dt className="checkout-totals__total">Total payé</dt>
          <dd className="checkout-totals__total">{formatCents(order.totalCents)}</dd>
          <VatRows documents={documents} />
        </dl>
        {order.isWrap && <p className="checkout-help">Avec emballage cadeau.</p>}
      </section>
      <ReceiptLink orderId={order.orderId} linkKey={order.linkKey} />
      <InvoiceLinks documents={documents} />
    </>
  );
}

function GroceryOrder({
  order,
  documents,
}: {
  order: Extract<ConfirmationView, { kind: "epicerie" }>;
  documents: OrderDocuments;
}) {
  return (
    <>
      <p className="checkout-lead">
        Votre commande <strong>{order.name}</strong> est enregistrée. Un e-mail de confirmation vous
        a été envoyé.
      </p>
      {order.slot && (
        <section className="checkout-card" aria-labelledby="confirmation-mode">
          <h2 id="confirmation-mode" className="checkout-card__title">
            {order.slot.modeLabel}
          </h2>
          <OrderFacts
            store={
              order.slot.storeName
                ? { name: order.slot.storeName, address: order.slot.storeAddress ?? "" }
                : null
            }
            deliveryAddress={order.slot.mode === 1 ? order.deliveryAddress : null}
            slot={order.slot.label}
          />
          <GiftNote gift={order.gift} />
        </section>
      )}
      <section className="checkout-card" aria-labelledby="confirmation-lines">
        <h2 id="confirmation-lines" className="checkout-card__title">
          Récapitulatif
        </h2>
        <OrderLines lines={order.lines.map((line) => ({ ...line, name: line.title }))} />
        <dl className="checkout-totals">
          <dt>Sous-total</dt>
          <dd>{formatCents(order.subtotalCents)}</dd>
          {order.discountCents > 0 && (
            <>
              <dt>
                {order.automaticDiscount
                  ? `Remise automatique : ${order.automaticDiscount}`
                  : "Remise"}
              </dt>
              <dd>-{formatCents(order.discountCents)}</dd>
            </>
          )}
          {order.fees.map((fee) => (
            <Fragment key={fee.title}>
              <dt>{fee.title}</dt>
              <dd>{formatCents(fee.cents)}</dd>
            </Fragment>
          ))}
          <dt>Livraison</dt>
          <dd>{formatCents(order.shippingCents)}</dd>
          <dt className="checkout-totals__total">Total payé</dt>
          <dd className="checkout-totals__total">{formatCents(order.totalCents)}</dd>
          <VatRows documents={documents} />
        </dl>
      </section>
      <InvoiceLinks documents={documents} />
      <p>
        <a href={order.statusUrl}>Suivre ma commande</a>
      </p>
    </>
  );
}
