import { redirect } from "react-router";
import {
  ATTEMPT_COOKIE,
  checkoutCookie,
  PRIVATE_HEADERS,
  readCart,
  shopperOf,
  signedInCustomer,
} from "#app/lib/checkout/checkout.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { isPlaced, paymentResult } from "#app/lib/ordering/customer.server.ts";
import {
  PAYMENT_PATH,
  paymentMessageCookie,
  placedAnswer,
} from "#app/lib/ordering/payment-step.server.ts";
import type { Route } from "./+types/order-payment-return";

/**
 * /order/paiement/retour?session_id=… — where the provider's hosted payment page sends the
 * shopper back (issue 48). The session is settled here as the webhook would (whichever comes
 * first places the order, once): placed → the confirmation; refused, refunded or expired → back
 * to the payment page with the service's French message. Only redirects: no page of its own.
 */

const PENDING =
  "Votre paiement est en cours de confirmation. Patientez un instant puis réessayez : vous ne serez pas débité deux fois.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(request, context);
  if (!(await signedInCustomer(shopper))) throw redirect("/order/", { headers: PRIVATE_HEADERS });
  const sessionId = new URL(request.url).searchParams.get("session_id")?.trim() ?? "";
  if (!sessionId) throw redirect(PAYMENT_PATH, { headers: PRIVATE_HEADERS });
  const result = await paymentResult(shopper, sessionId);
  if (result.ok && isPlaced(result.data)) {
    const key = readCookie(request, ATTEMPT_COOKIE) ?? null;
    throw await placedAnswer(request, context, await readCart(request), result.data, key);
  }
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append("Set-Cookie", paymentMessageCookie(request, result.ok ? PENDING : result.message));
  // A refused, refunded or expired payment ended its attempt: the next try gets a new key.
  if (!result.ok && result.code === "payment_failed" && result.reason !== "pending") {
    headers.append("Set-Cookie", checkoutCookie(request, ATTEMPT_COOKIE, crypto.randomUUID()));
  }
  throw redirect(PAYMENT_PATH, { headers });
}
