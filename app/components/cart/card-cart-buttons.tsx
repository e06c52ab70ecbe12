import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import {
  addToCart,
  cartProductOfCard,
  removeOneFromCart,
  useProductInCart,
} from "./cart-actions.ts";
import "./card-cart-buttons.css";

/**
 * A product card's cart buttons (storefront.md §4): "Ajouter" while the product is available and
 * the cap allows more, "Retirer" while the cart holds some. The card's HTML is shared by every
 * visitor (page cache), so it renders the add button alone; the in-cart quantity, the remove
 * button and the cap come from the visitor's cart in the browser. Plain forms without JavaScript.
 */
export function CardCartButtons({ product }: { product: ProductCardData }) {
  const { loaded, inCart, addable } = useProductInCart(product.id, product.maxQuantity);
  const cartProduct = cartProductOfCard(product);
  if (!cartProduct) return null;
  const showAdd = product.state.available && (loaded ? addable > 0 : product.state.showAdd);
  const showRemove = loaded && inCart > 0;
  if (!showAdd && !showRemove) return null;
  return (
    <div className="product-card__add product-card__cart">
      {showRemove && (
        <form
          method="post"
          action="/cart/remove"
          onSubmit={(event) => {
            event.preventDefault();
            void removeOneFromCart(cartProduct);
          }}
        >
          <input type="hidden" name="merchandiseId" value={cartProduct.variantId} />
          <button type="submit" className="button button--small button--outline">
            <span aria-hidden="true">−</span>
            <span className="visually-hidden">Retirer un {product.title} du panier</span>
          </button>
        </form>
      )}
      {showRemove && (
        <span className="product-card__in-cart">
          {inCart}
          <span className="visually-hidden"> dans le panier</span>
        </span>
      )}
      {showAdd && (
        <form
          method="post"
          action="/cart/add"
          onSubmit={(event) => {
            event.preventDefault();
            void addToCart(cartProduct, 1);
          }}
        >
          <input type="hidden" name="merchandiseId" value={cartProduct.variantId} />
          <input type="hidden" name="quantity" value="1" />
          <button type="submit" className="button button--small">
            Ajouter<span className="visually-hidden">{` ${product.title} au panier`}</span>
          </button>
        </form>
      )}
    </div>
  );
}
