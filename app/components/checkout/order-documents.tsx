import { Fragment } from "react";
import type { OrderDocuments } from "#app/lib/account/invoices.server.ts";

/** The VAT per rate under an order's total: « dont TVA 5,5 % … », from its invoice. */
export function VatRows({ documents }: { documents: OrderDocuments }) {
  return documents.vat.map((line) => (
    <Fragment key={line.label}>
      <dt className="order-vat">{line.label}</dt>
      <dd className="order-vat">{line.amount}</dd>
    </Fragment>
  ));
}

/** The order's invoice and credit notes, as PDF links (docs/invoices.md). */
export function InvoiceLinks({
  documents,
  card = "checkout-card",
}: {
  documents: OrderDocuments;
  /** The page's card class: the confirmation's `checkout-card`, the account's `account-card`. */
  card?: string;
}) {
  if (documents.links.length === 0) return null;
  return (
    <section className={card} aria-labelledby="order-documents">
      <h2 id="order-documents" className={`${card}__title`}>
        Factures
      </h2>
      {documents.payment && <p>{`Commande ${documents.payment}.`}</p>}
      <ul className="order-documents">
        {documents.links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>Télécharger {link.title} (PDF)</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
