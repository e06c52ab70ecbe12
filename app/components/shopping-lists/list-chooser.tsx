import { type FormEvent, useId, useState } from "react";
import { productGidOf } from "#app/lib/bookmarks.ts";
import { checkListTitle, LIST_TITLE_MAX, productCountLabel } from "#app/lib/shopping-lists.ts";
import { useListAction, useShoppingLists } from "./use-shopping-lists.ts";

/**
 * The content of the 'Ajouter à une liste' tooltip (desktop) and modal (mobile): the customer's
 * lists, each with a button adding the product to it (or taking it out), and a form creating a
 * new list with the product in it.
 */
export default function ListChooser({
  productId,
  productTitle,
  headingId,
}: {
  productId: string;
  productTitle: string;
  headingId: string;
}) {
  const gid = productGidOf(productId) ?? productId;
  const { data, loading } = useShoppingLists();
  const action = useListAction();
  const create = useListAction((result) => {
    if (result.ok) setTitle("");
  });
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkListTitle(title);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    create.submit({ intent: "create", title: checked.title, productId: gid });
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
                <button
                  type="button"
                  className="list-chooser__toggle"
                  aria-pressed={inList}
                  disabled={action.busy}
                  onClick={() =>
                    action.submit({
                      intent: inList ? "remove" : "add",
                      listId: String(list.id),
                      productId: gid,
                    })
                  }
                >
                  <span aria-hidden="true" className="list-chooser__check">
                    {inList ? "✓" : "+"}
                  </span>
                  <span className="list-chooser__name">{list.title}</span>
                  <span className="list-chooser__count">
                    {productCountLabel(list.items.length)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="list-chooser__status">Vous n'avez pas encore de liste de courses.</p>
      )}
      <form className="list-chooser__create" onSubmit={onCreate} noValidate>
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
      </form>
    </div>
  );
}
