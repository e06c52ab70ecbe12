import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ProductCardData } from "#app/lib/catalogue/product.ts";
import type { FavouritesData } from "#app/lib/favourites/bookmarks.ts";
import { useBookmarks } from "./use-bookmarks.ts";

export const FAVOURITES_URL = "/favoris.json";

/**
 * The favourite products as cards, for the favourites tab and the bookmark panel: loaded from
 * `/favoris.json` unless the page rendered them (`initial`, the account's favourites tab), then
 * kept in step with the hearts — a product removed disappears at once, one added elsewhere on
 * the page brings a reload.
 */
export function useFavouriteProducts(initial?: FavouritesData): {
  products: ProductCardData[];
  loading: boolean;
  signedIn: boolean;
} {
  const fetcher = useFetcher<FavouritesData>({ key: "favourites" });
  const { view, visitor } = useBookmarks();
  const reloadedFor = useRef<string>("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once when first shown.
  useEffect(() => {
    if (!initial && fetcher.state === "idle" && fetcher.data === undefined) {
      fetcher.load(FAVOURITES_URL);
    }
  }, []);

  const data = fetcher.data ?? initial;
  const loadedIds = new Set(data?.products.map((product) => product.id) ?? []);
  const missing = view.loaded ? [...view.ids].filter((id) => !loadedIds.has(id)) : [];
  const missingKey = missing.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when new favourites appear.
  useEffect(() => {
    if (!missingKey || fetcher.state !== "idle" || data === undefined) return;
    if (view.busy.size > 0 || reloadedFor.current === missingKey) return;
    reloadedFor.current = missingKey;
    fetcher.load(FAVOURITES_URL);
  }, [missingKey, fetcher.state, view.busy.size]);

  const products = (data?.products ?? []).filter(
    (product) => !view.loaded || view.ids.has(product.id),
  );
  return {
    products,
    loading: data === undefined,
    signedIn: data?.signedIn ?? Boolean(visitor?.customer),
  };
}
