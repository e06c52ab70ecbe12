// First: sets Zod's CSP-friendly mode before any page module loads Zod.
import "#app/lib/zod-jitless.ts";
import { type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { markHydrated } from "#app/components/layout/hydration.ts";
import { island } from "#app/components/layout/island.tsx";
import { ProgressBar } from "#app/components/layout/progress-bar.tsx";
import { ShopLinks } from "#app/components/layout/shop-link.tsx";
import { PrivacyCentre } from "#app/components/privacy/privacy-centre.tsx";
import { PageViews } from "#app/components/privacy/tracking.tsx";
import { ToastHost } from "#app/components/toast/toast-host.tsx";
import { getFooter, getMainMenu } from "#app/lib/content/content.server.ts";
import { shopFactTexts } from "#app/lib/content/shop-facts.server.ts";
import { fillFactsOnce } from "#app/lib/content/shop-facts.ts";
import { describeError } from "#app/lib/errors.ts";
import { ICON_LINKS, THEME_COLOUR } from "#app/lib/layout/site-icons.ts";
import {
  EMPTY_FOOTER,
  normaliseFooter,
  normaliseMenu,
  oncePerEntry,
} from "#app/lib/layout/site-layout.ts";
import { pageTypeOf } from "#app/lib/page-type.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { VisitorLoader } from "#app/lib/visitor.tsx";
import stylesHref from "#app/styles/app.css?url";
import fontsHref from "#app/styles/fonts.css?url";
import layoutStylesHref from "#app/styles/layout.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: fontsHref },
  { rel: "stylesheet", href: stylesHref },
  { rel: "stylesheet", href: layoutStylesHref },
  // favicon.ico, the SVG icon, the apple-touch icon and the manifest (scripts/site-icons.ts).
  ...ICON_LINKS,
];

/**
 * The header's menu and the footer, from the content service's cached configuration, brought to
 * the small shapes they render. The same for every visitor: nothing here may vary per visitor,
 * as whole pages are cached (server/rules/page-cache.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [menu, footer, facts] = await Promise.all([getMainMenu(), getFooter(), shopFactTexts()]);
  // The tag manager's id is the same for everyone: fine in the cached page (privacy centre).
  const gtmId = context.get(serverContext).env.GTM_ID ?? null;
  // The footer's legal line and promises name the shop's identity, stores and zones (facts).
  return { menu: menuOf(menu), footer: fillFactsOnce(footerOf(footer), facts), gtmId };
}

const menuOf = oncePerEntry(normaliseMenu);
const footerOf = oncePerEntry(normaliseFooter);

// The menu and footer change only with the content: navigations do not reload them.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  // The payment step is shown without header and footer, and the admin area has its own layout
  // (ordering-and-server.md §2).
  const { pathname } = useLocation();
  const chrome = !pathname.includes("paiement") && !pathname.startsWith("/middleware/");
  // Absent when the root loader itself failed: the error page then shows a bare layout.
  const data = useRouteLoaderData<typeof loader>("root");
  const pageType = pageTypeOf(useMatches());
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        <Links />
      </head>
      <body>
        <ProgressBar />
        {chrome && <PrivacyCentre gtmId={data?.gtmId ?? null} />}
        {chrome && <Header menu={data?.menu ?? []} />}
        <main id="contenu" className="site-main" data-page-type={pageType}>
          {children}
        </main>
        {chrome && <Footer footer={data?.footer ?? EMPTY_FOOTER} />}
        <ShopLinks />
        <VisitorLoader />
        <PageViews pageType={pageType} />
        <ToastHost />
        {/* Restores positions on back/forward and scrolls to the top on every new navigation. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Rows mounted from now on (client-side navigations) render whole: nothing left to hydrate.
  useEffect(markHydrated, []);
  return <Outlet />;
}

/** Only error pages need it: its code comes once such a page is idle (decision 020). */
const ErrorPage = island(
  () => import("#app/components/error/error-page.tsx").then((m) => m.ErrorPage),
  { idle: true },
);

export function ErrorBoundary() {
  const details = describeError(useRouteError(), import.meta.env.DEV);
  return (
    <>
      <title>{`${details.title} — Comptoir`}</title>
      <ErrorPage details={details} />
    </>
  );
}
