import { formatCents } from "#app/lib/format.ts";

/**
 * The restauration payment step's choice of cards (app/routes/order/order-payment.tsx): the
 * customer's saved cards as radios, never a card field (issue 48). New cards are typed on the
 * provider's hosted pages, reached by the « Ajouter une carte » buttons.
 */

export type CardChoice = { id: number; description: string; expiry: string };

/** The bank cards: the saved ones, then « Payer avec une nouvelle carte » (the hosted page). */
export function BankCardGroup({ cards, selected }: { cards: CardChoice[]; selected: string }) {
  return (
    <fieldset className="checkout-cards">
      <legend className="visually-hidden">Carte de paiement</legend>
      {cards.map((saved) => (
        <CardRadio
          key={saved.id}
          id={`card-${saved.id}`}
          name="card"
          value={String(saved.id)}
          selected={selected}
        >
          {saved.description} — expire fin {saved.expiry}
        </CardRadio>
      ))}
      <CardRadio id="card-new" name="card" value="new" selected={selected}>
        Payer avec une nouvelle carte (page de paiement sécurisée)
      </CardRadio>
    </fieldset>
  );
}

/**
 * The optional titres-restaurant card: what it may pay of this basket (its food, up to 25 € a
 * day; the bank card pays the rest) and the saved titres-restaurant cards.
 */
export function MealVoucherGroup({
  cards,
  eligibleCents,
  selected,
}: {
  cards: CardChoice[];
  eligibleCents: number | null;
  selected: string;
}) {
  return (
    <fieldset className="checkout-cards" aria-describedby="meal-voucher-eligible">
      <legend className="checkout-card__title">Titres-restaurant (facultatif)</legend>
      <p id="meal-voucher-eligible" className="checkout-help">
        {eligibleCents === null
          ? "Les titres-restaurant paient les plats et produits alimentaires, hors alcool et frais, jusqu'à 25 € par jour."
          : eligibleCents > 0
            ? `Payable en titres-restaurant : ${formatCents(eligibleCents)}. La carte bancaire paie le reste.`
            : "Aucun produit de ce panier n'est payable en titres-restaurant."}
      </p>
      <CardRadio id="meal-voucher-none" name="mealVoucher" value="none" selected={selected}>
        Sans titres-restaurant
      </CardRadio>
      {cards.map((saved) => (
        <CardRadio
          key={saved.id}
          id={`meal-voucher-${saved.id}`}
          name="mealVoucher"
          value={String(saved.id)}
          selected={selected}
        >
          {saved.description} — expire fin {saved.expiry}
        </CardRadio>
      ))}
    </fieldset>
  );
}

/** One radio of a card choice, checked by default when it is the selected one (works without JS). */
function CardRadio({
  id,
  name,
  value,
  selected,
  children,
}: {
  id: string;
  name: string;
  value: string;
  selected: string;
  children: React.ReactNode;
}) {
  return (
    <div className="checkout-check">
      <input type="radio" id={id} name={name} value={value} defaultChecked={selected === value} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
