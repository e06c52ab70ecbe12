import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Price } from "#app/components/product/price.tsx";
import { type CartLineView, type CartView, cartTotals } from "#app/lib/cart/cart.ts";
import { ALCOHOL_HEALTH_MESSAGE } from "#app/lib/catalogue/product.ts";
import { formatCents } from "#app/lib/format.ts";
import { productPath } from "#app/lib/links.ts";
import { type DeliveryTerms, deliveryMinimumMessage } from "#platform/delivery-terms.ts";
import { formatVatRate } from "#platform/vat.ts";
import {
  addToCart,
  emptyCart,
  removeOneFromCart,
  saveCartNote,
  saveDiscountCodes,
  setLineQuantity,
  setLineSubstitution,
} from "./cart-actions.ts";
import { CheckoutButton } from "./checkout-button.tsx";
import "./cart.css";

/** Where the forms send the shopper back without JavaScript. */
const CART_PAGE = "/panier/";

/**
 * The cart's contents (storefront.md §2, §3): lines with image, title, unit, quantity steppers,
 * prices and line totals, then the note, the discount codes, the totals with the fixed 0.50 €
 * and the delivery fee, and the checkout button. Every control is a form posting to a cart route,
 * so the /panier/ page works without JavaScript; with it, the forms are handled by the cart
 * store (optimistic, serialised).
 */
export function CartContents({
  cart,
  delivery,
  headingLevel = 2,
}: {
  cart: CartView | null;
  delivery: DeliveryTerms | null;
  headingLevel?: 2 | 3;
}) {
  if (!cart || cart.lines.length === 0) {
    return (
      <div className="cart cart--empty">
        <p className="cart__empty">Votre panier est vide.</p>
        <Link to="/" className="button button--outline">
          Continuer mes achats
        </Link>
      </div>
    );
  }
  const totals = cartTotals(cart, delivery);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="cart">
      <ul className="cart__lines" aria-label="Articles du panier">
        {cart.lines.map((line) => (
          <CartLine key={line.variantId} line={line} />
        ))}
      </ul>
      <form
        method="post"
        action="/cart/clear"
        className="cart__clear"
        onSubmit={(event) => {
          event.preventDefault();
          void emptyCart();
        }}
      >
        <input type="hidden" name="redirectTo" value={CART_PAGE} />
        <button type="submit" className="cart__link-button">
          Vider le panier
        </button>
      </form>
      <NoteForm note={cart.note} Heading={Heading} />
      <DiscountForm codes={cart.discountCodes} Heading={Heading} />
      <dl className="cart__totals" aria-label="Récapitulatif">
        <div>
          <dt>Sous-total</dt>
          <dd>{formatCents(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div>
            <dt>
              {cart.automaticDiscount ? `Remise automatique : ${cart.automaticDiscount}` : "Remise"}
            </dt>
            <dd>-{formatCents(totals.discount)}</dd>
          </div>
        )}
        <div>
          <dt>Frais de service</dt>
          <dd>{formatCents(totals.serviceFee)}</dd>
        </div>
        {totals.deliveryFee !== null && (
          <div>
            <dt>Frais de livraison</dt>
            <dd>{totals.freeDelivery ? "Livraison offerte" : formatCents(totals.deliveryFee)}</dd>
          </div>
        )}
        <div className="cart__total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatCents(totals.total)}</dd>
        </div>
        {totals.vat.map((line) => (
          <div key={line.rateBasisPoints} className="cart__vat">
            <dt>dont TVA {formatVatRate(line.rateBasisPoints)}</dt>
            <dd>{formatCents(line.vatCents)}</dd>
          </div>
        ))}
      </dl>
      {totals.deliveryMinimum !== null ? (
        <p className="cart__delivery-note cart__delivery-note--minimum">
          {delivery && deliveryMinimumMessage(delivery)}
        </p>
      ) : (
        totals.leftToFreeDelivery !== null && (
          <p className="cart__delivery-note">
            Plus que {formatCents(totals.leftToFreeDelivery)} pour la livraison offerte.
          </p>
        )
      )}
      {cart.lines.some((line) => line.alcohol) && (
        <p className="cart__health-notice">{ALCOHOL_HEALTH_MESSAGE}</p>
      )}
      <CheckoutButton cart={cart} />
    </div>
  );
}

