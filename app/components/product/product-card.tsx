import { CardCartButtons } from "#app/components/cart/card-cart-buttons.tsx";
import { ProductActions } from "#app/components/favourites/product-actions.tsx";
import { ShopLink } from "#app/components/layout/shop-link.tsx";
import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import { productPath } from "#app/lib/links.ts";
import { Price } from "./price.tsx";
import { ProductImage } from "./product-image.tsx";

/** Grid cells: two columns on a phone, four from 992 px. */
// Two cards a row on phones, inside the page's gutters: a little under half the width.
const CARD_IMAGE_SIZES = "(min-width: 992px) 280px, calc(50vw - 24px)";

/**
 * The product card every listing uses, in the states of storefront.md §4: archived (overlay,
 * link disabled), unavailable (struck price and the unavailable text), available (add button
 * while the cap allows; remove while the cart holds some — see CardCartButtons).
 */
export function ProductCard({
  product,
  headingLevel = 2,
  priority = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const { state } = product;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const classes = [
    "product-card",
    state.archived ? "product-card--archived" : "",
    state.unavailable ? "product-card--unavailable" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const body = (
    <>
      <div className="product-card__media">
        {product.image ? (
          <ProductImage
            image={product.image}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            className="product-card__image"
          />
        ) : (
          <div className="product-card__image product-card__image--empty" aria-hidden="true" />
        )}
        <Badges product={product} />
      </div>
      <p className="product-card__brand">{product.brand}</p>
      <Heading className="product-card__title">{product.title}</Heading>
    </>
  );
  return (
    <article className={classes}>
      {state.archived ? (
        <span className="product-card__link" aria-disabled="true">
          {body}
        </span>
      ) : (
        <ShopLink to={productPath(product.handle)} className="product-card__link">
          {body}
        </ShopLink>
      )}
      {(product.quantityLabel || product.priceUnit) && (
        <p className="product-card__unit">
          {[product.quantityLabel, product.priceUnit].filter(Boolean).join(" · ")}
        </p>
      )}
      <Price
        price={state.price}
        previousPrice={state.previousPrice}
        struck={state.unavailable}
        from={product.soldByWeight}
        className="price product-card__price"
      />
      {state.unavailableMessage && (
        <p className="product-card__notice">{state.unavailableMessage}</p>
      )}
      <CardCartButtons product={product} />
      <ProductActions
        productId={product.id}
        title={product.title}
        compact
        className="product-card__actions"
      />
      {state.archived && (
        <p className="product-card__overlay">
          <span>Produit archivé</span>
        </p>
      )}
    </article>
  );
}

function Badges({ product }: { product: ProductCardData }) {
  const badges = [product.discountLabel, product.gamme].filter((badge): badge is string =>
    Boolean(badge),
  );
  if (badges.length === 0) return null;
  return (
    <ul className="product-card__badges" aria-label="Particularités">
      {badges.map((badge) => (
        <li key={badge} className="badge">
          {badge}
        </li>
      ))}
    </ul>
  );
}
