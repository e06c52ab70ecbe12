import { formatCents } from "#app/lib/format.ts";
import type { CardState, ProductVariant } from "#app/lib/product.ts";
import { maxQuantityMessage } from "#app/lib/product.ts";

/**
 * Variant, quantity (up to what the cap still allows) and the add button, as a form posting to
 * the cart route; the cart issue gives that route its action. Unavailable products keep the
 * button, disabled, so the page does not jump.
 */
export function AddToCartForm({
  variants,
  state,
  maxQuantity,
  title,
}: {
  variants: ProductVariant[];
  state: CardState;
  maxQuantity: number;
  title: string;
}) {
  const [first] = variants;
  const disabled = !state.available || state.addable === 0 || !first;
  const quantities = Array.from({ length: Math.max(1, state.addable) }, (_, index) => index + 1);
  return (
    <form
      method="post"
      action="/cart/add"
      className="add-to-cart"
      aria-label={`Ajouter ${title} au panier`}
    >
      {variants.length > 1 ? (
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
          <select name="quantity" defaultValue="1" disabled={disabled}>
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
          {state.unavailableMessage ?? (state.available ? "Ajouter au panier" : "Indisponible")}
        </button>
      </div>
      {state.available && state.addable === 0 && (
        <p className="add-to-cart__cap" role="status">
          {maxQuantityMessage(maxQuantity)}
        </p>
      )}
      {state.available && state.addable > 0 && (
        <p className="add-to-cart__hint">Maximum {maxQuantity} par commande.</p>
      )}
    </form>
  );
}
