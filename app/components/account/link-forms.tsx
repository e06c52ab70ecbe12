import { Form, Link, useNavigation } from "react-router";
import { Field, FormMessage, NewPasswordField, PasswordConfirmationField } from "./field.tsx";

/** What the token-less page's action answers (app/routes/account/set-password.server.ts). */
type Answer = {
  intent: "link" | "new-link";
  errors: Record<string, string>;
  values: { link: string; email: string };
  notice: string | null;
};

/**
 * The activation and reset pages without a token in their address (`/account/activate/`,
 * `/auth/reset/`): paste the whole link of the email with the new password, or ask for a new
 * link. Plain forms, working before the page's JavaScript.
 */
export function LinkForms({
  title,
  intro,
  linkLabel,
  submitLabel,
  answer,
}: {
  title: string;
  intro: string;
  linkLabel: string;
  submitLabel: string;
  answer: Answer | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const link = answer?.intent === "link" ? answer : undefined;
  const newLink = answer?.intent === "new-link" ? answer : undefined;
  // The link's own errors (used, expired, throttled) concern no field of the form.
  const linkError = Object.entries(link?.errors ?? {}).find(
    ([key]) => key !== "password" && key !== "confirmation" && key !== "link",
  )?.[1];
  return (
    <div className="account-page account-page--narrow">
      <h1>{title}</h1>
      <section className="account-card" aria-labelledby="lien-titre">
        <h2 id="lien-titre">Avec le lien reçu par e-mail</h2>
        <p>{intro}</p>
        {linkError && <FormMessage kind="error">{linkError}</FormMessage>}
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="link" />
          <Field
            label={linkLabel}
            type="url"
            name="link"
            required
            autoComplete="off"
            placeholder="https://…"
            defaultValue={link?.values.link}
            error={link?.errors.link}
          />
          <NewPasswordField label="Mot de passe" error={link?.errors.password} />
          <PasswordConfirmationField
            label="Confirmez le mot de passe"
            error={link?.errors.confirmation}
          />
          <button type="submit" className="account-button account-button--primary" disabled={busy}>
            {submitLabel}
          </button>
        </Form>
      </section>
      <section className="account-card" aria-labelledby="nouveau-lien-titre">
        <h2 id="nouveau-lien-titre">Recevoir un nouveau lien</h2>
        <p>
          Lien perdu ou expiré ? Indiquez l'adresse e-mail de votre compte : nous vous enverrons un
          nouveau lien.
        </p>
        {newLink?.notice && <FormMessage kind="success">{newLink.notice}</FormMessage>}
        {newLink?.errors.form && <FormMessage kind="error">{newLink.errors.form}</FormMessage>}
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="new-link" />
          <Field
            label="Adresse e-mail du compte"
            type="email"
            name="email"
            autoComplete="email"
            required
            defaultValue={newLink?.values.email}
            error={newLink?.errors.email}
          />
          <button type="submit" className="account-button" disabled={busy}>
            Recevoir un nouveau lien
          </button>
        </Form>
      </section>
      <p>
        <Link to="/compte/">Retour à la connexion</Link>
      </p>
    </div>
  );
}
