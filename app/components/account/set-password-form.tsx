import { Form, useNavigation } from "react-router";
import { FormMessage, NewPasswordField, PasswordConfirmationField } from "./field.tsx";

/**
 * The form of the activation and reset links: a new password, typed twice. The link's own token
 * stays in the URL the form posts to.
 */
export function SetPasswordForm({
  title,
  intro,
  submitLabel,
  errors,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  errors?: Record<string, string>;
}) {
  const navigation = useNavigation();
  // The link's own errors (used, expired, throttled) concern no field of the form.
  const formError = Object.entries(errors ?? {}).find(
    ([key]) => key !== "password" && key !== "confirmation",
  )?.[1];
  return (
    <div className="account-page account-page--narrow">
      <h1>{title}</h1>
      <section className="account-card">
        <p>{intro}</p>
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <Form method="post" className="account-form">
          <NewPasswordField label="Mot de passe" error={errors?.password} />
          <PasswordConfirmationField
            label="Confirmez le mot de passe"
            error={errors?.confirmation}
          />
          <button
            type="submit"
            className="account-button account-button--primary"
            disabled={navigation.state !== "idle"}
          >
            {submitLabel}
          </button>
        </Form>
      </section>
    </div>
  );
}
