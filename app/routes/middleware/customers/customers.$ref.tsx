import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { displayPhone } from "#app/lib/account/account.server.ts";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { formatCents, formatDate, formatDateTime } from "#app/lib/format.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  CustomerGone,
  customerFile,
  eraseCustomer,
  parseCustomerRef,
  setCustomerDisabled,
} from "#platform/backoffice/index.ts";
import { orderNumberLabel, orderStatusLabel } from "#platform/order-status.ts";
import type { Route } from "./+types/customers.$ref";

/**
 * A customer's page: identity, the orders of both kinds (linked to the orders screen), addresses,
 * shopping lists, favourites, consents, saved cards (brand and last digits only); disable or
 * enable the person; « Exporter les données » (GDPR access, a JSON file) and « Effacer » (GDPR
 * erasure, once the email or phone is typed again). Every action is in the change log.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.file.name || "Client"} — Clients — Administration Comptoir` },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const ref = parseCustomerRef(params.ref);
  const { database } = context.get(serverContext);
  const file = ref ? await customerFile(database.db, ref) : null;
  if (!file) throw new Response("Client introuvable", { status: 404 });
  const { commerce, ordering } = file;
  return {
    ref: params.ref,
    file: {
      name: file.name,
      newsletter: file.newsletter,
      confirmation: file.confirmation,
      disabled: file.disabled,
      commerce: commerce && {
        id: commerce.id,
        email: commerce.email,
        name: [commerce.firstName, commerce.lastName].filter(Boolean).join(" "),
        phone: displayPhone(commerce.phone),
        acceptsMarketing: commerce.acceptsMarketing,
        activated: commerce.activated,
        disabled: commerce.disabled,
        createdAt: commerce.createdAt.toISOString(),
        addresses: commerce.addresses,
        shoppingLists: commerce.shoppingLists,
        wishlist: commerce.wishlist.length,
        orders: commerce.orders.map((order) => ({
          ...order,
          processedAt: order.processedAt.toISOString(),
        })),
      },
      ordering: ordering.map((customer) => ({
        id: customer.id,
        phone: displayPhone(customer.phone),
        name: customer.name,
        email: customer.email,
        smsPromotionsEnabled: customer.smsPromotionsEnabled,
        disabled: customer.disabled,
        createdAt: customer.createdAt.toISOString(),
        cards: customer.cards,
        orders: customer.orders.map((order) => ({
          ...order,
          slotStart: order.slotStart.toISOString(),
          createdAt: order.createdAt.toISOString(),
        })),
      })),
    },
  };
}

const customerForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("erase"), confirmation: z.string().trim().max(300) }),
]);

type ActionResult = { ok: boolean; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const ref = parseCustomerRef(params.ref);
  if (!ref) throw new Response("Client introuvable", { status: 404 });
  const parsed = customerForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, message: "Formulaire invalide." } as ActionResult;
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const now = new Date();
  const input = parsed.data;
  if (input.intent === "erase") {
    const file = await customerFile(database.db, ref);
    if (!file) {
      return { ok: false, message: "Ce client n'existe plus : il a peut-être déjà été effacé." };
    }
    const typed = input.confirmation.replace(/\s/g, "").toLowerCase();
    const expected = [file.confirmation, displayPhone(file.confirmation)].map((text) =>
      text.replace(/\s/g, "").toLowerCase(),
    );
    if (!typed || !expected.includes(typed)) {
      return {
        ok: false,
        message: `Pour effacer, saisissez exactement « ${file.confirmation} ». Rien n'a été effacé.`,
      } as ActionResult;
    }
    try {
      await eraseCustomer(database.db, staff, ref, now);
    } catch (error) {
      if (error instanceof CustomerGone) return { ok: false, message: error.message };
      throw error;
    }
    throw redirect("/middleware/customers/?erased=1");
  }
  const disabled = input.intent === "disable";
  const done = await setCustomerDisabled(database.db, staff, ref, disabled, now);
  if (!done) return { ok: false, message: "Ce client n'existe plus." } as ActionResult;
  return {
    ok: true,
    message: disabled
      ? "Client désactivé : il ne peut plus se connecter et ses sessions sont fermées."
      : "Client réactivé : il peut de nouveau se connecter.",
  } as ActionResult;
}

const FINANCIAL: Record<string, string> = {
  PAID: "payée",
  PENDING: "en attente de paiement",
  AUTHORIZED: "autorisée",
  REFUNDED: "remboursée",
  PARTIALLY_REFUNDED: "remboursée en partie",
  VOIDED: "annulée",
};
const FULFILLMENT: Record<string, string> = {
  UNFULFILLED: "à préparer",
  IN_PROGRESS: "en préparation",
  FULFILLED: "livrée ou retirée",
};
const yesNo = (value: boolean) => (value ? "oui" : "non");

function ordersLink(search: string): string {
  return `/middleware/orders/?q=${encodeURIComponent(search)}`;
}

export default function CustomerPage() {
  const { ref, file } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { commerce, ordering } = file;
  return (
    <>
      <p>
        <Link to="/middleware/customers/">Clients</Link>
      </p>
      <h1>{file.name || "Client sans nom"}</h1>
      {result && <ActionAlert result={result} />}
      <section className="admin-card" aria-labelledby="identity-title">
        <h2 id="identity-title">Identité</h2>
        <dl className="admin-figures">
          {commerce && (
            <>
              <div className="admin-figure">
                <dt>E-mail</dt>
                <dd>{commerce.email}</dd>
              </div>
              <div className="admin-figure">
                <dt>Téléphone du compte</dt>
                <dd>{commerce.phone || "—"}</dd>
              </div>
              <div className="admin-figure">
                <dt>Compte boutique</dt>
                <dd>
                  {`${commerce.activated ? "activé" : "pas encore activé"}, créé le ${formatDate(new Date(commerce.createdAt), { weekday: false })}`}
                </dd>
              </div>
            </>
          )}
          {ordering.map((customer) => (
            <div className="admin-figure" key={customer.id}>
              <dt>Restauration (téléphone)</dt>
              <dd>{[customer.phone, customer.name, customer.email].filter(Boolean).join(" · ")}</dd>
            </div>
          ))}
          <div className="admin-figure">
            <dt>État</dt>
            <dd>{file.disabled ? "Désactivé" : "Actif"}</dd>
          </div>
        </dl>
        <Form method="post">
          <CsrfField />
          <button
            type="submit"
            name="intent"
            value={file.disabled ? "enable" : "disable"}
            className="admin-button"
          >
            {file.disabled ? "Réactiver le client" : "Désactiver le client"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="consents-title">
        <h2 id="consents-title">Consentements</h2>
        <ul>
          <li>{`Lettre d'information : ${yesNo(file.newsletter)}`}</li>
          {commerce && (
            <li>{`Offres par e-mail (compte boutique) : ${yesNo(commerce.acceptsMarketing)}`}</li>
          )}
          {ordering.map((customer) => (
            <li key={customer.id}>
              {`Promotions par SMS (${customer.phone}) : ${yesNo(customer.smsPromotionsEnabled)}`}
            </li>
          ))}
        </ul>
      </section>

      <section className="admin-card" aria-labelledby="orders-title">
        <h2 id="orders-title">Commandes</h2>
        {(commerce?.orders.length ?? 0) + ordering.reduce((n, c) => n + c.orders.length, 0) ===
        0 ? (
          <p>Aucune commande.</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Commande</th>
                  <th scope="col">Activité</th>
                  <th scope="col">Date</th>
                  <th scope="col">État</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {commerce?.orders.map((order) => (
                  <tr key={`c${order.id}`}>
                    <th scope="row">
                      <a href={ordersLink(String(order.number))}>
                        {orderNumberLabel(order.number)}
                      </a>
                    </th>
                    <td>Épicerie</td>
                    <td>{formatDateTime(new Date(order.processedAt))}</td>
                    <td>
                      {[
                        FINANCIAL[order.financialStatus] ?? order.financialStatus,
                        FULFILLMENT[order.fulfillmentStatus] ?? order.fulfillmentStatus,
                      ].join(", ")}
                    </td>
                    <td>
                      {formatCents(order.totalCents)}
                      {order.refundedCents > 0 &&
                        ` (dont ${formatCents(order.refundedCents)} remboursés)`}
                    </td>
                  </tr>
                ))}
                {ordering.flatMap((customer) =>
                  customer.orders.map((order) => (
                    <tr key={`o${order.id}`}>
                      <th scope="row">
                        <a href={ordersLink(String(order.orderNumber))}>
                          {orderNumberLabel(order.orderNumber)}
                        </a>
                      </th>
                      <td>{`Restauration, ${order.storeName} (${order.mode === 1 ? "livraison" : "retrait"})`}</td>
                      <td>{formatDateTime(new Date(order.slotStart))}</td>
                      <td>{orderStatusLabel("restaurant", order.status)}</td>
                      <td>{formatCents(order.totalCents)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <a href={ordersLink(file.confirmation)}>Voir ses commandes dans l'écran des commandes</a>
        </p>
      </section>

      {commerce && (
        <section className="admin-card" aria-labelledby="addresses-title">
          <h2 id="addresses-title">Adresses</h2>
          {commerce.addresses.length === 0 ? (
            <p>Aucune adresse enregistrée.</p>
          ) : (
            <ul>
              {commerce.addresses.map((address) => (
                <li key={address.id}>
                  {[address.name, ...address.lines, address.phone].filter(Boolean).join(", ")}
                  {address.isDefault && " (par défaut)"}
                </li>
              ))}
            </ul>
          )}
          <h2 id="lists-title">Listes et favoris</h2>
          <ul>
            <li>{`Favoris : ${commerce.wishlist} produit${commerce.wishlist > 1 ? "s" : ""}`}</li>
            {commerce.shoppingLists.map((list) => (
              <li key={list.id}>
                {`Liste « ${list.title} » : ${list.items} produit${list.items > 1 ? "s" : ""}`}
              </li>
            ))}
          </ul>
        </section>
      )}

      {ordering.some((customer) => customer.cards.length > 0) && (
        <section className="admin-card" aria-labelledby="cards-title">
          <h2 id="cards-title">Cartes enregistrées</h2>
          <ul>
            {ordering.flatMap((customer) =>
              customer.cards.map((card) => (
                <li key={card.id}>
                  {`${card.brand} se terminant par ${card.last4}, expire ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`}
                </li>
              )),
            )}
          </ul>
        </section>
      )}

      <section className="admin-card" aria-labelledby="gdpr-title">
        <h2 id="gdpr-title">Données personnelles (RGPD)</h2>
        <form method="post" action={`/middleware/customers/${ref}/export/`}>
          <CsrfField />
          <button type="submit" className="admin-button">
            Exporter les données
          </button>
        </form>
        <details>
          <summary>Effacer</summary>
          <p>
            L'effacement supprime le compte, les adresses, les listes, les favoris, les sessions,
            les cartes enregistrées, l'inscription à la lettre d'information et le contenu des
            messages envoyés. Les commandes sont gardées pour la comptabilité, sans nom, e-mail,
            téléphone ni adresse. C'est définitif.
          </p>
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="erase" />
            <p>
              <label htmlFor="erase-confirmation">
                {`Pour confirmer, saisissez « ${file.confirmation} »`}
              </label>{" "}
              <input id="erase-confirmation" name="confirmation" autoComplete="off" required />
            </p>
            <button type="submit" className="admin-button">
              Effacer définitivement
            </button>
          </Form>
        </details>
      </section>
    </>
  );
}
