import { formatCents } from "#app/lib/format.ts";

/**
 * A price with two decimals and the euro sign, the previous price beside it when it is above
 * the current one (storefront.md §5), struck through when the product is unavailable.
 */
export function Price({
  price,
  previousPrice,
  struck = false,
  from = false,
  className = "price",
}: {
  price: number;
  previousPrice: number | null;
  struck?: boolean;
  /** The lowest of several prices (a product sold by weight): « à partir de 8,50 € ». */
  from?: boolean;
  className?: string;
}) {
  const current = formatCents(price);
  return (
    <p className={className}>
      {from && <span className="price__from">à partir de </span>}
      {struck ? (
        <s className="price__current price__current--struck">
          <span className="visually-hidden">Prix indicatif : </span>
          {current}
        </s>
      ) : (
        <span className="price__current">
          <span className="visually-hidden">Prix : </span>
          {current}
        </span>
      )}
      {previousPrice !== null && (
        <s className="price__previous">
          <span className="visually-hidden">Prix précédent : </span>
          {formatCents(previousPrice)}
        </s>
      )}
    </p>
  );
}
