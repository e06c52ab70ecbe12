import { useState } from "react";
import { AddToCartForm } from "#app/components/product/add-to-cart-form.tsx";
import { Price } from "#app/components/product/price.tsx";
import type { CardState, ProductCardData, ProductVariant } from "#app/lib/catalogue/product.ts";
import { previousPrice } from "#app/lib/format.ts";
import { perKgLabel } from "#platform/sold-by-weight.ts";

/**
 * The buying part of a product page for a product sold by weight (platform/sold-by-weight.ts):
 * the price of the weight chosen and its price per kilogram (« soit 34,00 €/kg »), announced when
 * the choice changes; the « Poids » choice, radio buttons a keyboard moves through with the
 * arrows; and who cuts it. Without JavaScript the first weight's price shows, each weight's
 * button names its own, and the form adds the one chosen.
 */
export function SoldByWeightPurchase({
  variants,
  state,
  maxQuantity,
  title,
  card,
  pricePerKg,
  cutBy,
}: {
  variants: ProductVariant[];
  state: CardState;
  maxQuantity: number;
  title: string;
  card: ProductCardData;
  pricePerKg: number;
  /** Who cuts it: « Coupé à la demande par notre fromager. » */
  cutBy: string;
}) {
  const initial = variants.find((variant) => variant.availableForSale) ?? variants[0];
  const [selectedId, setSelectedId] = useState(initial?.id ?? "");
  const selected = variants.find((variant) => variant.id === selectedId) ?? initial;
  const price = selected?.price ?? state.price;
  return (
    <>
      <div
        className="product-page__weighed"
        role="status"
        aria-atomic="true"
        aria-label="Prix du poids choisi"
      >
        <Price
          price={price}
          previousPrice={previousPrice(price / 100, (selected?.compareAtPrice ?? 0) / 100)}
          struck={state.unavailable}
          className="price product-page__price"
        />
        <p className="product-page__unit">
          {`${selected?.title ?? ""} · soit ${perKgLabel(selected?.unitPrice ?? pricePerKg)}`}
        </p>
      </div>
      <AddToCartForm
        variants={variants}
        state={state}
        maxQuantity={maxQuantity}
        title={title}
        card={card}
        weights={{ selectedId, onSelect: setSelectedId }}
      />
      <p className="product-page__cut">{cutBy}</p>
    </>
  );
}
