import { type FormEvent, useId, useState } from "react";
import { productGidOf } from "#app/lib/favourites/bookmarks.ts";
import {
  checkListTitle,
  LIST_TITLE_MAX,
  productCountLabel,
  type ShoppingListsData,
} from "#app/lib/shopping-lists/shopping-lists.ts";
import { ListCommandForm } from "./list-forms.tsx";
import { useListAction, useShoppingLists } from "./use-shopping-lists.ts";

/**
 * The content of the 'Ajouter à une liste' tooltip (desktop) and modal (mobile), and of the
 * account's lists tab when it is asked to add a product (`/compte/?s=5&produit=42`, the way
 * without JavaScript): the customer's lists, each with a button adding the product to it (or
 * taking it out), and a form creating a new list with the product in it. Its forms post to
 * `/listes/` and come back to `redirectTo` when scripts do not run.
 */
export default function ListChooser({
  productId,
  productTitle,
  headingId,
  redirectTo,
  initial,
}: {
  productId: string;
  productTitle: string;
  headingId: string;
  redirectTo: string;
  /** The lists as the page rendered them, if it did. */
  initial?: ShoppingListsData;
}) {
  const gid = productGidOf(productId) ?? productId;
  const { data, loading } = useShoppingLists(true, initial);
  const action = useListAction();
  const create = useListAction((result) => {
    if (result.ok) setTitle("");
  });
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    const checked = checkListTitle(title);
    if (!checked.ok) {
      event.preventDefault();
      setError(checked.error);
      return;
    }
    setError(null);
    create.onSubmit(event);
  }

  return (
    <div className="list-chooser">
      <p id={headingId} className="list-chooser__title">
        Ajouter « {productTitle} » à une liste
      </p>
      {loading ? (
        <p className="list-chooser__status" role="status">
          Chargement de vos listes…
        </p>
      ) : data && data.lists.length > 0 ? (
        <ul className="list-chooser__lists">
          {data.lists.map((list) => {
            const inList = list.items.includes(gid);
            return (
              <li key={list.id} className="list-chooser__item">
                <ListCommandForm
                  fields={{
                    intent: inList ? "remove" : "add",
                    listId: String(list.id),
                    productId: gid,
                  }}
                  redirectTo={redirectTo}
                  onSubmit={action.onSubmit}
                >
                  <button
                    type="submit"
                    className="list-chooser__toggle"
                    aria-pressed={inList}
                    disabled={action.busy}
                  >
                    <span aria-hidden="true" className="list-chooser__check">
                      {inList ? "✓" : "+"}
                    </span>
                    <span className="list-chooser__name">{list.title}</span>
                    <span className="list-chooser__count">
                      {productCountLabel(list.items.length)}
                    </span>
                  </button>
                </ListCommandForm>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="list-chooser__status">Vous n'avez pas encore de liste de courses.</p>
      )}
      <ListCommandForm
        className="list-chooser__create"
        fields={{ intent: "create", productId: gid }}
        redirectTo={redirectTo}
        onSubmit={onCreate}
      >
        <label htmlFor={inputId}>Nouvelle liste</label>
        <div className="list-chooser__row">
          <input
            id={inputId}
            name="title"
            value={title}
            maxLength={LIST_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="Ex. : Apéritif du samedi"
            autoComplete="off"
          />
          <button type="submit" className="button button--small" disabled={create.busy}>
            Créer
          </button>
        </div>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
      </ListCommandForm>
    </div>
  );
}
