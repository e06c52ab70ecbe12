import { Form, Link, useActionData, useLoaderData } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  type AdjustmentFieldErrors,
  adjustGiftCard,
  changeGiftCardEnabled,
  GIFT_CARD_OFFICE_MESSAGES,
  GIFT_CARD_STATUSES,
  giftCardDetail,
  readAdjustmentForm,
} from "#platform/backoffice/index.ts";
import { formatCents, formatDate, formatDateTime } from "#platform/format.ts";
import { orderNumberLabel } from "#platform/order-status.ts";
import type { Route } from "./+types/gift-cards.$id";

/**
 * One gift card (`promotions` permission): its value, balance, expiry, note and state; every
 * movement of its balance, newest first, with the order it paid or was credited back from
 * (linked to the order's page); disable or enable it; adjust its balance with a reason, never
 * below zero.
 */

export const meta: Route.MetaFunction = () => [{ title: "Carte cadeau — Administration Comptoir" }];

const SCREEN = "/middleware/gift-cards/";

function notFound(): never {
  throw new Response(GIFT_CARD_OFFICE_MESSAGES.notFound, { status: 404 });
}

function cardId(param: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(param ?? "")) notFound();
  return Number(param);
}

const KINDS: Record<string, string> = {
  issued: "Émission",
  spent: "Paiement d'une commande",
  refunded: "Recrédit",
  adjusted: "Ajustement",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const detail = await giftCardDetail(database.db, cardId(params.id), new Date());
  if (!detail) notFound();
  const { card, movements } = detail;
  return {
    card: {
      id: card.id,
      masked: card.masked,
      initial: formatCents(card.initialValueCents),
      balance: formatCents(card.balanceCents),
      expiresOn: card.expiresOn ? formatDate(card.expiresOn) : null,
      enabled: card.enabled,
      note: card.note,
      issued: `${formatDateTime(card.createdAt)} par ${card.createdBy}`,
      state: card.status,
    },
    movements: movements.map((movement) => ({
      id: movement.id,
      at: formatDateTime(movement.at),
      kind: KINDS[movement.kind] ?? movement.kind,
      amount: `${movement.amountCents > 0 ? "+" : "−"}${formatCents(Math.abs(movement.amountCents))}`,
      order:
        movement.orderRef && movement.orderNumber !== null
          ? { ref: movement.orderRef, label: orderNumberLabel(movement.orderNumber) }
          : null,
      staff: movement.staff,
      reason: movement.reason,
    })),
  };
}

type ActionResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      errors?: AdjustmentFieldErrors;
      values?: { amount: string; reason: string };
    };

export async function action({
  request,
  params,
  context,
}: Route.ActionArgs): Promise<ActionResult> {
  const form = await readStaffForm(request, context);
  const id = cardId(params.id);
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const intent = form.get("intent");
  const now = new Date();
  if (intent === "disable" || intent === "enable") {
    const card = await changeGiftCardEnabled(database.db, staff, id, intent === "enable", now);
    if (!card) return { ok: false, message: GIFT_CARD_OFFICE_MESSAGES.notFound };
    return {
      ok: true,
      message: card.enabled
        ? `La carte ${card.masked} est réactivée.`
        : `La carte ${card.masked} est désactivée : elle ne peut plus payer de commande.`,
    };
  }
  if (intent !== "adjust") return { ok: false, message: "Action inconnue." };
  const values = {
    amount: String(form.get("amount") ?? ""),
    reason: String(form.get("reason") ?? ""),
  };
  const failed = (errors: AdjustmentFieldErrors, message?: string): ActionResult => ({
    ok: false,
    message: message ?? "Le solde n'est pas ajusté : corrigez le formulaire.",
    errors,
    values,
  });
  const read = readAdjustmentForm(values);
  if (!read.ok) return failed(read.errors);
  const adjusted = await adjustGiftCard(database.db, staff, id, read.input, now);
  if (!adjusted.ok) return failed(adjusted.errors, adjusted.message);
  return {
    ok: true,
    message: `Solde ajusté de ${read.input.amountCents > 0 ? "+" : "−"}${formatCents(Math.abs(read.input.amountCents))} : il reste ${formatCents(adjusted.card.balanceCents)} sur la carte ${adjusted.card.masked}.`,
  };
}

export default function GiftCardScreen() {
  const { card, movements } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.errors ?? {};
  return (
    <>
      <p>
        <Link to={SCREEN}>← Cartes cadeaux</Link>
      </p>
      <h1>{`Carte cadeau ${card.masked}`}</h1>
      {result && <ActionAlert result={result} />}
      <section className="admin-card" aria-labelledby="gift-card-summary">
        <h2 id="gift-card-summary">
          État : <span data-testid="gift-card-state">{GIFT_CARD_STATUSES[card.state]}</span>
        </h2>
        <dl className="admin-figures">
          <Fact term="Solde" testId="gift-card-balance">
            {card.balance}
          </Fact>
          <Fact term="Valeur à l'émission">{card.initial}</Fact>
          <Fact term="Dernier jour d'utilisation">{card.expiresOn ?? "sans fin"}</Fact>
          <Fact term="Pour">{card.note}</Fact>
          <Fact term="Émise">{card.issued}</Fact>
        </dl>
        <Form method="post">
          <CsrfField />
          <button
            type="submit"
            name="intent"
            value={card.enabled ? "disable" : "enable"}
            className="admin-button"
          >
            {card.enabled ? "Désactiver la carte" : "Réactiver la carte"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="gift-card-adjust">
        <h2 id="gift-card-adjust">Ajuster le solde</h2>
        <Form method="post" key={result?.ok ? result.message : "adjust"}>
          <CsrfField />
          <input type="hidden" name="intent" value="adjust" />
          <Field
            name="amount"
            label="Montant (€)"
            defaultValue={failed?.values?.amount ?? ""}
            error={errors.amount}
            hint="Précédé de « - » pour retirer, par exemple -5,00 ; sans signe pour ajouter. Le solde ne passe jamais sous zéro."
            inputMode="decimal"
            required
          />
          <Field
            name="reason"
            label="Raison"
            defaultValue={failed?.values?.reason ?? ""}
            error={errors.reason}
            hint="Elle est gardée au journal des modifications et affichée ci-dessous."
            required
          />
          <button type="submit" className="admin-button admin-button--primary">
            Ajuster le solde
          </button>
        </Form>
      </section>

      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>Mouvements du solde, les plus récents d'abord</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Mouvement</th>
              <th scope="col">Montant</th>
              <th scope="col">Commande</th>
              <th scope="col">Par</th>
            </tr>
          </thead>
          <tbody>
            {movements.map((movement) => (
              <tr key={movement.id}>
                <td>{movement.at}</td>
                <td>
                  {movement.kind}
                  {movement.reason ? ` : ${movement.reason}` : ""}
                </td>
                <td className="admin-number">{movement.amount}</td>
                <td>
                  {movement.order ? (
                    <Link to={`/middleware/orders/${movement.order.ref}/`}>
                      {movement.order.label}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td>{movement.staff ?? "paiement en ligne"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Fact(props: { term: string; testId?: string; children: string }) {
  return (
    <div className="admin-figure">
      <dt>{props.term}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  );
}
