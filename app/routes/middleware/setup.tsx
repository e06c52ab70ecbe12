import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import { AdminErrorPage } from "#app/components/admin/error-page.tsx";
import { LOGIN_PATH } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import adminStylesHref from "#app/styles/admin.css?url";
import {
  createFirstAdministrator,
  SETUP_REFUSALS,
  SetupError,
  STAFF_PASSWORD_MIN_LENGTH,
  StaffError,
  setupTokenState,
} from "#platform/backoffice/index.ts";
import type { Route } from "./+types/setup";

/**
 * The first administrator, from the one-time link a start with no administrator prints on the
 * console (platform/backoffice/first-admin-setup.ts). Outside the admin layout: nobody is signed
 * in yet. The admin guard keeps it to the office addresses, as every `/middleware` path.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];

export const meta: Route.MetaFunction = () => [
  { title: "Premier administrateur — Administration Comptoir" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await setupTokenState(database.db, token, new Date());
  // The page is personal to the link: never kept by a cache.
  const headers = { "Cache-Control": "no-store" };
  const minLength = STAFF_PASSWORD_MIN_LENGTH;
  if (state === "valid") return data({ token, minLength, refusal: null }, { headers });
  return data({ token: "", minLength, refusal: SETUP_REFUSALS[state] }, { status: 403, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, logger } = context.get(serverContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  try {
    const staff = await createFirstAdministrator(
      database.db,
      {
        token: String(form.get("token") ?? ""),
        email,
        password: String(form.get("password") ?? ""),
        confirmation: String(form.get("confirmation") ?? ""),
      },
      new Date(),
    );
    logger.info({ email: staff.email }, "first administrator created from the setup link");
  } catch (error) {
    if (error instanceof SetupError)
      return data({ message: error.message, email }, { status: 403 });
    if (error instanceof StaffError)
      return data({ message: error.message, email }, { status: 400 });
    throw error;
  }
  throw redirect(`${LOGIN_PATH}?created=1`);
}

export default function AdminSetup() {
  const { token, minLength, refusal } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const message = failed?.message ?? refusal;
  const alert = message && (
    <p className="admin-alert admin-alert--error" role="alert">
      {message}
    </p>
  );
  if (refusal) {
    return (
      <div className="admin-login">
        <section className="admin-card admin-login__form" aria-labelledby="setup-title">
          <h1 id="setup-title">Créer le premier administrateur</h1>
          {alert}
          <p>
            <a href="/middleware/login/">Aller à la connexion</a>
          </p>
        </section>
      </div>
    );
  }
  return (
    <div className="admin-login">
      <Form method="post" className="admin-card admin-login__form" aria-labelledby="setup-title">
        <h1 id="setup-title">Créer le premier administrateur</h1>
        {alert}
        <p>
          Ce compte ouvre tout l'espace d'administration, dont la création des comptes de l'équipe.
        </p>
        <input type="hidden" name="token" value={token} />
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
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={minLength}
            required
            aria-describedby="setup-password-hint"
          />
        </label>
        <p id="setup-password-hint">{`Au moins ${minLength} caractères.`}</p>
        <label className="admin-field">
          <span>Confirmation du mot de passe</span>
          <input type="password" name="confirmation" autoComplete="new-password" required />
        </label>
        <button type="submit" className="admin-button admin-button--primary">
          Créer le compte administrateur
        </button>
      </Form>
    </div>
  );
}

/** An error of this screen, or of a screen inside it: the admin area's error page. */
export function ErrorBoundary() {
  return <AdminErrorPage />;
}
