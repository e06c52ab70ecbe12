import type { RestaurantStatus } from "#platform/order-status.ts";

/**
 * What the administrative API's order actions (accept, reject, dispatch, refund: Flipdish's
 * `OrdersApi`) need from the back office (docs/architecture.md, "Ports"): the one code path that
 * moves a restauration order along its flow, logs it in the order's history and the change log,
 * tells the customer through the outbox and refunds through the processor, as the order screen
 * does. The server wires it to the back office's face (server/platform.ts); tests wire the same.
 */

export type OrderActionRefusal =
  /** No such order. */
  | "not_found"
  /** The order's flow does not allow this change from its current state. */
  | "transition"
  /** The processor refused the refund (or the order was not paid by card). */
  | "refund"
  /** The request itself is not one (an amount of 0…). */
  | "invalid";

export type OrderActionOutcome =
  | { ok: true }
  | {
      ok: false;
      reason: OrderActionRefusal;
      /** French, for whoever called. */
      message: string;
      /** With `refund`: the processor's code (`exceeds`, `not_captured`…) or `not_paid_by_card`. */
      code?: string;
    };

export type OrderActions = {
  /** Moves the order to `to`; `note` goes to its history; `notify` tells the customer. */
  changeStatus(request: {
    orderId: number;
    to: RestaurantStatus;
    note?: string;
    notify: boolean;
    now: Date;
  }): Promise<OrderActionOutcome>;
  /** Refunds part or all of the order's payment, once per idempotency key. */
  refund(request: {
    orderId: number;
    amountCents: number;
    idempotencyKey: string;
    reason?: string;
    notify: boolean;
    now: Date;
  }): Promise<OrderActionOutcome>;
};
