import { isRouteErrorResponse, useRouteError } from "react-router";
import { describeError } from "#app/lib/errors.ts";

export const ADMIN_ERROR_TITLE = "Une erreur est survenue dans l'administration";

/**
 * The admin area's error page, the ErrorBoundary of its layout and of its pages outside it
 * (sign-in, first administrator): what failed and the way back, in the admin's own look rather
 * than the shop's. The server has logged the cause with the request's id (app/entry.server.tsx).
 */
export function AdminErrorPage() {
  const error = useRouteError();
  const details = describeError(error, import.meta.env.DEV);
  // A screen that answers a status on purpose names it itself ('Unknown middleware', §8).
  const heading = isRouteErrorResponse(error) ? details.title : ADMIN_ERROR_TITLE;
  return (
    <div className="admin-login">
      <title>{`${heading} — Administration Comptoir`}</title>
      <section className="admin-card admin-login__form" aria-labelledby="admin-error-title">
        <h1 id="admin-error-title">{heading}</h1>
        <p className="admin-alert admin-alert--error" role="alert">
          {`Erreur ${details.statusCode} : ${details.title}`}
        </p>
        <p>
          La cause est enregistrée dans le journal du serveur. Réessayez, ou revenez au tableau de
          bord.
        </p>
        <p>
          <a className="admin-button" href="/middleware/dashboard/">
            Retour au tableau de bord
          </a>
        </p>
      </section>
    </div>
  );
}
