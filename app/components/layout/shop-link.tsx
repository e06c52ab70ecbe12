import { type ComponentProps, useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * A link to one of the shop's pages, as cheap as a plain `<a>`: no hook, no router context. A
 * page holds hundreds of them (product cards, menu panels, content tiles, footer), and React
 * Router's `<Link>` runs several hooks for each, on the server for every page it renders and in
 * the browser while the page hydrates (issue 18: a tenth of a home page's server time).
 * `<ShopLinks />`, once in the root, gives them what matters of `<Link>`: a plain click
 * navigates on the client.
 *
 * What `<Link>` has and these do not: route discovery and prefetching ahead of the click. With
 * `<Link>`, the router discovers the routes of every link on the page in one request, which it
 * gives up when their paths do not fit in an address — as on every page of this shop, with its
 * menu, footer and cards; and `prefetch="intent"` prefetches nothing for a route not discovered.
 * A `ShopLink`'s route is discovered when it is followed, as theirs were.
 *
 * Only for paths the storefront's routes render: a file or a resource route (a PDF, `/cart.json`)
 * needs a plain `<a>`, which the browser loads itself. Another site's address is a plain link.
 */
export function ShopLink({ to, ...props }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  const internal = /^\/(?!\/)/.test(to);
  return <a {...props} href={to} data-shop-link={internal ? "" : undefined} />;
}

/**
 * Client-side navigation for every `ShopLink` of the page, from one listener on the document: a
 * plain click (main button, no modifier key, same tab) is handed to the router, replacing the
 * history entry when it links to the page shown, as `<Link>` does. React's own click handlers run
 * first (its listener is the root's, added before this one), so one that prevents the default
 * keeps the link from navigating. Rendered once, in the root layout.
 */
export function ShopLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      // A marked link's address is one of the shop's paths (ShopLink marks no other).
      const anchor = (event.target as Element).closest<HTMLAnchorElement>("a[data-shop-link]");
      if (
        !anchor ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        (anchor.target && anchor.target !== "_self")
      )
        return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      const path = anchor.pathname + anchor.search + anchor.hash;
      navigate(path, { replace: path === pathname + search + hash });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
