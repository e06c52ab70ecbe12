import { Form, Link, useSubmit } from "react-router";
import { type FilterView, PARAM, SORT_OPTIONS } from "#app/lib/catalogue/listing.ts";
import { submitFilled } from "./sort-form.tsx";

/**
 * Sort and filters of a listing as one GET form: it works without JavaScript (a submit button),
 * and with it every change applies at once. The cursor is left out, so a change starts again at
 * the first page; links to another category carry no filters, so they reset there.
 */
export function ListingFilters({
  view,
  resetHref,
  hidden = {},
  stateKey,
}: {
  view: FilterView;
  /**
   * Changes with the listing's URL: the inputs start again from the URL (after a reset or a
   * back navigation) while the open panel stays open.
   */
  stateKey: string;
  /** The listing without filters. */
  resetHref: string;
  /** Parameters to keep (the search term). */
  hidden?: Record<string, string>;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="listing-filters"
      preventScrollReset
      onChange={(event) => {
        // Prices apply with Enter or the button, not at every keystroke.
        if (event.target instanceof HTMLInputElement && event.target.type === "number") return;
        submitFilled(submit, event.currentTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        submitFilled(submit, event.currentTarget);
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="listing-filters__bar">
        <p className="listing-filters__total" aria-live="polite">
          {view.total === null ? "" : `${view.total} produit${view.total > 1 ? "s" : ""}`}
        </p>
        <label className="listing-filters__sort">
          <span>Trier par</span>
          <select key={stateKey} name={PARAM.sort} defaultValue={view.sort}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <details className="listing-filters__panel">
        <summary>Filtrer{view.activeCount > 0 ? ` (${view.activeCount})` : ""}</summary>
        <div className="listing-filters__groups" key={stateKey}>
          {view.groups.map((group) => (
            <fieldset key={group.param} className="listing-filters__group">
              <legend>{group.legend}</legend>
              <ul>
                {group.options.map((option) => (
                  <li key={option.value}>
                    <label>
                      <input
                        type="checkbox"
                        name={group.param}
                        value={option.value}
                        defaultChecked={option.checked}
                      />
                      <span>
                        {option.label}
                        {option.count !== null && (
                          <span className="listing-filters__count"> ({option.count})</span>
                        )}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          <fieldset className="listing-filters__group">
            <legend>Disponibilité</legend>
            <label>
              <input
                type="checkbox"
                name={PARAM.available}
                value="1"
                defaultChecked={view.available.checked}
              />
              <span>
                En stock uniquement
                <span className="listing-filters__count"> ({view.available.count})</span>
              </span>
            </label>
          </fieldset>
          <fieldset className="listing-filters__group listing-filters__price">
            <legend>Prix (€)</legend>
            <label>
              <span>Minimum</span>
              <input
                type="number"
                name={PARAM.priceMin}
                min={0}
                max={view.price.bound}
                step={1}
                inputMode="numeric"
                defaultValue={view.price.min ?? ""}
                placeholder="0"
              />
            </label>
            <label>
              <span>Maximum</span>
              <input
                type="number"
                name={PARAM.priceMax}
                min={0}
                max={view.price.bound}
                step={1}
                inputMode="numeric"
                defaultValue={view.price.max ?? ""}
                placeholder={String(view.price.bound)}
              />
            </label>
          </fieldset>
        </div>
        <div className="listing-filters__actions">
          <button type="submit" className="button button--primary">
            Appliquer
          </button>
          {view.activeCount > 0 && (
            <Link to={resetHref} className="listing-filters__reset">
              Réinitialiser les filtres
            </Link>
          )}
        </div>
      </details>
    </Form>
  );
}
