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