function handled(run: () => unknown) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };
}

function CartLine({ line }: { line: CartLineView }) {
  const pending = line.id.startsWith("pending:");
  const product = { ...line };
  return (
    <li className="cart-line" aria-busy={pending || undefined}>
      {line.image ? (
        <img
          className="cart-line__image"
          src={line.image.url}
          alt={line.image.alt}
          width={72}
          height={72}
          loading="lazy"
        />
      ) : (
        <span className="cart-line__image cart-line__image--empty" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <p className="cart-line__brand">{line.vendor}</p>
        <p className="cart-line__title">
          <Link to={productPath(line.handle)}>{line.title}</Link>
          {line.variantTitle && line.variantTitle !== "Default Title" && (
            <span className="cart-line__variant"> — {line.variantTitle}</span>
          )}
        </p>
        {line.unitLabel && <p className="cart-line__unit">{line.unitLabel}</p>}
        <Price
          price={line.unitPrice}
          previousPrice={line.compareAtUnitPrice}
          className="price cart-line__price"
        />
        <div className="cart-line__quantity">
          <form
            method="post"
            action="/cart/remove"
            onSubmit={handled(() => removeOneFromCart(product))}
          >
            <input type="hidden" name="merchandiseId" value={line.variantId} />
            <input type="hidden" name="redirectTo" value={CART_PAGE} />
            <button type="submit" className="cart-line__step">
              <span aria-hidden="true">−</span>
              <span className="visually-hidden">Retirer un {line.title}</span>
            </button>
          </form>
          <output className="cart-line__count" aria-label={`Quantité de ${line.title}`}>
            {line.quantity}
          </output>
          <form method="post" action="/cart/add" onSubmit={handled(() => addToCart(product, 1))}>
            <input type="hidden" name="merchandiseId" value={line.variantId} />
            <input type="hidden" name="quantity" value="1" />
            <input type="hidden" name="redirectTo" value={CART_PAGE} />
            <button type="submit" className="cart-line__step">
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">Ajouter un {line.title}</span>
            </button>
          </form>
          <QuantityForm line={line} />
        </div>
        {!line.restauration && <SubstitutionForm line={line} />}
      </div>
      <div className="cart-line__totals">
        {line.subtotal > line.total && (
          <s className="cart-line__subtotal">
            <span className="visually-hidden">Avant remise : </span>
            {formatCents(line.subtotal)}
          </s>
        )}
        <span className="cart-line__total">
          <span className="visually-hidden">Total de la ligne : </span>
          {formatCents(line.total)}
        </span>
        <form
          method="post"
          action="/cart/update"
          onSubmit={handled(() => setLineQuantity(line, 0))}
        >
          <input type="hidden" name="merchandiseId" value={line.variantId} />
          <input type="hidden" name="quantity" value="0" />
          <input type="hidden" name="redirectTo" value={CART_PAGE} />
          <button type="submit" className="cart__link-button">
            Supprimer<span className="visually-hidden"> {line.title} du panier</span>
          </button>
        </form>
      </div>
    </li>
  );
}

/** The quantity as a field, for a shopper who wants 6 at once (and for the no-JavaScript page). */
function QuantityForm({ line }: { line: CartLineView }) {
  const id = useId();
  const [value, setValue] = useState(String(line.quantity));
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  return (
    <form
      method="post"
      action="/cart/update"
      className="cart-line__set"
      onSubmit={handled(() => {
        const quantity = Number(value);
        if (quantity === line.quantity) return;
        return setLineQuantity(line, quantity);
      })}
    >
      <input type="hidden" name="merchandiseId" value={line.variantId} />
      <input type="hidden" name="redirectTo" value={CART_PAGE} />
      <label htmlFor={id} className="visually-hidden">
        Nouvelle quantité de {line.title}
      </label>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={0}
        max={line.maxQuantity}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        className="cart-line__input"
      />
      <button type="submit" className="cart__link-button">
        Modifier<span className="visually-hidden"> la quantité de {line.title}</span>
      </button>
    </form>
  );
}

/**
 * Whether a close substitute may replace the product if it is missing when the order is prepared
 * (accepted by default, platform/substitution.ts). Once the page runs scripts the checkbox saves
 * itself; without them, a button sends the form.
 */
function SubstitutionForm({ line }: { line: CartLineView }) {
  const id = useId();
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <form
      method="post"
      action="/cart/substitution"
      className="cart-line__substitute"
      onSubmit={(event) => {
        event.preventDefault();
        const accepted = new FormData(event.currentTarget).get("substitute") === "1";
        if (accepted !== line.substitute) void setLineSubstitution(line, accepted);
      }}
    >
      <input type="hidden" name="merchandiseId" value={line.variantId} />
      <input type="hidden" name="redirectTo" value={CART_PAGE} />
      <input
        id={id}
        name="substitute"
        type="checkbox"
        value="1"
        checked={line.substitute}
        onChange={(event) => void setLineSubstitution(line, event.currentTarget.checked)}
      />
      <label htmlFor={id}>
        Accepter un remplacement si indisponible
        <span className="visually-hidden"> : {line.title}</span>
      </label>
      {!scripted && (
        <button type="submit" className="cart__link-button">
          Enregistrer<span className="visually-hidden"> le choix pour {line.title}</span>
        </button>
      )}
    </form>
  );
}

function NoteForm({ note, Heading }: { note: string; Heading: "h2" | "h3" }) {
  const id = useId();
  const [value, setValue] = useState(note);
  useEffect(() => setValue(note), [note]);
  return (
    <form
      method="post"
      action="/cart/note"
      className="cart__note"
      onSubmit={handled(() => saveCartNote(value.trim()))}
    >
      <Heading className="cart__heading">
        <label htmlFor={id}>Note pour la commande</label>
      </Heading>
      <input type="hidden" name="redirectTo" value={CART_PAGE} />
      <textarea
        id={id}
        name="note"
        rows={2}
        maxLength={5000}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <button type="submit" className="button button--outline button--small">
        Enregistrer la note
      </button>
    </form>
  );
}

function DiscountForm({
  codes,
  Heading,
}: {
  codes: CartView["discountCodes"];
  Heading: "h2" | "h3";
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const current = codes.map((c) => c.code);
  return (
    <div className="cart__discount">
      <Heading className="cart__heading">
        <label htmlFor={id}>Code promo</label>
      </Heading>
      {codes.length > 0 && (
        <ul className="cart__codes">
          {codes.map((entry) => (
            <li key={entry.code}>
              <span className="cart__code">{entry.code}</span>{" "}
              <span className={entry.applicable ? "cart__applicable" : "cart__not-applicable"}>
                {entry.applicable ? "applicable" : "non applicable"}
              </span>
              {entry.reason && <span className="cart__code-reason">{entry.reason}</span>}
              <form
                method="post"
                action="/cart/discount"
                onSubmit={handled(() =>
                  saveDiscountCodes(current.filter((other) => other !== entry.code)),
                )}
              >
                <input
                  type="hidden"
                  name="codes"
                  value={current.filter((other) => other !== entry.code).join(",")}
                />
                <input type="hidden" name="redirectTo" value={CART_PAGE} />
                <button type="submit" className="cart__link-button">
                  Retirer<span className="visually-hidden"> le code {entry.code}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        action="/cart/discount"
        className="cart__code-form"
        onSubmit={handled(async () => {
          const added = code.trim().toUpperCase();
          if (!added) return;
          if (await saveDiscountCodes([...current, added])) setCode("");
        })}
      >
        <input type="hidden" name="codes" value={current.join(",")} />
        <input type="hidden" name="redirectTo" value={CART_PAGE} />
        <input
          id={id}
          name="code"
          type="text"
          autoComplete="off"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <button type="submit" className="button button--outline button--small">
          Appliquer
        </button>
      </form>
    </div>
  );
}
