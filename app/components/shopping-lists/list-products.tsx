import { Link } from "react-router";
import { formatMoney } from "#app/lib/format.ts";
import { productPath } from "#app/lib/links.ts";
import {
  productCountLabel,
  type ShoppingListView,
} from "#app/lib/shopping-lists/shopping-lists.ts";
import { ListCommandForm } from "./list-forms.tsx";
import { useListAction } from "./use-shopping-lists.ts";

/**
 * One list's products, each with 'Retirer' (storefront.md §2, shopping_list): the side panel's
 * content, and the list opened in the account's tab without JavaScript (`?voir=3`).
 */
export function ListProducts({
  list,
  redirectTo,
  onNavigate,
}: {
  list: ShoppingListView;
  /** Where a removal sent without JavaScript comes back to. */
  redirectTo: string;
  /** Called when a product's link is followed (the panel closes). */
  onNavigate?: () => void;
}) {
  const remove = useListAction();
  const missing = list.items.length - list.products.length;
  if (list.products.length === 0) {
    return <p>Cette liste est vide : ajoutez-y des produits depuis leur fiche.</p>;
  }
  return (
    <>
      <p className="shopping-list-panel__count">{productCountLabel(list.products.length)}</p>
      <ul className="shopping-list-panel__products">
        {list.products.map((product) => (
          <li key={product.id} className="shopping-list-panel__product">
            <div>
              <p className="shopping-list-panel__vendor">{product.vendor}</p>
              <Link to={productPath(product.handle)} onClick={onNavigate}>
                {product.title}
              </Link>
              <p className="shopping-list-panel__price">
                {formatMoney(product.price.amount)}
                {!product.availableForSale && (
                  <span className="shopping-list-panel__unavailable"> · Indisponible</span>
                )}
              </p>
            </div>
            <ListCommandForm
              fields={{ intent: "remove", listId: String(list.id), productId: product.id }}
              redirectTo={redirectTo}
              onSubmit={remove.onSubmit}
            >
              <button type="submit" className="link-button" disabled={remove.busy}>
                Retirer<span className="visually-hidden"> {product.title} de la liste</span>
              </button>
            </ListCommandForm>
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
  );
}
