import { useEffect, useState } from "react";
import { formatCents } from "#app/lib/format.ts";

/**
 * The payment step's card fields (app/routes/order/order-payment.tsx): a choice of cards as radios, a
 * new bank card's fields, and the optional titres-restaurant card.
 */

/**
 * The optional titres-restaurant card: what it may pay of this basket (its food, up to 25 € a
 * day; the bank card pays the rest), a saved titres-restaurant card or one typed here. Without
 * JavaScript the typed card's fields are always shown; the radio still decides.
 */
export function MealVoucherGroup({
  cards,
  eligibleCents,
}: {
  cards: { id: number; description: string; expiry: string }[];
  eligibleCents: number | null;
}) {
  const [choice, setChoice] = useState("none");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
      <CardRadio
        id="meal-voucher-none"
        name="mealVoucher"
        value="none"
        selected={choice}
        onSelect={setChoice}
      >
        Sans titres-restaurant
      </CardRadio>
      {cards.map((saved) => (
        <CardRadio
          key={saved.id}
          id={`meal-voucher-${saved.id}`}
          name="mealVoucher"
          value={String(saved.id)}
          selected={choice}
          onSelect={setChoice}
        >
          {saved.description} — expire fin {saved.expiry}
        </CardRadio>
      ))}
      <CardRadio
        id="meal-voucher-new"
        name="mealVoucher"
        value="new"
        selected={choice}
        onSelect={setChoice}
      >
        Saisir une carte titres-restaurant
      </CardRadio>
      {(choice === "new" || !hydrated) && (
        <div className="checkout-newcard">
          <label htmlFor="meal-voucher-number">Numéro de la carte titres-restaurant</label>
          <input
            id="meal-voucher-number"
            name="mealVoucherNumber"
            inputMode="numeric"
            autoComplete="off"
            placeholder="5036 1500 0000 0018"
            maxLength={23}
            required={hydrated}
          />
          <div className="checkout-newcard__row">
            <div>
              <label htmlFor="meal-voucher-expiry">
                Expiration de la carte titres-restaurant (MM/AA)
              </label>
              <input
                id="meal-voucher-expiry"
                name="mealVoucherExpiry"
                inputMode="numeric"
                autoComplete="off"
                placeholder="12/30"
                maxLength={7}
                required={hydrated}
              />
            </div>
            <div>
              <label htmlFor="meal-voucher-cvc">
                Code de sécurité de la carte titres-restaurant
              </label>
              <input
                id="meal-voucher-cvc"
                name="mealVoucherCvc"
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                required={hydrated}
              />
            </div>
          </div>
        </div>
      )}
    </fieldset>
  );
}

export function NewCardFields() {
  return (
    <div className="checkout-newcard">
      <label htmlFor="card-number">Numéro de carte</label>
      <input
        id="card-number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        required
      />
      <div className="checkout-newcard__row">
        <div>
          <label htmlFor="card-expiry">Date d'expiration (MM/AA)</label>
          <input
            id="card-expiry"
            name="cardExpiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/30"
            maxLength={7}
            required
          />
        </div>
        <div>
          <label htmlFor="card-cvc">Code de sécurité (CVC)</label>
          <input
            id="card-cvc"
            name="cardCvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
          />
        </div>
      </div>
      <label htmlFor="card-holder">Titulaire de la carte (facultatif)</label>
      <input id="card-holder" name="cardHolder" autoComplete="cc-name" maxLength={100} />
    </div>
  );
}

/** One radio of a card choice (bank card or titres-restaurant), with its label. */
export function CardRadio({
  id,
  name,
  value,
  selected,
  onSelect,
  children,
}: {
  id: string;
  name: string;
  value: string;
  selected: string;
  onSelect: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="checkout-check">
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={selected === value}
        onChange={() => onSelect(value)}
      />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
