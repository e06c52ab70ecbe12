import { data, redirect } from "react-router";
import { signInPath } from "#app/lib/favourites/bookmarks.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { runListCommand } from "#app/lib/shopping-lists/shopping-lists.server.ts";
import {
  parseListCommand,
  type ShoppingListResult,
  withListOutcome,
} from "#app/lib/shopping-lists/shopping-lists.ts";
import type { Route } from "./+types/shopping-lists";

/**
 * POST /listes/: every change to the signed-in customer's shopping lists (create, rename,
 * delete, add or remove products, add the whole list to the cart), through the own API.
 * From a fetcher (`via=fetcher`) it answers the outcome; from a plain form (no JavaScript) it
 * comes back to `redirectTo` with the outcome in the address (`withListOutcome`) — a visitor is
 * sent to sign-in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fromFetcher = form.get("via") === "fetcher";
  const back = safeRedirectPath(form.get("redirectTo"), "/compte/?s=5");
  const parsed = parseListCommand(form);
  if (!parsed.ok) {
    const result: ShoppingListResult = { ok: false, intent: parsed.intent, error: parsed.error };
    return fromFetcher
      ? data(result, { status: 400 })
      : redirect(withListOutcome(back, result), 303);
  }
  const { result, headers } = await runListCommand(context, request, parsed.command);
  const outHeaders = new Headers(headers);
  outHeaders.set("Cache-Control", "private, no-store");
  if (fromFetcher) return data(result, { headers: outHeaders });
  const target = !result.ok && result.signIn ? signInPath(back) : withListOutcome(back, result);
  return redirect(target, { status: 303, headers: outHeaders });
}

export function loader() {
  return redirect("/compte/?s=5", 302);
}
