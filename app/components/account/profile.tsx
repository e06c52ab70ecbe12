import { Form, useNavigation } from "react-router";
import {
  Field,
  FormMessage,
  NameAndEmailFields,
  NewPasswordField,
  PasswordConfirmationField,
} from "./field.tsx";
import type { FormAnswer } from "./sign-in-forms.tsx";

export type ProfileView = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string;
  acceptsMarketing: boolean;
};

/** The profile form (storefront.md §3, §5): names, email, French phone, marketing consent. */
export function ProfileForm({ profile, answer }: { profile: ProfileView; answer?: FormAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const values = answer?.values;
  return (
    <section className="account-card" aria-labelledby="profil-titre">
      <h2 id="profil-titre">Mes informations</h2>
      {answer?.errors.form && <FormMessage kind="error">{answer.errors.form}</FormMessage>}
      <Form method="post" action="/compte/" className="account-form">
        <input type="hidden" name="intent" value="profile" />
        <NameAndEmailFields
          firstName={values?.firstName ?? profile.firstName ?? ""}
          lastName={values?.lastName ?? profile.lastName ?? ""}
          email={values?.email ?? profile.email ?? ""}
          errors={answer?.errors}
        />
        <Field
          label="Téléphone"
          type="tel"
          name="phone"
          autoComplete="tel"
          hint="Un numéro français, par exemple 06 12 34 56 78."
          defaultValue={values?.phone ?? profile.phone}
          error={answer?.errors.phone}
        />
        <label className="account-checkbox">
          <input
            type="checkbox"
            name="acceptsMarketing"
            defaultChecked={values ? values.acceptsMarketing === "on" : profile.acceptsMarketing}
          />
          <span>J'accepte de recevoir les offres et actualités de Comptoir par e-mail.</span>
        </label>
        <button type="submit" className="account-button account-button--primary" disabled={busy}>
          Enregistrer mes informations
        </button>
      </Form>
    </section>
  );
}

/** The password change: the current password is checked before the new one is set. */
export function PasswordForm({ email, answer }: { email: string | null; answer?: FormAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  return (
    <section className="account-card" aria-labelledby="mot-de-passe-titre">
      <h2 id="mot-de-passe-titre">Changer de mot de passe</h2>
      {answer?.errors.form && <FormMessage kind="error">{answer.errors.form}</FormMessage>}
      <Form method="post" action="/compte/" className="account-form">
        <input type="hidden" name="intent" value="password" />
        {/* For password managers: which account this password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          defaultValue={email ?? ""}
          hidden
          readOnly
        />
        <Field
          label="Mot de passe actuel"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          error={answer?.errors.currentPassword}
        />
        <NewPasswordField label="Nouveau mot de passe" error={answer?.errors.password} />
        <PasswordConfirmationField
          label="Confirmez le nouveau mot de passe"
          error={answer?.errors.confirmation}
        />
        <button type="submit" className="account-button" disabled={busy}>
          Changer mon mot de passe
        </button>
      </Form>
    </section>
  );
}
