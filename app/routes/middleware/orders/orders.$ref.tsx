import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import {
  OrderProviderPayment,
  RefundForm,
  RefundList,
  when,
} from "#app/components/admin/order-provider-payment.tsx";
import { orderDocuments } from "#app/lib/account/invoices.server.ts";
import { readStaffForm, requirePermission, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  can,
  captureWeighedOrder,
  changeOrderStatus,
  orderDetail,
  PROVIDER_DASHBOARD_ACTOR,
  parseOrderRef,
  refundOrder,
  weighOrder,
} from "#platform/backoffice/index.ts";
import { cardLabel } from "#platform/cards.ts";
import { formatCents } from "#platform/format.ts";
import {
  ORDER_KIND_LABELS,
  ORDER_MODE_LABELS,
  orderNumberLabel,
  orderStatusLabel,
} from "#platform/order-status.ts";
import type { Route } from "./+types/orders.$ref";

/**
 * One order (`epicerie-<id>`: grocery, `traiteur-<id>`: restauration): its lines with their
 * options, slot and store or address, payment as the processor has it (card, charged,
 * refunded), notes and history. Its next statuses are buttons; cancelling with a refund, or a
 * refund alone, needs the `refunds` permission (administrators).
 */

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Commande ${params.ref} — Administration Comptoir` },
];

function notFound(): never {
  throw new Response("Cette commande est introuvable.", { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const ref = parseOrderRef(params.ref);
  if (!ref) notFound();
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const detail = await orderDetail(database.db, ref, new Date());
  if (!detail) notFound();
  const documents = await orderDocuments(
    database,
    ref.kind === "grocery" ? "epicerie" : "restauration",
    ref.id,
  );
  return {
    detail,
    documents,
    canRefund: can(staff.role, "refunds"),
    refundKey: randomUUID(),
  };
}

type ActionResult = { ok: boolean; message: string };

/** "12,50" or "12.5" euros in cents; null when it is not an amount. */
function euroCents(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s|€/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export async function action({
  request,
  params,
  context,
}: Route.ActionArgs): Promise<ActionResult> {
  const form = await readStaffForm(request, context);
  const ref = parseOrderRef(params.ref);
  if (!ref) notFound();
  const { database, paymentProvider } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const intent = form.get("intent");
  const now = new Date();
  if (intent === "status") {
    const to = String(form.get("to") ?? "");
    const result = await changeOrderStatus(database.db, staff, ref, to, now, {
      provider: paymentProvider,
    });
    return result.ok
      ? { ok: true, message: `Statut changé : ${orderStatusLabel(ref.kind, to)}.` }
      : result;
  }
  if (intent === "refund") {
    requirePermission(staff, "refunds");
    const cancel = form.get("cancel") === "on";
    const amountText = String(form.get("amount") ?? "").trim();
    const amountCents = amountText === "" && cancel ? 0 : euroCents(amountText);
    if (amountCents === null) {
      return { ok: false, message: "Saisissez un montant en euros, par exemple 12,50." };
    }
    const key = String(form.get("key") ?? "");
    if (!/^[0-9a-f-]{36}$/.test(key)) {
      return { ok: false, message: "Formulaire expiré : rechargez la page et recommencez." };
    }
    const result = await refundOrder(
      database.db,
      staff,
      ref,
      { amountCents, idempotencyKey: `order-${params.ref}-${key}`, cancel },
      now,
      paymentProvider,
    );
    if (!result.ok) return result;
    return {
      ok: true,
      message: cancel
        ? `Commande annulée${amountCents ? `, ${formatCents(amountCents)} remboursés` : ""}.`
        : `${formatCents(amountCents)} remboursés.`,
    };
  }
  if ((intent === "weigh" || intent === "capture") && ref.kind === "grocery") {
    return weighOrCapture(form, ref.id, intent, staff, context);
  }
  return { ok: false, message: "Action inconnue." };
}

/** « Enregistrer les poids » and « Encaisser » of a grocery order awaiting its capture. */
async function weighOrCapture(
  form: FormData,
  orderId: number,
  intent: "weigh" | "capture",
  staff: { id: number | null; email: string },
  context: Route.ActionArgs["context"],
): Promise<ActionResult> {
  const { database, paymentProvider } = context.get(serverContext);
  const grams = new Map<number, number>();
  for (const [name, value] of form) {
    const match = /^grams-(\d{1,4})$/.exec(name);
    const text = String(value).trim().replace(/\s|g$/g, "");
    if (!match || text === "") continue;
    grams.set(Number(match[1]), /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN);
  }
  const weighed = await weighOrder(database.db, orderId, grams);
  if (!weighed.ok) return weighed;
  if (intent === "weigh") return { ok: true, message: "Poids enregistrés." };
  const key = String(form.get("key") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(key)) {
    return { ok: false, message: "Formulaire expiré : rechargez la page et recommencez." };
  }
  const captured = await captureWeighedOrder(
    database.db,
    paymentProvider,
    staff,
    orderId,
    { idempotencyKey: `capture-epicerie-${orderId}-${key}` },
    new Date(),
  );
  return captured.ok
    ? { ok: true, message: `${formatCents(captured.capturedCents)} encaissés.` }
    : captured;
}

export default function OrderScreen() {
  const { detail, documents, canRefund, refundKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { kind, order, payment, giftCards, history } = detail;
  const provider = detail.provider;
  const label = orderNumberLabel(order.orderNumber);
  const status = orderStatusLabel(kind, order.status);
  const closed = detail.next.length === 0;
  const cancelStatus = kind === "grocery" ? "cancelled" : "Cancelled";
  const moves = detail.next.filter((next) => next !== cancelStatus && next !== "Rejected");
  const refusals = detail.next.filter((next) => next === cancelStatus || next === "Rejected");
  const remaining = payment ? payment.amountCents - payment.refundedCents : 0;
  return (
    <>
      <p>
        <Link to="/middleware/orders/">← Commandes</Link>
      </p>
      <h1>
        Commande {label} · {ORDER_KIND_LABELS[kind]}
      </h1>
      {result && (
        <p
          className={`admin-alert ${result.ok ? "admin-alert--success" : "admin-alert--error"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.message}
        </p>
      )}
      {detail.warning && (
        <p className="admin-alert admin-alert--error" role="alert">
          {detail.warning}
        </p>
      )}
      <section className="admin-card" aria-label="Statut">
        <h2>
          Statut : <span data-testid="order-status">{status}</span>
        </h2>
        <p>
          Passée le {when(order.placedAt)} · {ORDER_MODE_LABELS[order.mode]} ·{" "}
          {formatCents(order.totalCents)}
        </p>
        {!closed && (
          <div className="admin-inline-form">
            {[...moves, ...refusals].map((next) => (
              <Form method="post" key={next}>
                <CsrfField />
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="to" value={next} />
                <button
                  type="submit"
                  className={
                    next === cancelStatus || next === "Rejected"
                      ? "admin-button"
                      : "admin-button admin-button--primary"
                  }
                >
                  {next === cancelStatus
                    ? "Annuler sans remboursement"
                    : `Passer à « ${orderStatusLabel(kind, next)} »`}
                </button>
              </Form>
            ))}
          </div>
        )}
      </section>
      <section className="admin-card" aria-label="Client">
        <h2>Client</h2>
        <p>{order.name ?? "—"}</p>
        <p>E-mail : {order.email ?? "—"}</p>
        <p>Téléphone : {order.phone ?? "—"}</p>
        {kind === "grocery" ? (
          <>
            <p>{order.deliveryMethod}</p>
            {order.shippingAddress && (
              <p>
                Adresse : {order.shippingAddress.address1}
                {order.shippingAddress.address2 ? `, ${order.shippingAddress.address2}` : ""},{" "}
                {order.shippingAddress.zip} {order.shippingAddress.city}
              </p>
            )}
            {order.storeName || order.slotStart ? (
              <p>
                {order.storeName ? `Magasin : ${order.storeName}` : ""}
                {order.storeName && order.slotStart ? " · " : ""}
                {order.slotStart ? `Créneau : ${when(order.slotStart)}` : ""}
              </p>
            ) : null}
            {order.storeAddress && <p>Adresse du magasin : {order.storeAddress}</p>}
          </>
        ) : (
          <>
            <p>
              Magasin : {order.storeName} · Créneau : {when(order.slotStart)}
            </p>
            {order.deliveryLocation && (
              <p>
                Adresse : {order.deliveryLocation.address}, {order.deliveryLocation.postcode}{" "}
                {order.deliveryLocation.city}
                {order.deliveryLocation.instructions
                  ? ` (${order.deliveryLocation.instructions})`
                  : ""}
              </p>
            )}
            {order.giftWrap && <p>Paquet cadeau</p>}
          </>
        )}
        {kind === "grocery" && order.note && <p>Note : {order.note}</p>}
        {"gift" in order && order.gift.wrap && <p>Paquet cadeau</p>}
        {"gift" in order && order.gift.message && (
          <p>{`Message cadeau : « ${order.gift.message} »`}</p>
        )}
      </section>
      <section className="admin-card" aria-label="Articles">
        <h2>Articles</h2>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Article</th>
              <th scope="col">Quantité</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {kind === "grocery"
              ? order.lines.map((line) => (
                  <tr key={line.position}>
                    <td>
                      {line.title}
                      {line.variantTitle ? ` (${line.variantTitle})` : ""}
                      {line.details.length > 0 ? ` · ${line.details.join(", ")}` : ""}
                    </td>
                    <td className="admin-number">{line.quantity}</td>
                    <td className="admin-number">{formatCents(line.totalCents)}</td>
                  </tr>
                ))
              : order.lines.map((line) => (
                  <tr key={line.position}>
                    <td>
                      {line.name}
                      {line.options.length > 0
                        ? ` (${line.options.map((option) => option.name).join(", ")})`
                        : ""}
                    </td>
                    <td className="admin-number">{line.quantity}</td>
                    <td className="admin-number">{formatCents(line.lineTotalCents)}</td>
                  </tr>
                ))}
          </tbody>
        </table>
      </section>
      <section className="admin-card" aria-label="Paiement">
        <h2>Paiement</h2>
        {"adultConfirmedAt" in order && order.adultConfirmedAt && (
          <p>{`Vente d'alcool : majorité confirmée par le client le ${when(order.adultConfirmedAt)}.`}</p>
        )}
        {giftCards.length > 0 && (
          <ul aria-label="Cartes cadeaux">
            {giftCards.map((card) => (
              <li key={card.giftCardId}>
                <Link to={`/middleware/gift-cards/${card.giftCardId}/`}>
                  {`Carte cadeau •••• ${card.lastCharacters}`}
                </Link>
                {` : ${formatCents(card.spentCents)}`}
                {card.refundedCents > 0
                  ? ` (recrédités sur la carte : ${formatCents(card.refundedCents)})`
                  : ""}
              </li>
            ))}
          </ul>
        )}
        {detail.mealVoucher && (
          <p data-testid="meal-voucher">
            {`Payé par ${cardLabel(detail.mealVoucher)} · Encaissé : ${formatCents(
              detail.mealVoucher.amountCents,
            )} · Remboursé : ${formatCents(detail.mealVoucher.refundedCents)}`}
            {detail.mealVoucher.refundedCents < detail.mealVoucher.amountCents &&
              " (recrédité sur la carte si la commande est annulée)"}
          </p>
        )}
        {provider ? (
          <OrderProviderPayment
            payment={provider}
            weighing={detail.weighing}
            canRefund={canRefund}
            closed={closed}
            formKey={refundKey}
          />
        ) : payment ? (
          <>
            <p>
              {`Payé par ${cardLabel(payment)}`} · Encaissé : {formatCents(payment.amountCents)} ·
              Remboursé : <span data-testid="refunded">{formatCents(payment.refundedCents)}</span>
            </p>
            <RefundList refunds={payment.refunds} />
            {canRefund && (remaining > 0 || !closed) && (
              <RefundForm formKey={refundKey} remainingCents={remaining} closed={closed} />
            )}
          </>
        ) : (
          <p>Aucun paiement par carte bancaire.</p>
        )}
        {giftCards.length > 0 && !closed && (
          <p className="admin-field__hint">
            Annuler la commande recrédite aux cartes cadeaux ce qu'elles ont payé.
          </p>
        )}
      </section>
      {documents.links.length > 0 && (
        <section className="admin-card" aria-label="Factures">
          <h2>Factures</h2>
          <ul>
            {documents.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.title} (PDF)</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="admin-card" aria-label="Historique">
        <h2>Historique</h2>
        <ul>
          <li>
            {when(order.placedAt)} : commande passée (
            {orderStatusLabel(kind, kind === "grocery" ? "received" : "Placed")})
          </li>
          {history.map((event) => (
            <li key={event.id}>
              {when(event.at)} :{" "}
              {event.action === "refund" && event.staffEmail === PROVIDER_DASHBOARD_ACTOR.email
                ? `remboursement de ${formatCents(event.amountCents ?? 0)} effectué depuis le tableau de bord du prestataire de paiement`
                : event.action === "refund"
                  ? `remboursement de ${formatCents(event.amountCents ?? 0)} par ${event.staffEmail}`
                  : event.action === "capture"
                    ? `paiement encaissé au poids pesé : ${formatCents(event.amountCents ?? 0)} par ${event.staffEmail}`
                    : `${orderStatusLabel(kind, event.fromStatus ?? "")} → ${orderStatusLabel(kind, event.toStatus ?? "")}${event.note ? ` (${event.note})` : ""} par ${event.staffEmail}`}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
