/** Shopify global ids: `gid://shopify/Product/42`. */
export type GidType =
  | "Product"
  | "ProductVariant"
  | "ProductImage"
  | "CollectionImage"
  | "Location"
  | "Collection"
  | "Metafield"
  | "Metaobject"
  | "MediaImage"
  | "ProductOption"
  | "ProductOptionValue"
  | "Shop";

export function toGid(type: GidType, id: number): string {
  return `gid://shopify/${type}/${id}`;
}

/** The numeric id of a GID of the given type, or undefined when it is not one. */
export function fromGid(gid: string, type: GidType): number | undefined {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(gid);
  if (!match || match[1] !== type) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The type and id of any GID we issue, or undefined. */
export function parseGid(gid: string): { type: GidType; id: number } | undefined {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(gid);
  if (!match) return undefined;
  const type = match[1] as GidType;
  const id = fromGid(gid, type);
  return id === undefined ? undefined : { type, id };
}
