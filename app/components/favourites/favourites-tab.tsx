import { ProductCard } from "#app/components/product/product-card.tsx";
import { bookmarkStore, useBookmarks } from "./use-bookmarks.ts";
import { useFavouriteProducts } from "./use-favourite-products.ts";
import "./favourites.css";

/**
 * The account's favourites tab (`/compte/?s=4`): the favourite products as product cards, each
 * with its heart and a 'Retirer des favoris' button.
 */
export function FavouritesTab() {
  const { products, loading, signedIn } = useFavouriteProducts();
  const { view } = useBookmarks();
  return (
    <section className="favourites" aria-labelledby="favourites-title">
      <h2 id="favourites-title">Mes favoris</h2>
      {loading ? (
        <p role="status">Chargement de vos favoris…</p>
      ) : !signedIn ? (
        <p>Connectez-vous pour retrouver vos produits favoris.</p>
      ) : products.length === 0 ? (
        <p>Vous n'avez pas encore de favori : touchez le cœur d'un produit pour l'ajouter ici.</p>
      ) : (
        <ul className="favourites__grid" aria-label="Produits favoris">
          {products.map((product) => (
            <li key={product.id} className="favourites__cell">
              <ProductCard product={product} headingLevel={3} />
              <button
                type="button"
                className="link-button favourites__remove"
                disabled={view.busy.has(product.id)}
                onClick={() => void bookmarkStore.set(product.id, false)}
              >
                Retirer des favoris<span className="visually-hidden"> : {product.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
