import { redirect } from "react-router";
import { orderModeHeaders, readOrderMode } from "#app/lib/order-mode/order-mode.ts";
import {
  decideOrderMode,
  type OrderModeOutcome,
  orderingErrorResponse,
  orderingJson,
  shopperIpOf,
} from "#app/lib/ordering/ordering.server.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import type { Route } from "./+types/order-mode.save";

/**
 * POST /order-mode/: saves the shopper's order mode (ordering-and-server.md §2–§4) once the
 * modal's last step is confirmed, so nothing changes until then. Every value is checked again
 * here: the address against the delivery zones, the pickup store, the slot (offered now and not
 * full). The choice goes to the spec's cookies (one day, readable by the client).
 *
 * Fields: `intent` (`save`, or `slot` to change only the slot of the stored mode and store),
 * `mode` (1 delivery, 2 pickup), `address`/`postcode`/`city`/`instructions` (mode 1), `store`
 * (mode 2, PhysicalRestaurantId), `slot` (its key; none for a province delivery), `restauration`
 * (`1` when a restauration product is concerned: no province delivery), `returnTo`.
 *
 * A fetch asking for JSON gets `{ Success, Data: state }` or the refusal (the ordering service's
 * shape: `Code`, `UserMessage`, `Field`); a plain form post is redirected back to `returnTo`.
 */

function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const current = readOrderMode(request);
  let outcome: OrderModeOutcome;
  try {
    outcome = await decideOrderMode(form, current, { shopperIp: shopperIpOf(context) });
  } catch (error) {
    return orderingErrorResponse(error);
  }
  if (!outcome.ok) return outcome.refusal;
  const secure = new URL(request.url).protocol === "https:";
  const headers = orderModeHeaders(outcome.patch, { secure });
  if (!wantsJson(request)) {
    headers.set("Cache-Control", "private, no-store");
    return redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers });
  }
  // The state as the browser now holds it.
  return orderingJson({ ...current, ...outcome.patch }, { headers });
}

export function loader() {
  // Only a form posts here.
  return redirect("/", { status: 303 });
}
