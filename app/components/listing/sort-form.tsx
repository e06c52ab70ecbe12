import { Form, type SubmitFunction, useSubmit } from "react-router";
import { filledParams, type ListingSort, PARAM, SORT_OPTIONS } from "#app/lib/catalogue/listing.ts";

/**
 * Submits a listing's GET form with JavaScript: its filled fields only, to the form's own
 * address, keeping the scroll position (a sort or a filter changes the list, not the page).
 */
export function submitFilled(submit: SubmitFunction, form: HTMLFormElement) {
  submit(filledParams(new FormData(form)), {
    method: "get",
    action: form.getAttribute("action") ?? undefined,
    preventScrollReset: true,
  });
}

/**
 * A sort on its own (brand and search pages), as a GET form: a button without JavaScript, an
 * immediate change with it. `hidden` keeps the other parameters (the search term).
 */
export function SortForm({
  sort,
  options = SORT_OPTIONS,
  hidden = {},
  total,
}: {
  sort: ListingSort;
  options?: readonly { value: ListingSort; label: string }[];
  hidden?: Record<string, string>;
  total?: number | null;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="listing-filters listing-filters__bar"
      preventScrollReset
      onChange={(event) => submitFilled(submit, event.currentTarget)}
      onSubmit={(event) => {
        event.preventDefault();
        submitFilled(submit, event.currentTarget);
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="listing-filters__total" aria-live="polite">
        {total == null ? "" : `${total} produit${total > 1 ? "s" : ""}`}
      </p>
      <label className="listing-filters__sort">
        <span>Trier par</span>
        <select key={sort} name={PARAM.sort} defaultValue={sort}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="button button--small">
          Trier
        </button>
      </noscript>
    </Form>
  );
}
