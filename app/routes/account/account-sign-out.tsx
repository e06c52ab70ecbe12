import { redirect } from "react-router";
import { PRIVATE_HEADERS, signOut } from "#app/lib/account/account.server.ts";
import {
  clearedCustomerTokenCookie,
  customerTokenOf,
} from "#app/lib/account/customer-session.server.ts";
import type { Route } from "./+types/account-sign-out";

/**
 * POST /compte/deconnexion/: ends the session (storefront.md §4) — the token is deleted on the
 * commerce service and its cookie cleared — then back to the login page. A GET only redirects:
 * a link or a prefetch must never sign anyone out.
 */
export function loader() {
  throw redirect("/compte/", { headers: PRIVATE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const token = customerTokenOf(request);
  if (token) {
    try {
      await signOut(token);
    } catch {
      // The cookie goes anyway; an unreachable service keeps a token that expires by itself.
    }
  }
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append("Set-Cookie", clearedCustomerTokenCookie(request));
  throw redirect("/compte/", { headers });
}
