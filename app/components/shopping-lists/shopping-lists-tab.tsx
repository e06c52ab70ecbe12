import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from "react";
import { useSearchParams } from "react-router";
import {
  checkListTitle,
  LIST_PARAMS,
  LIST_TITLE_MAX,
  listIdParam,
  listsTabPath,
  productCountLabel,
  type ShoppingListsData,
  type ShoppingListView,
} from "#app/lib/shopping-lists/shopping-lists.ts";
import ListChooser from "./list-chooser.tsx";
import { ListCommandForm, ListsTabButton } from "./list-forms.tsx";
import { ListProducts } from "./list-products.tsx";
import { useListAction, useShoppingLists } from "./use-shopping-lists.ts";
import "./shopping-lists.css";

const ShoppingListPanel = lazy(() => import("./shopping-list-panel.tsx"));

/** Where the tab's forms come back to without JavaScript. */
const TAB_PATH = listsTabPath();

/**
 * The account's shopping lists tab (`/compte/?s=5`): create, rename and delete lists, open one
 * in the shopping_list side panel (its products, removal), add a whole list to the cart.
 * Rendered on the server with the lists, it works without JavaScript too: its buttons are forms
 * posting to `/listes/` or addresses of the tab (`?voir=`, `?renommer=`, `?supprimer=`,
 * `?produit=` to add a product), and the last command's outcome comes back in the address.
 */
