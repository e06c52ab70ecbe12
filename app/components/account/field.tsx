import { type InputHTMLAttributes, useId } from "react";

/**
 * A labelled input of the account forms, with its error beside it: the message is tied to the
 * input (`aria-describedby`) and the input marked invalid, so screen readers read both.
 */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={`account-field${error ? " account-field--error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="account-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="account-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** First name and last name side by side, then the required e-mail (sign-up, profile). */
export function NameAndEmailFields({
  firstName,
  lastName,
  email,
  errors,
}: {
  firstName?: string;
  lastName?: string;
  email?: string;
  errors?: Record<string, string>;
}) {
  return (
    <>
      <div className="account-form__row">
        <Field
          label="Prénom"
          name="firstName"
          autoComplete="given-name"
          defaultValue={firstName}
          error={errors?.firstName}
        />
        <Field
          label="Nom"
          name="lastName"
          autoComplete="family-name"
          defaultValue={lastName}
          error={errors?.lastName}
        />
      </div>
      <Field
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        defaultValue={email}
        error={errors?.email}
      />
    </>
  );
}

/** A new password (sign-up, activation, reset, change): 8 to 40 characters, with its hint. */
export function NewPasswordField({ label, error }: { label: string; error?: string }) {
  return (
    <Field
      label={label}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={8}
      maxLength={40}
      hint="Entre 8 et 40 caractères."
      error={error}
    />
  );
}

/** The new password typed a second time. */
export function PasswordConfirmationField({ label, error }: { label: string; error?: string }) {
  return (
    <Field
      label={label}
      type="password"
      name="confirmation"
      autoComplete="new-password"
      required
      error={error}
    />
  );
}

/** A form-level message: errors are alerts, confirmations polite statuses. */
export function FormMessage({ kind, children }: { kind: "error" | "success"; children: string }) {
  return (
    <p
      className={`account-message account-message--${kind}`}
      role={kind === "error" ? "alert" : "status"}
    >
      {children}
    </p>
  );
}
