import { Form, Link, useNavigation } from "react-router";
import { Field, FormMessage, NameAndEmailFields } from "./field.tsx";

/** What the account actions answer when a form needs showing again. */
export type FormAnswer = {
  intent: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  notice?: string;
};

type Props = {
  /** Where to go after sign-in (a same-site path). */
  redirectTo: string;
  /** Which secondary form: registration by default, or the forgotten-password one. */
  mode: "register" | "recover";
  answer: FormAnswer | undefined;
  /** A message of the page itself (session expired…). */
  notice?: string | null;
};

/**
 * The account page of a visitor (storefront.md §2, §6): sign-in, with 'Créer un compte' and
 * 'Mot de passe oublié'. Plain forms posted to /compte/, so they work before the page's
 * JavaScript loads.
 */
export function SignInForms({ redirectTo, mode, answer, notice }: Props) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const of = (intent: string) => (answer?.intent === intent ? answer : undefined);
  const login = of("login");
  const register = of("register");
  const recover = of("recover");
  const withRedirect = (search: string) =>
    `/compte/?${search}${redirectTo !== "/compte/" ? `&redirect=${encodeURIComponent(redirectTo)}` : ""}`;

  return (
    <div className="account-auth">
      <section className="account-card" aria-labelledby="connexion-titre">
        <h2 id="connexion-titre">Se connecter</h2>
        {notice && <FormMessage kind="error">{notice}</FormMessage>}
        {login?.errors.form && <FormMessage kind="error">{login.errors.form}</FormMessage>}
        <Form method="post" action="/compte/" className="account-form">
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirect" value={redirectTo} />
          <Field
            label="Adresse e-mail"
            type="email"
            name="email"
            autoComplete="username"
            required
            defaultValue={login?.values.email}
            error={login?.errors.email}
          />
          <Field
            label="Mot de passe"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            error={login?.errors.password}
          />
          <button
            type="submit"
            className="account-button account-button--primary"
            disabled={busy("login")}
          >
            Se connecter
          </button>
        </Form>
        <p className="account-auth__forgot">
          <Link to={withRedirect("vue=mot-de-passe-oublie")}>Mot de passe oublié ?</Link>
        </p>
      </section>

      {mode === "recover" ? (
        <section className="account-card" aria-labelledby="oubli-titre">
          <h2 id="oubli-titre">Mot de passe oublié</h2>
          <p>
            Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un
            nouveau mot de passe.
          </p>
          {recover?.notice && <FormMessage kind="success">{recover.notice}</FormMessage>}
          {recover?.errors.form && <FormMessage kind="error">{recover.errors.form}</FormMessage>}
          <Form method="post" action="/compte/?vue=mot-de-passe-oublie" className="account-form">
            <input type="hidden" name="intent" value="recover" />
            <Field
              label="Adresse e-mail du compte"
              type="email"
              name="email"
              autoComplete="email"
              required
              defaultValue={recover?.values.email}
              error={recover?.errors.email}
            />
            <button type="submit" className="account-button" disabled={busy("recover")}>
              Recevoir le lien
            </button>
          </Form>
          <p>
            <Link to={withRedirect("vue=inscription")}>Créer un compte</Link>
          </p>
        </section>
      ) : (
        <section className="account-card" aria-labelledby="inscription-titre">
          <h2 id="inscription-titre">Créer un compte</h2>
          {!register?.notice && (
            <p>
              Nous vous envoyons un e-mail d'activation : son lien vous fera choisir votre mot de
              passe.
            </p>
          )}
          {register?.notice ? (
            <FormMessage kind="success">{register.notice}</FormMessage>
          ) : (
            <>
              {register?.errors.form && (
                <FormMessage kind="error">{register.errors.form}</FormMessage>
              )}
              <Form method="post" action="/compte/" className="account-form">
                <input type="hidden" name="intent" value="register" />
                <NameAndEmailFields
                  firstName={register?.values.firstName}
                  lastName={register?.values.lastName}
                  email={register?.values.email}
                  errors={register?.errors}
                />
                <label className="account-checkbox">
                  <input
                    type="checkbox"
                    name="acceptsMarketing"
                    defaultChecked={register?.values.acceptsMarketing === "on"}
                  />
                  <span>
                    J'accepte de recevoir les offres et actualités de Comptoir par e-mail.
                  </span>
                </label>
                <button
                  type="submit"
                  className="account-button account-button--primary"
                  disabled={busy("register")}
                >
                  Créer mon compte
                </button>
              </Form>
            </>
          )}
        </section>
      )}
    </div>
  );
}
