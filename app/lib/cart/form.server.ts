import { z } from "zod";
import type { CartChangeOutcome } from "#app/lib/cart/cart.server.ts";
import type { CartView } from "#app/lib/cart/cart.ts";
import { isHttps, readCookie, serializeCookie } from "#app/lib/cookies.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";

/**
 * The answers of the cart routes (storefront.md §4, §8): JSON for the page's script, or for a
 * form sent without JavaScript a redirect with the outcome as a one-time message; and the forms'
 * parsing.
 */

/** A message for the next /panier/ page, after a form sent without JavaScript. */
export const CART_FLASH_COOKIE = "cartFlash";

export type CartFlash = { kind: "success" | "error"; message: string };

function flashCookie(request: Request, flash: CartFlash): string {
  return serializeCookie(CART_FLASH_COOKIE, JSON.stringify(flash), {
    maxAgeSeconds: 60,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
}

/** The flash message a request carries, and the header that consumes it. */
export function readCartFlash(request: Request): { flash: CartFlash | null; setCookie?: string } {
  const raw = readCookie(request, CART_FLASH_COOKIE);
  if (!raw) return { flash: null };
  const setCookie = serializeCookie(CART_FLASH_COOKIE, "", {
    maxAgeSeconds: 0,
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(request),
  });
  try {
    const parsed = JSON.parse(raw) as Partial<CartFlash>;
    if (
      (parsed.kind === "success" || parsed.kind === "error") &&
      typeof parsed.message === "string"
    ) {
      return { flash: { kind: parsed.kind, message: parsed.message.slice(0, 300) }, setCookie };
    }
  } catch {
    // A cookie we did not write: dropped.
  }
  return { flash: null, setCookie };
}

/** Whether a cart form came from the page's script (`_fetcher=1`) rather than a plain post. */
export function wantsJson(form: FormData): boolean {
  return form.get("_fetcher") === "1";
}

/**
 * The answer of a cart route: JSON for the page's script; for a plain form (no JavaScript) a
 * 303 back to the page it names (`redirectTo`, same-site only; /panier/ by default) with the
 * outcome as a one-time message.
 */
export function cartFormResponse(
  request: Request,
  form: FormData,
  outcome: CartChangeOutcome,
  status = 200,
): Response {
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "private, no-store");
  if (wantsJson(form)) {
    return Response.json(outcome.result, { status: outcome.result.ok ? 200 : status, headers });
  }
  const { result } = outcome;
  const flash: CartFlash | null = result.ok
    ? result.message
      ? { kind: "success", message: result.message }
      : null
    : { kind: "error", message: result.error };
  if (flash) headers.append("Set-Cookie", flashCookie(request, flash));
  // A refused add of the other kind lands on the cart page, where it can be emptied.
  const back = result.ok ? safeRedirectPath(form.get("redirectTo"), "/panier/") : "/panier/";
  headers.set("Location", back);
  return new Response(null, { status: 303, headers });
}

/** A form that does not parse: 400 with the field and the reason. */
export function invalidCartForm(
  request: Request,
  form: FormData,
  issue: { path: PropertyKey[]; message: string } | undefined,
  cart: CartView | null = null,
): Response {
  const field = issue?.path.join(".") || "formulaire";
  const error = `Champ « ${field} » invalide : ${issue?.message ?? "valeur incorrecte"}`;
  return cartFormResponse(
    request,
    form,
    { result: { ok: false, error, cart }, headers: new Headers() },
    400,
  );
}

/** A cart route's form: its own fields, then where to go back to and the page script's marker. */
export function cartForm<Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .object({
      ...fields,
      redirectTo: z.string().optional(),
      _fetcher: z.literal("1").optional(),
    })
    .strict();
}

/**
 * The action of a cart route: parses the form with `schema` (400 when it does not parse), runs
 * the change and answers as `cartFormResponse` does.
 */
export function cartFormAction<Data>(
  schema: z.ZodType<Data>,
  change: (request: Request, data: Data) => Promise<CartChangeOutcome>,
) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const form = await request.formData();
    const parsed = schema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return invalidCartForm(request, form, parsed.error.issues[0]);
    return cartFormResponse(request, form, await change(request, parsed.data));
  };
}

/**
 * The action of a route changing one line (by line id or variant id) by the form's `quantity`,
 * parsed with the given schema: /cart/update and /cart/remove.
 */
export function lineQuantityAction(
  quantity: z.ZodType<number>,
  change: (
    request: Request,
    ref: { lineId?: string; variantId?: string },
    quantity: number,
  ) => Promise<CartChangeOutcome>,
) {
  const LineForm = cartForm({
    lineId: z.string().min(1).optional(),
    merchandiseId: z.string().min(1).optional(),
    quantity,
  }).refine((value) => value.lineId || value.merchandiseId, {
    message: "ligne manquante",
    path: ["lineId"],
  });
  return cartFormAction(LineForm, (request, { lineId, merchandiseId, quantity }) =>
    change(request, { lineId, variantId: merchandiseId }, quantity),
  );
}
