import { Form } from "react-router";

export type FilterField = {
  /** The query parameter. */
  name: string;
  label: string;
  value: string | undefined;
  placeholder: string;
};

/** A list screen's filters: text fields sent as query parameters by a "Filtrer" button. */
export function FilterForm({ label, fields }: { label: string; fields: FilterField[] }) {
  return (
    <Form method="get" className="admin-card admin-inline-form" aria-label={label}>
      {fields.map((field) => (
        <label key={field.name} className="admin-field">
          <span>{field.label}</span>
          <input name={field.name} defaultValue={field.value} placeholder={field.placeholder} />
        </label>
      ))}
      <button type="submit" className="admin-button">
        Filtrer
      </button>
    </Form>
  );
}

/** A list screen's choice among labelled values, « Tous » first (no filter). */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  /** The query parameter. */
  name: string;
  label: string;
  value: string | null | undefined;
  /** Label by value, in the order shown. */
  options: Readonly<Record<string, string>>;
}) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        <option value="">Tous</option>
        {Object.entries(options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
