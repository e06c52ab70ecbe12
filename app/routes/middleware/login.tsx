import { data, Form, redirect, useActionData, useSearchParams } from "react-router";
import { AdminErrorPage } from "#app/components/admin/error-page.tsx";
import { ADMIN_SESSION_COOKIE, safeNext, signInStaff } from "#app/lib/admin/admin.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import adminStylesHref from "#app/styles/admin.css?url";
import type { Route } from "./+types/login";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];

export const meta: Route.MetaFunction = () => [
  { title: "Connexion — Administration Comptoir" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  // Already signed in (or at least holding a cookie): the dashboard checks it.
  if (readCookie(request, ADMIN_SESSION_COOKIE)) {
    throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  }
  return null;
}

/**
 * A form posted from another site never gets here: the server's cross-origin rule refuses it
 * (403, `server/rules/same-origin.ts`), which covers sign-in, where no session exists yet.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await signInStaff(request, context, {
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  });
  if (!result.ok) {
    return data(
      { message: result.message, email: String(form.get("email") ?? "") },
      { status: result.status },
    );
  }
  throw redirect(safeNext(String(form.get("next") ?? "")), { headers: result.headers });
}

export default function AdminLogin() {
  const failed = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="admin-login">
      <Form method="post" className="admin-card admin-login__form" aria-labelledby="login-title">
        <h1 id="login-title">Administration Comptoir</h1>
        {failed ? (
          <p className="admin-alert admin-alert--error" role="alert">
            {failed.message}
          </p>
        ) : (
          params.get("created") === "1" && (
            <p className="admin-alert admin-alert--success" role="status">
              Le compte administrateur est créé : connectez-vous.
            </p>
          )
        )}
        <input type="hidden" name="next" value={params.get("next") ?? ""} />
        <label className="admin-field">
          <span>Adresse e-mail</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            defaultValue={failed?.email}
          />
        </label>
        <label className="admin-field">
          <span>Mot de passe</span>
          <input type="password" name="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className="admin-button admin-button--primary">
          Se connecter
        </button>
      </Form>
    </div>
  );
}

/** An error of this screen, or of a screen inside it: the admin area's error page. */
export function ErrorBoundary() {
  return <AdminErrorPage />;
}
