import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import {
  checkListTitle,
  LIST_TITLE_MAX,
  productCountLabel,
  type ShoppingListView,
} from "#app/lib/shopping-lists.ts";
import { useListAction, useShoppingLists } from "./use-shopping-lists.ts";
import "./shopping-lists.css";

const ShoppingListPanel = lazy(() => import("./shopping-list-panel.tsx"));

/**
 * The account's shopping lists tab (`/compte/?s=5`): create, rename and delete lists, open one
 * in the shopping_list side panel (its products, removal), add a whole list to the cart.
 */
export function ShoppingListsTab() {
  const { data, loading } = useShoppingLists();
  const [openList, setOpenList] = useState<number | null>(null);

  return (
    <section className="shopping-lists" aria-labelledby="shopping-lists-title">
      <h2 id="shopping-lists-title">Mes listes de courses</h2>
      <CreateListForm />
      {loading ? (
        <p role="status">Chargement de vos listes…</p>
      ) : !data?.signedIn ? (
        <p>Connectez-vous pour retrouver vos listes de courses.</p>
      ) : data.lists.length === 0 ? (
        <p>Vous n'avez pas encore de liste de courses.</p>
      ) : (
        <ul className="shopping-lists__items">
          {data.lists.map((list) => (
            <ListRow key={list.id} list={list} onOpen={() => setOpenList(list.id)} />
          ))}
        </ul>
      )}
      {openList !== null && (
        <Suspense fallback={null}>
          <ShoppingListPanel listId={openList} onClose={() => setOpenList(null)} />
        </Suspense>
      )}
    </section>
  );
}

function TitleField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="shopping-lists__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="title"
        value={value}
        maxLength={LIST_TITLE_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
      />
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CreateListForm() {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useListAction((result) => {
    if (result.ok) setTitle("");
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkListTitle(title);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    create.submit({ intent: "create", title: checked.title });
  }
  return (
    <form className="shopping-lists__create" onSubmit={onSubmit} noValidate>
      <TitleField
        label="Nom de la nouvelle liste"
        value={title}
        onChange={setTitle}
        error={error}
      />
      <button type="submit" className="button" disabled={create.busy}>
        Créer la liste
      </button>
    </form>
  );
}

function ListRow({ list, onOpen }: { list: ShoppingListView; onOpen: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [title, setTitle] = useState(list.title);
  const [error, setError] = useState<string | null>(null);
  const rename = useListAction((result) => {
    if (result.ok) setRenaming(false);
  });
  const remove = useListAction();
  const toCart = useListAction();
  const listId = String(list.id);

  function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkListTitle(title);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    rename.submit({ intent: "rename", listId, title: checked.title });
  }

  return (
    <li className="shopping-lists__item" data-list-id={list.id}>
      {renaming ? (
        <form className="shopping-lists__rename" onSubmit={onRename} noValidate>
          <TitleField label="Nouveau nom" value={title} onChange={setTitle} error={error} />
          <button type="submit" className="button button--small" disabled={rename.busy}>
            Enregistrer
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRenaming(false);
              setTitle(list.title);
              setError(null);
            }}
          >
            Annuler
          </button>
        </form>
      ) : (
        <div className="shopping-lists__head">
          <h3 className="shopping-lists__name">{list.title}</h3>
          <p className="shopping-lists__count">{productCountLabel(list.products.length)}</p>
        </div>
      )}
      <div className="shopping-lists__actions">
        <button type="button" className="button button--small" onClick={onOpen}>
          Voir la liste<span className="visually-hidden"> {list.title}</span>
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={toCart.busy || list.products.length === 0}
          onClick={() => toCart.submit({ intent: "add-to-cart", listId })}
        >
          Ajouter la liste au panier<span className="visually-hidden"> : {list.title}</span>
        </button>
        {!renaming && (
          <button type="button" className="link-button" onClick={() => setRenaming(true)}>
            Renommer<span className="visually-hidden"> la liste {list.title}</span>
          </button>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className="link-button link-button--danger"
              disabled={remove.busy}
              onClick={() => remove.submit({ intent: "delete", listId })}
            >
              Confirmer la suppression<span className="visually-hidden"> de {list.title}</span>
            </button>
            <button type="button" className="link-button" onClick={() => setConfirming(false)}>
              Annuler
            </button>
          </>
        ) : (
          <button type="button" className="link-button" onClick={() => setConfirming(true)}>
            Supprimer<span className="visually-hidden"> la liste {list.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}
