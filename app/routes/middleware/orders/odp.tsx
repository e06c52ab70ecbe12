import { useEffect, useState } from "react";
import { Link, useLoaderData } from "react-router";
import { serverContext } from "#app/lib/server-context.ts";
import {
  groceryPreparation,
  type OrderPreparation,
  orderPreparation,
  parisDay,
  parseDay,
  pickTotals,
  slotLabel,
  slotPreparations,
} from "#platform/backoffice/index.ts";
import { orderNumberLabel, orderStatusLabel } from "#platform/order-status.ts";
import { SUBSTITUTION_LABELS } from "#platform/substitution.ts";
import type { Route } from "./+types/odp";

export const meta: Route.MetaFunction = () => [
  { title: "Fiche de préparation — Administration Comptoir" },
];

const positiveInteger = (value: string | null) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * One order's sheet (`?order=123`) or a slot's sheets with the slot's totals
 * (`?date=YYYY-MM-DD&store=1&slot=…`), or a grocery order's sheet (`?grocery=12`, the commerce
 * order's id); anything else is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { database } = context.get(serverContext);
  const orderId = positiveInteger(params.get("order"));
  if (orderId !== null) {
    const sheet = await orderPreparation(database.db, orderId);
    if (!sheet) throw new Response("Commande introuvable", { status: 404 });
    return {
      title: `Commande ${orderNumberLabel(sheet.order.orderNumber)}`,
      day: sheet.slot.key.slice(0, 10),
      sheets: [sheet],
      totals: null,
    };
  }
  const groceryId = positiveInteger(params.get("grocery"));
  if (groceryId !== null) {
    const sheet = await groceryPreparation(database.db, groceryId);
    if (!sheet) throw new Response("Commande introuvable", { status: 404 });
    const title = `Commande ${orderNumberLabel(sheet.order.orderNumber)}`;
    return { title, day: parisDay(new Date(sheet.slot.start)), sheets: [sheet], totals: null };
  }
  const storeId = positiveInteger(params.get("store"));
  const slotKey = params.get("slot");
  const day = parseDay(params.get("date")) ?? parseDay(slotKey?.slice(0, 10));
  if (storeId === null || !slotKey || !day) {
    throw new Response("Indiquez une commande ou un créneau", { status: 404 });
  }
  const sheets = await slotPreparations(database.db, { storeId, slotKey });
  return {
    title: `Créneau ${slotLabel(slotKey)}${sheets[0] ? ` · ${sheets[0].store.name}` : ""}`,
    day,
    sheets,
    totals: pickTotals(sheets),
  };
}

const withOptions = (name: string, options: readonly string[]) =>
  options.length > 0 ? `${name} (${options.join(", ")})` : name;

function Destination({ sheet }: { sheet: OrderPreparation }) {
  const place = sheet.order.deliveryLocation;
  if (!place) return <>Retrait</>;
  return (
    <>
      Livraison : {place.address}, {place.postcode} {place.city}
      {place.instructions ? ` — ${place.instructions}` : ""}
    </>
  );
}

/** A grocery line's substitution choice: a refusal stands out on the printed sheet. */
function Substitute({ accepted }: { accepted: boolean | null }) {
  if (accepted === null) return <>—</>;
  if (accepted) return <>{SUBSTITUTION_LABELS.accepted}</>;
  return <strong>{SUBSTITUTION_LABELS.refused}</strong>;
}

function Sheet({ sheet }: { sheet: OrderPreparation }) {
  const substitutes = sheet.lines.some((line) => line.substitute !== null);
  const cuts = sheet.lines.some((line) => line.cut !== null);
  return (
    <article
      className="admin-card admin-odp-sheet"
      aria-label={`Commande ${orderNumberLabel(sheet.order.orderNumber)}`}
    >
      <h2>
        Commande {orderNumberLabel(sheet.order.orderNumber)} · {sheet.store.name}
        {sheet.slot.label && ` · Créneau ${sheet.slot.label}`}
      </h2>
      <dl className="admin-odp-facts">
        <dt>Client</dt>
        <dd>
          {sheet.customer.name ?? "—"} · {sheet.customer.phone}
        </dd>
        <dt>Mode</dt>
        <dd>
          <Destination sheet={sheet} />
        </dd>
        {sheet.giftWrap && (
          <>
            <dt>Emballage</dt>
            <dd>
              <strong>Paquet cadeau</strong>
            </dd>
          </>
        )}
        {sheet.giftMessage && (
          <>
            <dt>Message cadeau</dt>
            <dd>« {sheet.giftMessage} »</dd>
          </>
        )}
        <dt>Statut</dt>
        <dd>
          <strong>{orderStatusLabel("restaurant", sheet.order.status)}</strong>
        </dd>
      </dl>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Qté</th>
            <th scope="col">Article</th>
            <th scope="col">Options</th>
            {cuts && <th scope="col">À couper</th>}
            {substitutes && <th scope="col">Remplacement</th>}
            <th scope="col">Prêt</th>
          </tr>
        </thead>
        <tbody>
          {sheet.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never move
            <tr key={index}>
              <td className="admin-number">{line.quantity}</td>
              <td>{line.name}</td>
              <td>{line.options.join(", ") || "—"}</td>
              {cuts && <td>{line.cut ? <strong>{line.cut}</strong> : "—"}</td>}
              {substitutes && (
                <td>
                  <Substitute accepted={line.substitute} />
                </td>
              )}
              <td aria-hidden="true">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/**
 * "Imprimer" once the page runs scripts; before that (or without them) a hint names the browser's
 * own shortcut, which prints the same page.
 */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <span>Pour imprimer : Ctrl+P (⌘+P sur Mac)</span>;
  return (
    <button
      type="button"
      className="admin-button admin-button--primary"
      onClick={() => window.print()}
    >
      Imprimer
    </button>
  );
}

export default function OdpScreen() {
  const { title, day, sheets, totals } = useLoaderData<typeof loader>();
  return (
    <div className="admin-odp">
      <p className="admin-odp__tools">
        <Link to={`/middleware/odp-list/?date=${day}`}>← Commandes du jour</Link> <PrintButton />
      </p>
      <h1>Fiche de préparation · {title}</h1>
      {totals && (
        <section className="admin-card" aria-label="Total à préparer">
          <h2>Total à préparer</h2>
          {totals.length === 0 ? (
            <p>Aucune commande à préparer pour ce créneau.</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Qté</th>
                  <th scope="col">Article</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((total) => (
                  <tr key={withOptions(total.name, total.options)}>
                    <td className="admin-number">{total.quantity}</td>
                    <td>{withOptions(total.name, total.options)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {sheets.map((sheet) => (
        <Sheet key={sheet.order.id} sheet={sheet} />
      ))}
    </div>
  );
}
