import { useActionData, useLoaderData, useParams } from "react-router";
import { LinkForms } from "#app/components/account/link-forms.tsx";
import { SetPasswordForm } from "#app/components/account/set-password-form.tsx";
import { SpentLink } from "#app/components/account/spent-link.tsx";
import {
  activate,
  activateByLink,
  linkState,
  PRIVATE_HEADERS,
} from "#app/lib/account/account.server.ts";
import { buyerIpOf } from "#app/lib/account/customer-api.server.ts";
import accountStyles from "#app/styles/account.css?url";
import { noindexMeta, stylesheetLinks } from "../private-page-head.ts";
import type { Route } from "./+types/account-activate";
import { setPasswordAction } from "./set-password.server.ts";

/**
 * /account/activate/{id}/{token} (storefront.md §2): the link of the activation email. The
 * customer chooses a password — the only time they give one: registration asks for none — and
 * the account is activated and signed in. Without the token (`/account/activate/`,
 * `/account/activate/{id}/`, ordering-and-server.md §2), the page takes the email's whole link
 * pasted, or sends a new one.
 */
export const links: Route.LinksFunction = stylesheetLinks(accountStyles);

export const meta: Route.MetaFunction = noindexMeta("Activer mon compte — Comptoir");

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

/** A link that no longer works says so at once, before any password is typed. */
export async function loader({ params }: Route.LoaderArgs) {
  if (!params.id || !params.token) return { link: null };
  return { link: await linkState("activation", params.id, params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const buyerIp = buyerIpOf(context);
  return setPasswordAction(request, {
    token: params.id && params.token ? params.token : undefined,
    withToken: (token, password) =>
      activate(params.id ?? "", { activationToken: token, password }, buyerIp),
    withLink: (link, password) => activateByLink(link, password, buyerIp),
    buyerIp,
    successPath: "/compte/?ok=active",
  });
}

export default function ActivateAccount() {
  const answer = useActionData<typeof action>();
  const { link } = useLoaderData<typeof loader>();
  const { id, token } = useParams();
  if (!id || !token) {
    return (
      <LinkForms
        title="Activer mon compte"
        intro="Collez le lien de l'e-mail « Activez votre compte Comptoir » et choisissez votre mot de passe."
        linkLabel="Lien d'activation"
        submitLabel="Activer mon compte"
        answer={answer}
      />
    );
  }
  if (link && link !== "valid")
    return <SpentLink title="Activer mon compte" kind="activation" state={link} />;
  return (
    <SetPasswordForm
      title="Activer mon compte"
      intro="Choisissez le mot de passe de votre compte Comptoir pour l'activer."
      submitLabel="Activer mon compte"
      errors={answer?.errors}
    />
  );
}
