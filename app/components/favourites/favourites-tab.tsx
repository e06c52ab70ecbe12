import { ProductCard } from "#app/components/product/product-card.tsx";
import type { FavouritesData } from "#app/lib/favourites/bookmarks.ts";
import { bookmarkStore, useBookmarks } from "./use-bookmarks.ts";
import { useFavouriteProducts } from "./use-favourite-products.ts";
import "./favourites.css";

/** Where 'Retirer des favoris' comes back to without JavaScript. */
const TAB_PATH = "/compte/?s=4";

/**
 * The account's favourites tab (`/compte/?s=4`): the favourite products as product cards, each
 * with its heart and a 'Retirer des favoris' button. Rendered on the server with the favourites
 * (`initial`), it works without JavaScript: the button is a form asking `POST /favoris/` to
 * remove the product, which comes back here.
 */
export function FavouritesTab({ initial }: { initial?: FavouritesData }) {
  const { products, loading, signedIn } = useFavouriteProducts(initial);
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
              <form
                method="post"
                action="/favoris/"
                onSubmit={(event) => {
                  event.preventDefault();
                  void bookmarkStore.set(product.id, false);
                }}
              >
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="productId" value={product.id} />
                <input type="hidden" name="redirectTo" value={TAB_PATH} />
                <button
                  type="submit"
                  className="link-button favourites__remove"
                  disabled={view.busy.has(product.id)}
                >
                  Retirer des favoris<span className="visually-hidden"> : {product.title}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
