import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from "react-router";
import { ErrorPage } from "#app/components/error/error-page.tsx";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { describeError } from "#app/lib/errors.ts";
import stylesHref from "#app/styles/app.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  // The payment step is shown without header and footer, and the admin area has its own layout
  // (ordering-and-server.md §2).
  const { pathname } = useLocation();
  const chrome = !pathname.includes("paiement") && !pathname.startsWith("/middleware/");
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {chrome && <Header />}
        <main id="contenu" className="site-main">
          {children}
        </main>
        {chrome && <Footer />}
        {/* Restores positions on back/forward and scrolls to the top on every new navigation. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const details = describeError(useRouteError(), import.meta.env.DEV);
  return (
    <>
      <title>{`${details.title} — Comptoir`}</title>
      <ErrorPage details={details} />
    </>
  );
}
