import { type CheckoutTotals, type CheckoutView, modeLabel } from "#app/lib/checkout/checkout.ts";
import { formatCents, formatSlot } from "#app/lib/format.ts";
import { openOrderMode } from "#app/lib/order-mode/order-mode.ts";
import type { GiftOptions } from "#platform/commerce/index.ts";

/** The mode, store, address and slot of the order, with a way to change them. */
export function OrderModeSummary({
  view,
  canChange = true,
}: {
  view: Pick<CheckoutView, "mode" | "store" | "slotKey" | "deliveryAddress">;
  canChange?: boolean;
}) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-mode-title">
      <h2 id="checkout-mode-title" className="checkout-card__title">
        {modeLabel(view.mode)}
      </h2>
      <OrderFacts
        store={view.store}
        deliveryAddress={view.mode === 1 ? view.deliveryAddress : null}
        slot={view.slotKey ? formatSlot(view.slotKey) : "Aucun créneau choisi"}
      />
      {canChange && (
        <div className="checkout-inline">
          <button type="button" className="checkout-link" onClick={() => openOrderMode({})}>
            Modifier le mode ou le magasin
          </button>
          {view.mode !== 0 && (
            <button
              type="button"
              className="checkout-link"
              onClick={() => openOrderMode({ slotOnly: true })}
            >
              Changer de créneau
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** Store, delivery address (when there is one) and slot of an order, as a definition list. */
export function OrderFacts({
  store,
  deliveryAddress,
  slot,
}: {
  store: { name: string; address: string } | null;
  deliveryAddress: string | null;
  slot: string;
}) {
  return (
    <dl className="checkout-facts">
      {store && (
        <>
          <dt>Magasin</dt>
          <dd>
            {store.name}
            <br />
            <span className="checkout-help">{store.address}</span>
          </dd>
        </>
      )}
      {deliveryAddress && (
        <>
          <dt>Adresse de livraison</dt>
          <dd>{deliveryAddress}</dd>
        </>
      )}
      <dt>Créneau</dt>
      <dd>{slot}</dd>
    </dl>
  );
}

/** The priced lines of an order: quantity, name, chosen options and line total. */
export function OrderLines({
  lines,
}: {
  lines: readonly {
    key: string;
    quantity: number;
    name: string;
    options?: readonly string[];
    totalCents: number;
  }[];
}) {
  return (
    <ul className="checkout-lines">
      {lines.map((line) => (
        <li key={line.key} className="checkout-lines__line">
          <span>
            {line.quantity} × {line.name}
            {line.options && line.options.length > 0 && (
              <span className="checkout-help"> ({line.options.join(", ")})</span>
            )}
          </span>
          <span className="checkout-lines__price">{formatCents(line.totalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The priced lines and totals: subtotal, voucher, 0,50 € service fee, delivery fee, total. */
export function OrderTotals({ totals, mode }: { totals: CheckoutTotals; mode: number }) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-totals-title">
      <h2 id="checkout-totals-title" className="checkout-card__title">
        Récapitulatif
      </h2>
      <OrderLines lines={totals.lines} />
      <dl className="checkout-totals">
        <dt>Sous-total</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
        {totals.voucher && totals.discountCents > 0 && (
          <>
            <dt>
              {totals.voucher.automatic
                ? `Remise automatique : ${totals.voucher.description}`
                : `Code promo ${totals.voucher.code ?? ""}`}
            </dt>
            <dd>-{formatCents(totals.discountCents)}</dd>
          </>
        )}
        <dt>Frais de service</dt>
        <dd>{formatCents(totals.serviceFeeCents)}</dd>
        {mode === 1 && (
          <>
            <dt>Frais de livraison</dt>
            <dd>{formatCents(totals.deliveryFeeCents)}</dd>
          </>
        )}
        <dt className="checkout-totals__total">Total TTC</dt>
        <dd className="checkout-totals__total" data-testid="checkout-total">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>
    </section>
  );
}

/** The problems that block the order (French), as an alert. */
export function CheckoutProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="checkout-alert" role="alert">
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** A grocery order's gift options (issue 23): the wrapping asked for and the card's message. */
export function GiftNote({ gift }: { gift: GiftOptions }) {
  if (!gift.wrap && !gift.message) return null;
  return (
    <div className="checkout-help">
      <p>{gift.wrap ? "Avec emballage cadeau." : "C'est un cadeau."}</p>
      {gift.message && <p>{`Message pour le destinataire : « ${gift.message} »`}</p>}
    </div>
  );
}
