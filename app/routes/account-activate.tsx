import { useActionData } from "react-router";
import { SetPasswordForm } from "#app/components/account/set-password-form.tsx";
import { activate, PRIVATE_HEADERS } from "#app/lib/account.server.ts";
import { buyerIpOf } from "#app/lib/customer-api.server.ts";
import accountStyles from "#app/styles/account.css?url";
import type { Route } from "./+types/account-activate";
import { noindexMeta, stylesheetLinks } from "./private-page-head.ts";
import { setPasswordAction } from "./set-password.server.ts";

/**
 * /account/activate/{id}/{token} (storefront.md §2): the link of the activation email. The
 * customer chooses a password; the account is activated and signed in.
 */
export const links: Route.LinksFunction = stylesheetLinks(accountStyles);

export const meta: Route.MetaFunction = noindexMeta("Activer mon compte — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export function loader() {
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return setPasswordAction(
    request,
    (password) =>
      activate(params.id, { activationToken: params.token, password }, buyerIpOf(context)),
    "/compte/?ok=active",
  );
}

export default function ActivateAccount() {
  const answer = useActionData<typeof action>();
  return (
    <SetPasswordForm
      title="Activer mon compte"
      intro="Choisissez le mot de passe de votre compte Comptoir pour l'activer."
      submitLabel="Activer mon compte"
      errors={answer?.errors}
    />
  );
}
