import type { ReactNode } from "react";
import { Link } from "react-router";
import type { OrderLineView } from "./order-view.ts";

/**
 * One line of a past order (order page, reorder panel): picture, title linking to the product
 * when it still exists, quantity, then `status`; dimmed when it cannot be bought again.
 */
export function OrderLineItem({
  line,
  variant,
  status,
  total,
}: {
  line: OrderLineView;
  /** The variant's title, when the view shows it. */
  variant?: string | null;
  status: ReactNode;
  /** The line's total, when the view shows it. */
  total?: string;
}) {
  return (
    <li className={`reorder-line${line.available ? "" : " reorder-line--unavailable"}`}>
      {line.image ? (
        <img src={line.image.url} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className="reorder-line__placeholder" aria-hidden="true" />
      )}
      <div className="reorder-line__text">
        {line.productPath ? (
          <Link to={line.productPath}>{line.title}</Link>
        ) : (
          <span>{line.title}</span>
        )}
        {variant && <span className="account-muted">{variant}</span>}
        <span className="account-muted">{`Quantité : ${line.quantity}`}</span>
        {status}
      </div>
      {total !== undefined && <span className="reorder-line__total">{total}</span>}
    </li>
  );
}
