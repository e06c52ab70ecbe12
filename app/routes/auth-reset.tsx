import { useActionData } from "react-router";
import { SetPasswordForm } from "#app/components/account/set-password-form.tsx";
import { PRIVATE_HEADERS, resetPassword } from "#app/lib/account.server.ts";
import { buyerIpOf } from "#app/lib/customer-api.server.ts";
import accountStyles from "#app/styles/account.css?url";
import type { Route } from "./+types/auth-reset";
import { noindexMeta, stylesheetLinks } from "./private-page-head.ts";
import { setPasswordAction } from "./set-password.server.ts";

/**
 * /auth/reset/{id}/{token} (storefront.md §2): the link of the password-reset email. A new
 * password signs the customer in; every other session is ended by the service.
 */
export const links: Route.LinksFunction = stylesheetLinks(accountStyles);

export const meta: Route.MetaFunction = noindexMeta("Nouveau mot de passe — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export function loader() {
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return setPasswordAction(
    request,
    (password) =>
      resetPassword(params.id, { resetToken: params.token, password }, buyerIpOf(context)),
    "/compte/?ok=nouveau-mot-de-passe",
  );
}

export default function ResetPassword() {
  const answer = useActionData<typeof action>();
  return (
    <SetPasswordForm
      title="Nouveau mot de passe"
      intro="Choisissez un nouveau mot de passe pour votre compte Comptoir."
      submitLabel="Enregistrer mon mot de passe"
      errors={answer?.errors}
    />
  );
}
