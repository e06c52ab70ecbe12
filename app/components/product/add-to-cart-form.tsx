import {
  addToCart,
  cartProductOfCard,
  useProductInCart,
} from "#app/components/cart/cart-actions.ts";
import type { CardState, ProductCardData, ProductVariant } from "#app/lib/catalogue/product.ts";
import { maxQuantityMessage } from "#app/lib/catalogue/product.ts";
import { formatCents } from "#app/lib/format.ts";

/**
 * Variant, quantity (up to what the cap still allows) and the add button, as a form posting to
 * /cart/add — a plain form without JavaScript; with it, the add is optimistic (cart store). The
 * page's HTML is shared (page cache), so what the visitor's cart already holds is taken off the
 * quantities in the browser. Unavailable products keep the button, disabled, so the page does
 * not jump.
 */
export function AddToCartForm({
  variants,
  state,
  maxQuantity,
  title,
  card,
  weights,
}: {
  variants: ProductVariant[];
  state: CardState;
  maxQuantity: number;
  title: string;
  /** The product as a card: what the cart needs to add it at once (image, kind, cap). */
  card?: ProductCardData;
  /**
   * A product sold by weight: its variants are « Poids » buttons, the one chosen held by the page
   * (which shows its price); each button still names its price for a page without JavaScript.
   */
  weights?: { selectedId: string; onSelect: (variantId: string) => void };
}) {
  const [first] = variants;
  const { loaded, addable: left } = useProductInCart(card?.id ?? "", maxQuantity);
  const addable = card && loaded ? left : state.addable;
  // A weight may run out while the others are still cut: the one chosen decides.
  const chosen = weights ? variants.find((variant) => variant.id === weights.selectedId) : first;
  const available = weights
    ? !state.archived && !state.unavailable && chosen?.availableForSale === true
    : state.available;
  const disabled = !available || addable === 0 || !first;
  const quantities = Array.from({ length: Math.max(1, addable) }, (_, index) => index + 1);
  return (
    <form
      method="post"
      action="/cart/add"
      className="add-to-cart"
      aria-label={`Ajouter ${title} au panier`}
      onSubmit={(event) => {
        const base = card ? cartProductOfCard(card) : null;
        if (!base) return;
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const variantId = String(form.get("merchandiseId") ?? base.variantId);
        const variant = variants.find((v) => v.id === variantId) ?? first;
        const quantity = Number(form.get("quantity") ?? 1) || 1;
        void addToCart(
          {
            ...base,
            variantId,
            variantTitle: variant?.title === "Default Title" ? "" : (variant?.title ?? ""),
            unitPrice: variant?.price ?? base.unitPrice,
            compareAtUnitPrice:
              variant?.compareAtPrice && variant.compareAtPrice > variant.price
                ? variant.compareAtPrice
                : null,
          },
          quantity,
        );
      }}
    >
      {weights ? (
        <fieldset className="add-to-cart__variants add-to-cart__variants--weights">
          <legend>Poids</legend>
          {variants.map((variant) => (
            <label key={variant.id} className="add-to-cart__weight">
              <input
                type="radio"
                name="merchandiseId"
                value={variant.id}
                checked={variant.id === weights.selectedId}
                onChange={() => weights.onSelect(variant.id)}
                disabled={!variant.availableForSale}
              />
              <span className="add-to-cart__weight-title">{variant.title}</span>{" "}
              <span className="add-to-cart__weight-price">{formatCents(variant.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : variants.length > 1 ? (
        <fieldset className="add-to-cart__variants">
          <legend>Format</legend>
          {variants.map((variant, index) => (
            <label key={variant.id}>
              <input
                type="radio"
                name="merchandiseId"
                value={variant.id}
                defaultChecked={index === 0}
                disabled={!variant.availableForSale}
              />
              <span>
                {variant.title} — {formatCents(variant.price)}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        first && <input type="hidden" name="merchandiseId" value={first.id} />
      )}
      <div className="add-to-cart__row">
        <label className="add-to-cart__quantity">
          <span>Quantité</span>
          <select name="quantity" defaultValue="1" disabled={disabled} key={quantities.length}>
            {quantities.map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="button button--primary add-to-cart__button"
          disabled={disabled}
        >
          {state.unavailableMessage ?? (available ? "Ajouter au panier" : "Indisponible")}
        </button>
      </div>
      {available && addable === 0 && (
        <p className="add-to-cart__cap" role="status">
          {maxQuantityMessage(maxQuantity)}
        </p>
      )}
      {available && addable > 0 && (
        <p className="add-to-cart__hint">Maximum {maxQuantity} par commande.</p>
      )}
    </form>
  );
}
