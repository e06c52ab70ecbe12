import { Link } from "react-router";
import { SPENT_LINK_MESSAGES } from "#app/lib/account/messages.ts";
import { FormMessage } from "./field.tsx";

/**
 * The activation or reset page of a link that no longer works (used, expired or unknown): said
 * at once, with the way to a new link, instead of a form that would refuse the new password.
 */
export function SpentLink({
  title,
  kind,
  state,
}: {
  title: string;
  kind: "activation" | "reset";
  state: "used" | "expired" | "unknown";
}) {
  const activated = kind === "activation" && state === "used";
  return (
    <div className="account-page account-page--narrow">
      <h1>{title}</h1>
      <section className="account-card">
        <FormMessage kind="error">{SPENT_LINK_MESSAGES[kind][state]}</FormMessage>
        {activated ? (
          <p>
            <Link to="/compte/">Se connecter</Link> ·{" "}
            <Link to="/compte/?vue=mot-de-passe-oublie">Mot de passe oublié ?</Link>
          </p>
        ) : kind === "reset" ? (
          <p>
            <Link to="/compte/?vue=mot-de-passe-oublie">Recevoir un nouveau lien</Link> : indiquez
            l'adresse e-mail de votre compte, nous vous enverrons un nouveau lien de
            réinitialisation.
          </p>
        ) : (
          <p>
            <Link to="/account/activate/">Recevoir un nouveau lien d'activation</Link> : indiquez
            l'adresse e-mail de votre compte, nous vous enverrons un nouveau lien.
          </p>
        )}
      </section>
    </div>
  );
}
