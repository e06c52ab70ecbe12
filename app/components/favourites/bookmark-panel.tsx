import { Link } from "react-router";
import { SidePanel } from "#app/components/panel/side-panel.tsx";
import { Price } from "#app/components/product/price.tsx";
import { productPath } from "#app/lib/links.ts";
import { bookmarkStore, useBookmarks } from "./use-bookmarks.ts";
import { useFavouriteProducts } from "./use-favourite-products.ts";
import "./favourites.css";

/**
 * The bookmark side panel (storefront.md §2), opened from the header's heart by a signed-in
 * customer: the favourite products, each removable, and a link to the favourites tab.
 * Loaded on demand.
 */
export default function BookmarkPanel({ onClose }: { onClose: () => void }) {
  const { products, loading } = useFavouriteProducts();
  const { view } = useBookmarks();
  return (
    <SidePanel
      type="bookmark"
      title="Mes favoris"
      open
      onClose={onClose}
      footer={
        <Link to="/compte/?s=4" className="button" onClick={onClose}>
          Voir tous mes favoris
        </Link>
      }
    >
      {loading ? (
        <p role="status">Chargement de vos favoris…</p>
      ) : products.length === 0 ? (
        <p>Vous n'avez pas encore de favori.</p>
      ) : (
        <ul className="bookmark-panel__products">
          {products.map((product) => (
            <li key={product.id} className="bookmark-panel__product">
              {product.image && (
                <img
                  src={product.image.url}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="bookmark-panel__image"
                />
              )}
              <div className="bookmark-panel__text">
                <p className="bookmark-panel__brand">{product.brand}</p>
                <Link to={productPath(product.handle)} onClick={onClose}>
                  {product.title}
                </Link>
                <Price
                  price={product.state.price}
                  previousPrice={product.state.previousPrice}
                  struck={product.state.unavailable}
                  className="price bookmark-panel__price"
                />
              </div>
              <button
                type="button"
                className="link-button"
                disabled={view.busy.has(product.id)}
                onClick={() => void bookmarkStore.set(product.id, false)}
              >
                Retirer<span className="visually-hidden"> {product.title} des favoris</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  );
}
