import { useLocation } from "react-router";
import { SidePanel } from "#app/components/panel/side-panel.tsx";
import type { ShoppingListsData } from "#app/lib/shopping-lists/shopping-lists.ts";
import { ListProducts } from "./list-products.tsx";
import { useListAction, useShoppingLists } from "./use-shopping-lists.ts";
import "./shopping-lists.css";

/**
 * The shopping_list side panel (storefront.md §2): one list's products, each removable, and
 * 'Ajouter la liste au panier'. Loaded on demand.
 */
export default function ShoppingListPanel({
  listId,
  onClose,
  initial,
}: {
  listId: number;
  onClose: () => void;
  /** The lists as the page rendered them, if it did. */
  initial?: ShoppingListsData;
}) {
  const { data, loading } = useShoppingLists(true, initial);
  const toCart = useListAction();
  const location = useLocation();
  const list = data?.lists.find((item) => item.id === listId);

  return (
    <SidePanel
      type="shopping_list"
      title={list ? list.title : "Liste de courses"}
      open
      onClose={onClose}
      footer={
        list && list.products.length > 0 ? (
          <button
            type="button"
            className="button shopping-list-panel__to-cart"
            disabled={toCart.busy}
            aria-busy={toCart.busy || undefined}
            onClick={() => toCart.submit({ intent: "add-to-cart", listId: String(list.id) })}
          >
            Ajouter la liste au panier
          </button>
        ) : undefined
      }
    >
      {loading ? (
        <p role="status">Chargement de la liste…</p>
      ) : !list ? (
        <p>Cette liste n'existe plus.</p>
      ) : (
        <ListProducts
          list={list}
          redirectTo={`${location.pathname}${location.search}`}
          onNavigate={onClose}
        />
      )}
    </SidePanel>
  );
}
