/**
 * The admin product list's filter as its URL holds it (`q`, `collection`, `marque`, `dispo`,
 * `archive`, `restauration`), for the product list and the bulk price change.
 */
import { z } from "zod";
import type { AdminProductFilter } from "#platform/commerce/index.ts";

const FILTER_PARAMS = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  collection: z.coerce.number().int().positive().optional().catch(undefined),
  marque: z.coerce.number().int().positive().optional().catch(undefined),
  dispo: z.enum(["en-vente", "indisponible"]).optional().catch(undefined),
  archive: z.enum(["oui", "non"]).optional().catch(undefined),
  restauration: z.enum(["oui", "non"]).optional().catch(undefined),
});

/** The product filter a URL (or form) holds: `q`, `collection`, `marque`, `dispo`, `archive`, `restauration`. */
export function readProductFilter(params: URLSearchParams | FormData): AdminProductFilter {
  const value = (name: string) => {
    const raw = params.get(name);
    return typeof raw === "string" && raw.trim() !== "" ? raw : undefined;
  };
  const parsed = FILTER_PARAMS.parse({
    q: value("q"),
    collection: value("collection"),
    marque: value("marque"),
    dispo: value("dispo"),
    archive: value("archive"),
    restauration: value("restauration"),
  });
  const yesNo = (answer: "oui" | "non" | undefined) =>
    answer === undefined ? undefined : answer === "oui" ? ("yes" as const) : ("no" as const);
  return {
    query: parsed.q || undefined,
    collectionId: parsed.collection,
    brandId: parsed.marque,
    availability:
      parsed.dispo === undefined
        ? undefined
        : parsed.dispo === "en-vente"
          ? "available"
          : "unavailable",
    archived: yesNo(parsed.archive),
    restauration: yesNo(parsed.restauration),
  };
}

/** The URL parameters of a filter (the inverse of `readProductFilter`). */
export function productFilterParams(filter: AdminProductFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (filter.collectionId) params.set("collection", String(filter.collectionId));
  if (filter.brandId) params.set("marque", String(filter.brandId));
  if (filter.availability) {
    params.set("dispo", filter.availability === "available" ? "en-vente" : "indisponible");
  }
  if (filter.archived) params.set("archive", filter.archived === "yes" ? "oui" : "non");
  if (filter.restauration)
    params.set("restauration", filter.restauration === "yes" ? "oui" : "non");
  return params;
}
