import type { PictureKind } from "#platform/commerce/index.ts";
import { CATEGORIES } from "#seed/catalogue/categories.ts";
import { buildTree } from "#seed/catalogue/tree.ts";

/**
 * What the demo pictures of a category or a brand show: a category's banner its `picture`, a
 * brand's banner and portrait the first category it makes (its top category when it makes
 * them all).
 */

const pictures = new Map(
  buildTree(CATEGORIES).nodes.map((node) => [node.handle, node.node.picture]),
);

export function categoryPicture(handle: string): PictureKind {
  const picture = pictures.get(handle);
  if (!picture) throw new Error(`No category ${handle}`);
  return picture;
}

export function brandPicture(brand: { makes?: readonly string[] }, top: string): PictureKind {
  return categoryPicture(brand.makes?.[0] ?? top);
}
