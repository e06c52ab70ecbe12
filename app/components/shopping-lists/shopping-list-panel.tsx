import { Link } from "react-router";
import { SidePanel } from "#app/components/panel/side-panel.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { productPath } from "#app/lib/links.ts";
import { productCountLabel } from "#app/lib/shopping-lists.ts";
import { useListAction, useShoppingLists } from "./use-shopping-lists.ts";
import "./shopping-lists.css";

/**
 * The shopping_list side panel (storefront.md §2): one list's products, each removable, and
 * 'Ajouter la liste au panier'. Loaded on demand.
 */
export default function ShoppingListPanel({
  listId,
  onClose,
}: {
  listId: number;
  onClose: () => void;
}) {
  const { data, loading } = useShoppingLists();
  const remove = useListAction();
  const toCart = useListAction();
  const list = data?.lists.find((item) => item.id === listId);
  const missing = list ? list.items.length - list.products.length : 0;

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
      ) : list.products.length === 0 ? (
        <p>Cette liste est vide : ajoutez-y des produits depuis leur fiche.</p>
      ) : (
        <>
          <p className="shopping-list-panel__count">{productCountLabel(list.products.length)}</p>
          <ul className="shopping-list-panel__products">
            {list.products.map((product) => (
              <li key={product.id} className="shopping-list-panel__product">
                <div>
                  <p className="shopping-list-panel__vendor">{product.vendor}</p>
                  <Link to={productPath(product.handle)} onClick={onClose}>
                    {product.title}
                  </Link>
                  <p className="shopping-list-panel__price">
                    {formatMoney(product.price.amount)}
                    {!product.availableForSale && (
                      <span className="shopping-list-panel__unavailable"> · Indisponible</span>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  className="link-button"
                  disabled={remove.busy}
                  onClick={() =>
                    remove.submit({
                      intent: "remove",
                      listId: String(list.id),
                      productId: product.id,
                    })
                  }
                >
                  Retirer<span className="visually-hidden"> {product.title} de la liste</span>
                </button>
              </li>
            ))}
          </ul>
          {missing > 0 && (
            <p className="shopping-list-panel__note">
              {missing > 1
                ? `${missing} produits de la liste ne sont plus proposés.`
                : "Un produit de la liste n'est plus proposé."}
            </p>
          )}
        </>
      )}
    </SidePanel>
  );
}