export function ShoppingListsTab({
  initial,
  adding,
  outcome,
}: {
  initial?: ShoppingListsData;
  /** The product the address asks to add to a list. */
  adding?: { id: string; title: string } | null;
  /** What the last command sent without JavaScript did. */
  outcome?: { ok: boolean; text: string } | null;
}) {
  const { data, loading } = useShoppingLists(true, initial);
  const [params] = useSearchParams();
  const [openList, setOpenList] = useState<number | null>(null);
  const addingHeading = useId();
  const shown = {
    view: listIdParam(params.get(LIST_PARAMS.view)),
    rename: listIdParam(params.get(LIST_PARAMS.rename)),
    delete: listIdParam(params.get(LIST_PARAMS.delete)),
  };

  return (
    <section className="shopping-lists" aria-labelledby="shopping-lists-title">
      <h2 id="shopping-lists-title">Mes listes de courses</h2>
      {outcome && (
        <p
          className={`account-message account-message--${outcome.ok ? "success" : "error"}`}
          role={outcome.ok ? "status" : "alert"}
        >
          {outcome.text}
        </p>
      )}
      {adding && data?.signedIn ? (
        <section className="shopping-lists__adding" aria-labelledby={addingHeading}>
          <ListChooser
            productId={adding.id}
            productTitle={adding.title}
            headingId={addingHeading}
            redirectTo={TAB_PATH}
            initial={data}
          />
        </section>
      ) : (
        <CreateListForm />
      )}
      {loading ? (
        <p role="status">Chargement de vos listes…</p>
      ) : !data?.signedIn ? (
        <p>Connectez-vous pour retrouver vos listes de courses.</p>
      ) : data.lists.length === 0 ? (
        <p>Vous n'avez pas encore de liste de courses.</p>
      ) : (
        <ul className="shopping-lists__items">
          {data.lists.map((list) => (
            <ListRow
              key={list.id}
              list={list}
              viewing={shown.view === list.id}
              renaming={shown.rename === list.id}
              deleting={shown.delete === list.id}
              onOpen={() => setOpenList(list.id)}
            />
          ))}
        </ul>
      )}
      {openList !== null && (
        <Suspense fallback={null}>
          <ShoppingListPanel listId={openList} onClose={() => setOpenList(null)} initial={data} />
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

/** A title checked in the browser before `send` takes the form; the message beside the field. */
function useTitleCheck(title: string, send: (event: FormEvent<HTMLFormElement>) => void) {
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkListTitle(title);
    if (!checked.ok) {
      event.preventDefault();
      setError(checked.error);
      return;
    }
    setError(null);
    send(event);
  }
  return { error, onSubmit, clear: () => setError(null) };
}

function CreateListForm() {
  const [title, setTitle] = useState("");
  const create = useListAction((result) => {
    if (result.ok) setTitle("");
  });
  const check = useTitleCheck(title, create.onSubmit);
  return (
    <ListCommandForm
      className="shopping-lists__create"
      fields={{ intent: "create" }}
      redirectTo={TAB_PATH}
      onSubmit={check.onSubmit}
    >
      <TitleField
        label="Nom de la nouvelle liste"
        value={title}
        onChange={setTitle}
        error={check.error}
      />
      <button type="submit" className="button" disabled={create.busy}>
        Créer la liste
      </button>
    </ListCommandForm>
  );
}

/** A command of the tab as one button (a form of its own without JavaScript). */
function CommandButton({
  fields,
  action,
  className,
  disabled = false,
  children,
}: {
  fields: Record<string, string>;
  action: ReturnType<typeof useListAction>;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <ListCommandForm
      className="shopping-lists__inline-form"
      fields={fields}
      redirectTo={TAB_PATH}
      onSubmit={action.onSubmit}
    >
      <button type="submit" className={className} disabled={action.busy || disabled}>
        {children}
      </button>
    </ListCommandForm>
  );
}

function ListRow({
  list,
  viewing,
  renaming: renamingFirst,
  deleting,
  onOpen,
}: {
  list: ShoppingListView;
  /** Its products are shown under it (`?voir=`, the panel's content without JavaScript). */
  viewing: boolean;
  /** The rename form is open (`?renommer=`). */
  renaming: boolean;
  /** The deletion waits for its confirmation (`?supprimer=`). */
  deleting: boolean;
  onOpen: () => void;
}) {
  const [renaming, setRenaming] = useState(renamingFirst);
  const [confirming, setConfirming] = useState(deleting);
  const [title, setTitle] = useState(list.title);
  const rename = useListAction((result) => {
    if (result.ok) setRenaming(false);
  });
  const check = useTitleCheck(title, rename.onSubmit);
  const remove = useListAction();
  const toCart = useListAction();
  const listId = String(list.id);

  return (
    <li className="shopping-lists__item" data-list-id={list.id}>
      {renaming ? (
        <div className="shopping-lists__rename">
          <ListCommandForm
            className="shopping-lists__inline-form"
            fields={{ intent: "rename", listId }}
            redirectTo={TAB_PATH}
            onSubmit={check.onSubmit}
          >
            <TitleField label="Nouveau nom" value={title} onChange={setTitle} error={check.error} />
            <button type="submit" className="button button--small" disabled={rename.busy}>
              Enregistrer
            </button>
          </ListCommandForm>
          <ListsTabButton
            params={{}}
            className="link-button"
            onActivate={() => {
              setRenaming(false);
              setTitle(list.title);
              check.clear();
            }}
          >
            Annuler
          </ListsTabButton>
        </div>
      ) : (
        <div className="shopping-lists__head">
          <h3 className="shopping-lists__name">{list.title}</h3>
          <p className="shopping-lists__count">{productCountLabel(list.products.length)}</p>
        </div>
      )}
      <div className="shopping-lists__actions">
        <ListsTabButton
          params={{ view: list.id }}
          className="button button--small"
          onActivate={onOpen}
        >
          Voir la liste<span className="visually-hidden"> {list.title}</span>
        </ListsTabButton>
        <CommandButton
          fields={{ intent: "add-to-cart", listId }}
          action={toCart}
          className="button button--small"
          disabled={list.products.length === 0}
        >
          Ajouter la liste au panier<span className="visually-hidden"> : {list.title}</span>
        </CommandButton>
        {!renaming && (
          <ListsTabButton
            params={{ rename: list.id }}
            className="link-button"
            onActivate={() => setRenaming(true)}
          >
            Renommer<span className="visually-hidden"> la liste {list.title}</span>
          </ListsTabButton>
        )}
        {confirming ? (
          <>
            <CommandButton
              fields={{ intent: "delete", listId }}
              action={remove}
              className="link-button link-button--danger"
            >
              Confirmer la suppression<span className="visually-hidden"> de {list.title}</span>
            </CommandButton>
            <ListsTabButton
              params={{}}
              className="link-button"
              onActivate={() => setConfirming(false)}
            >
              Annuler
            </ListsTabButton>
          </>
        ) : (
          <ListsTabButton
            params={{ delete: list.id }}
            className="link-button"
            onActivate={() => setConfirming(true)}
          >
            Supprimer<span className="visually-hidden"> la liste {list.title}</span>
          </ListsTabButton>
        )}
      </div>
      {viewing && (
        <div className="shopping-lists__products">
          <ListProducts list={list} redirectTo={listsTabPath({ view: list.id })} />
        </div>
      )}
    </li>
  );
}
