import { data } from "react-router";
import checkoutStyles from "#app/components/checkout/checkout.css?url";
import { ADMIN_SESSION_COOKIE } from "#app/lib/admin/admin.server.ts";
import { PRIVATE_HEADERS } from "#app/lib/checkout/checkout.server.ts";
import { confirmationFor } from "#app/lib/checkout/confirmation.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { staffForSession } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/order-confirmation-debug";

/**
 * /order/confirmation-debug/ (ordering-and-server.md §2): the raw data behind a confirmation
 * (`?orderId=` or `?order=`), for staff only — a signed-in admin session; anyone else gets the
 * same 404 as an unknown page, so the route does not reveal itself.
 */

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

export const meta: Route.MetaFunction = () => [
  { title: "Confirmation (débogage) — Comptoir" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = readCookie(request, ADMIN_SESSION_COOKIE);
  const { database } = context.get(serverContext);
  const staff = token ? await staffForSession(database.db, token, new Date()) : null;
  if (!staff) throw new Response(NOT_FOUND_MESSAGE, { status: 404, headers: PRIVATE_HEADERS });
  const confirmation = await confirmationFor(new URL(request.url), "staff");
  return data(
    { raw: confirmation ? JSON.stringify(confirmation.raw, null, 2) : null },
    { headers: PRIVATE_HEADERS },
  );
}

export default function ConfirmationDebugPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="checkout">
      <h1 className="checkout__title">Données de confirmation</h1>
      {loaderData.raw ? (
        <pre className="checkout-debug">{loaderData.raw}</pre>
      ) : (
        <p>Aucune commande ne correspond : indiquez ?orderId= ou ?order= dans l'adresse.</p>
      )}
    </div>
  );
}
