import { Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import type { ProviderPayment } from "#platform/backoffice/index.ts";
import type { Weighing } from "#platform/commerce/index.ts";
import { formatCents, formatDate, formatTime } from "#platform/format.ts";
import { perKgLabel, weightLabel } from "#platform/sold-by-weight.ts";

/**
 * The order page's payment through the payment provider (issue 48): what was authorised,
 * captured and refunded, each refund (the office's and the provider dashboard's); for a grocery
 * order awaiting its capture, the weights of its lines sold by weight and « Encaisser »; the
 * refund form once captured.
 */

/** « 2 décembre 2026 à 14h05 ». */
export const when = (date: Date | string) => {
  const instant = new Date(date);
  return `${formatDate(instant)} à ${formatTime(instant)}`;
};

type Props = {
  payment: ProviderPayment;
  weighing: Weighing | null;
  canRefund: boolean;
  closed: boolean;
  formKey: string;
};

export function OrderProviderPayment({ payment, weighing, canRefund, closed, formKey }: Props) {
  const awaiting = payment.authorisedCents !== null && payment.capturedCents === null;
  const remaining = (payment.capturedCents ?? 0) - payment.refundedCents;
  return (
    <>
      <p data-testid="provider-payment">
        {`Payé par carte bancaire en ligne (${payment.paymentIntentId})`}
        {payment.authorisedCents !== null
          ? ` · Autorisé : ${formatCents(payment.authorisedCents)}`
          : ""}
        {payment.capturedCents !== null
          ? ` · Encaissé : ${formatCents(payment.capturedCents)}`
          : " · Pas encore encaissé"}
        {" · Remboursé : "}
        <span data-testid="refunded">{formatCents(payment.refundedCents)}</span>
      </p>
      <RefundList refunds={payment.refunds} />
      {awaiting && weighing && !closed && (
        <WeighingForm
          weighing={weighing}
          formKey={formKey}
          authorisedCents={payment.authorisedCents}
        />
      )}
      {canRefund && !awaiting && remaining > 0 && (
        <RefundForm formKey={formKey} remainingCents={remaining} closed={closed} />
      )}
      {awaiting && !closed && (
        <p className="admin-field__hint">
          Annuler la commande libère l'autorisation : rien n'est débité sur la carte.
        </p>
      )}
    </>
  );
}

function WeighingForm({
  weighing,
  formKey,
  authorisedCents,
}: {
  weighing: Weighing;
  formKey: string;
  authorisedCents: number | null;
}) {
  return (
    <Form method="post" aria-label="Pesée et encaissement">
      <CsrfField />
      <input type="hidden" name="key" value={formKey} />
      <h3>Pesée</h3>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Article vendu au poids</th>
            <th scope="col">Commandé</th>
            <th scope="col">Poids pesé (g)</th>
            <th scope="col">Prix pesé</th>
          </tr>
        </thead>
        <tbody>
          {weighing.lines.map((line) => (
            <tr key={line.position}>
              <td>
                {line.title} · {perKgLabel(line.pricePerKgCents)}
              </td>
              <td className="admin-number">
                {weightLabel(line.orderedGrams)} · {formatCents(line.orderedTotalCents)}
              </td>
              <td>
                <label>
                  <span className="visually-hidden">{`Poids pesé de ${line.title} (g)`}</span>
                  <input
                    type="text"
                    name={`grams-${line.position}`}
                    inputMode="numeric"
                    defaultValue={line.weighedGrams ?? ""}
                    aria-label={`Poids pesé de ${line.title} (g)`}
                  />
                </label>
              </td>
              <td className="admin-number">
                {line.weighedTotalCents === null ? "—" : formatCents(line.weighedTotalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {`Total commandé : ${formatCents(weighing.orderedTotalCents)}`}
        {weighing.weighedTotalCents !== null
          ? ` · Total pesé : ${formatCents(weighing.weighedTotalCents)}`
          : ""}
        {authorisedCents !== null ? ` · Autorisé : ${formatCents(authorisedCents)}` : ""}
      </p>
      <div className="admin-inline-form">
        <button type="submit" name="intent" value="weigh" className="admin-button">
          Enregistrer les poids
        </button>
        <button
          type="submit"
          name="intent"
          value="capture"
          className="admin-button admin-button--primary"
        >
          Encaisser
        </button>
      </div>
    </Form>
  );
}

/** The office's refund by amount, with cancelling the order beside it while it is open. */
export function RefundForm({
  formKey,
  remainingCents,
  closed,
}: {
  formKey: string;
  remainingCents: number;
  closed: boolean;
}) {
  return (
    <Form method="post" className="admin-inline-form" aria-label="Rembourser">
      <CsrfField />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={formKey} />
      <label className="admin-field">
        <span>Montant à rembourser (€)</span>
        <input
          type="text"
          name="amount"
          inputMode="decimal"
          placeholder={formatCents(remainingCents)}
        />
      </label>
      {!closed && (
        <label>
          <input type="checkbox" name="cancel" /> Annuler la commande
        </label>
      )}
      <button type="submit" className="admin-button">
        Rembourser
      </button>
    </Form>
  );
}

/** A payment's refunds, newest as listed, with their reason and the provider's id. */
export function RefundList({
  refunds,
}: {
  refunds: { id: string; createdAt: Date | string; amountCents: number; reason: string }[];
}) {
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Remboursements">
      {refunds.map((refund) => (
        <li key={refund.id}>
          {when(refund.createdAt)} : {formatCents(refund.amountCents)} ({refund.reason}, {refund.id}
          )
        </li>
      ))}
    </ul>
  );
}
