import { useEffect } from "react";
import { data } from "react-router";
import { CartContents } from "#app/components/cart/cart-contents.tsx";
import { seedCart, useCartSnapshot } from "#app/components/cart/cart-store.ts";
import { deliveryTermsFor } from "#app/lib/cart/delivery-fee.server.ts";
import { readCartFlash } from "#app/lib/cart/form.server.ts";
import { getCart } from "#app/lib/cart/read.server.ts";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import catalogueStyles from "#app/styles/catalogue.css?url";
import type { Route } from "./+types/cart";

/**
 * The cart page, /panier/: the same contents as the cart panel, rendered on the server for this
 * visitor — so it is never cached (`Cache-Control: private`, decision 002) — and working without
 * JavaScript: every control is a form posting to a cart route, which redirects back here with a
 * one-time message.
 */
export const handle: PageTypeHandle = { pageType: "panier" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = () => [
  { title: "Mon panier | Comptoir" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [{ cart, headers }, delivery] = await Promise.all([
    getCart(request),
    deliveryTermsFor(request),
  ]);
  const { flash, setCookie } = readCartFlash(request);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  headers.set("Cache-Control", "private, no-store");
  return data({ cart, delivery, flash }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { flash } = loaderData;
  const snapshot = useCartSnapshot();

  // The store starts from this page's data: no second request, and the forms become optimistic.
  useEffect(() => {
    seedCart({ cart: loaderData.cart, delivery: loaderData.delivery });
  }, [loaderData]);

  const cart = snapshot.loaded ? snapshot.cart : loaderData.cart;
  const delivery = snapshot.loaded ? snapshot.delivery : loaderData.delivery;
  return (
    <div className="page cart-page">
      <h1 className="page__title">Mon panier</h1>
      {flash && (
        <p
          className={`cart-flash cart-flash--${flash.kind}`}
          role={flash.kind === "error" ? "alert" : "status"}
        >
          {flash.message}
        </p>
      )}
      <CartContents cart={cart} delivery={delivery} />
    </div>
  );
}
