import { redirect } from "react-router";
import { currentCustomer } from "#app/lib/account/customer-session.server.ts";
import { serverBookmarkIo } from "#app/lib/favourites/bookmarks.server.ts";
import {
  productGidOf,
  saveBookmarkChanges,
  signInPath,
  withBookmarkIntent,
} from "#app/lib/favourites/bookmarks.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import type { Route } from "./+types/favourites";

/**
 * POST /favoris/: the heart without JavaScript (storefront.md §4). The page that posted cannot
 * know the favourite's state (it may come from the shared cache), so this toggles it: read the
 * document, add or remove, write with the revision, retried on a conflict. A visitor is sent to
 * sign-in, coming back with `?bookmark=` so that the page completes it. Always answers with a
 * redirect back to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirectPath(form.get("redirectTo"), "/compte/?s=4");
  const productId = productGidOf(form.get("productId"));
  if (!productId) return redirect(back, 303);
  const customer = await currentCustomer(request);
  if (!customer) return redirect(signInPath(withBookmarkIntent(back, productId)), 303);
  const io = serverBookmarkIo(context, request, customer.id);
  const current = await io.read();
  const intent = form.get("intent");
  const bookmarked =
    intent === "add" ? true : intent === "remove" ? false : !current.ids.includes(productId);
  await saveBookmarkChanges(io, [{ productId, bookmarked }], current);
  return redirect(back, 303);
}

export function loader() {
  return redirect("/compte/?s=4", 302);
}
