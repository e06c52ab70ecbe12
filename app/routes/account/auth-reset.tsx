import { useActionData, useLoaderData, useParams } from "react-router";
import { LinkForms } from "#app/components/account/link-forms.tsx";
import { SetPasswordForm } from "#app/components/account/set-password-form.tsx";
import { SpentLink } from "#app/components/account/spent-link.tsx";
import {
  linkState,
  PRIVATE_HEADERS,
  resetByLink,
  resetPassword,
} from "#app/lib/account/account.server.ts";
import { buyerIpOf } from "#app/lib/account/customer-api.server.ts";
import accountStyles from "#app/styles/account.css?url";
import { noindexMeta, stylesheetLinks } from "../private-page-head.ts";
import type { Route } from "./+types/auth-reset";
import { setPasswordAction } from "./set-password.server.ts";

/**
 * /auth/reset/{id}/{token} (storefront.md §2): the link of the password-reset email. A new
 * password signs the customer in; every other session is ended by the service. Without the
 * token (`/auth/reset/`, `/auth/reset/{id}/`, ordering-and-server.md §2), the page takes the
 * email's whole link pasted, or sends a new one.
 */
export const links: Route.LinksFunction = stylesheetLinks(accountStyles);

export const meta: Route.MetaFunction = noindexMeta("Nouveau mot de passe — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

/** A link that no longer works says so at once, before any password is typed. */
export async function loader({ params }: Route.LoaderArgs) {
  if (!params.id || !params.token) return { link: null };
  return { link: await linkState("reset", params.id, params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const buyerIp = buyerIpOf(context);
  return setPasswordAction(request, {
    token: params.id && params.token ? params.token : undefined,
    withToken: (token, password) =>
      resetPassword(params.id ?? "", { resetToken: token, password }, buyerIp),
    withLink: (link, password) => resetByLink(link, password, buyerIp),
    buyerIp,
    successPath: "/compte/?ok=nouveau-mot-de-passe",
  });
}

export default function ResetPassword() {
  const answer = useActionData<typeof action>();
  const { link } = useLoaderData<typeof loader>();
  const { id, token } = useParams();
  if (!id || !token) {
    return (
      <LinkForms
        title="Nouveau mot de passe"
        intro="Collez le lien de l'e-mail « Réinitialisez votre mot de passe » et choisissez un nouveau mot de passe."
        linkLabel="Lien de réinitialisation"
        submitLabel="Enregistrer mon mot de passe"
        answer={answer}
      />
    );
  }
  if (link && link !== "valid")
    return <SpentLink title="Nouveau mot de passe" kind="reset" state={link} />;
  return (
    <SetPasswordForm
      title="Nouveau mot de passe"
      intro="Choisissez un nouveau mot de passe pour votre compte Comptoir."
      submitLabel="Enregistrer mon mot de passe"
      errors={answer?.errors}
    />
  );
}
