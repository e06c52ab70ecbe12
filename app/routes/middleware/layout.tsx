import { Form, NavLink, Outlet, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { AdminErrorPage } from "#app/components/admin/error-page.tsx";
import {
  requireScreenPermission,
  requireStaff,
  staffContext,
} from "#app/lib/admin/admin.server.ts";
import { staffLabel } from "#app/lib/admin/staff-label.server.ts";
import adminStylesHref from "#app/styles/admin.css?url";
import { can, SCREEN_PERMISSIONS } from "#platform/backoffice/index.ts";
import type { Route } from "./+types/layout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export const middleware: Route.MiddlewareFunction[] = [requireStaff, requireScreenPermission];

export function loader({ context }: Route.LoaderArgs) {
  const { staff, csrfToken } = context.get(staffContext);
  // The sidebar lists only the screens this role opens.
  const screens = SCREENS.filter((screen) =>
    can(staff.role, SCREEN_PERMISSIONS[screen.path] ?? "settings"),
  );
  return { who: staffLabel(staff), csrfToken, screens };
}

/** The screens of the admin area, in the order of the office's day. */
const SCREENS = [
  { path: "dashboard", label: "Tableau de bord" },
  { path: "algolia", label: "Index de recherche" },
  { path: "synonymes", label: "Synonymes" },
  { path: "contenu", label: "Contenu" },
  { path: "purge", label: "Cache des pages" },
  { path: "redirects", label: "Redirections" },
  { path: "products", label: "Produits" },
  { path: "product-price", label: "Prix en masse" },
  { path: "images", label: "Images" },
  { path: "export-flux-produit", label: "Flux produits" },
  { path: "export-contentful", label: "Export vers le contenu" },
  { path: "export-flipdish", label: "Export vers les menus" },
  { path: "sync-products-bdd", label: "Synchro. des produits" },
  { path: "sync-categories-bdd", label: "Synchro. des catégories" },
  { path: "products-maj-log", label: "Journal des modifications" },
  { path: "odp-list", label: "Préparation des commandes" },
  { path: "promotions", label: "Promotions" },
  { path: "gift-cards", label: "Cartes cadeaux" },
  { path: "outbox", label: "Messages" },
  { path: "staff", label: "Équipe" },
  { path: "stores", label: "Magasins" },
  { path: "slots", label: "Créneaux" },
  { path: "orders", label: "Commandes" },
  { path: "customers", label: "Clients" },
] as const;

/** The admin area's own layout: no shop header or footer, a sidebar of screens. */
export default function AdminLayout() {
  const { who, screens } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <header className="admin__bar">
        <a className="admin__brand" href="/middleware/dashboard/">
          Comptoir <span>Administration</span>
        </a>
        <div className="admin__who">
          <span>{who}</span>
          <Form method="post" action="/middleware/logout/">
            <CsrfField />
            <button type="submit" className="admin-button">
              Se déconnecter
            </button>
          </Form>
        </div>
      </header>
      <nav className="admin__nav" aria-label="Écrans d'administration">
        <ul>
          {screens.map((screen) => (
            <li key={screen.path}>
              <NavLink to={`/middleware/${screen.path}/`}>{screen.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__main">
        <Outlet />
      </div>
    </div>
  );
}

/** An error of this screen, or of a screen inside it: the admin area's error page. */
export function ErrorBoundary() {
  return <AdminErrorPage />;
}
