import type { ReactNode } from "react";

/** An id for a form field name: `variant.0.price` → `f-variant-0-price`. */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
}

type FieldProps = {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  inputMode?: "decimal" | "numeric" | "text";
  /** The input's type when it is not free text: a day, a day and time. */
  type?: "date" | "datetime-local";
  /** The form the field belongs to when it sits outside it (the `form` attribute). */
  form?: string;
  /** Shown but computed by the server (a weight's price from the price per kilogram). */
  readOnly?: boolean;
  children?: ReactNode;
};

/**
 * A labelled text field with its hint and its error message right below it, tied to the input
 * by `aria-describedby` so screen readers read both.
 */
export function Field({
  name,
  label,
  defaultValue,
  error,
  hint,
  multiline,
  rows = 4,
  required,
  inputMode,
  type,
  form,
  readOnly,
}: FieldProps) {
  const id = fieldId(name);
  const describedBy =
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue,
    required,
    form,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={`admin-field${error ? " admin-field--error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type={type} inputMode={inputMode} {...common} />
      )}
      {hint && (
        <small id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </small>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <small id={id} className="admin-field__error">
      {message}
    </small>
  );
}
