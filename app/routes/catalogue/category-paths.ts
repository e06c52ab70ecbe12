import { type CategoryNode, catalogueReference } from "#app/lib/catalogue/reference.server.ts";
import { linkTo } from "#app/lib/links.ts";
import type { Route } from "./+types/category-paths";

/**
 * GET /categories.json: every category's page path by collection handle, for links built in the
 * browser from a bare handle (the search overlay's category suggestions). Sub-categories need
 * their parents in the path: /c/{top}/{sub}/ and /c/{top}/{sub}/{subsub}/ (links.ts).
 */
export type CategoryPaths = { paths: Record<string, string> };

/** A category's page path from the tree: its ancestors first, through `linkTo`. */
export function categoryPathOf(
  categories: ReadonlyMap<string, Pick<CategoryNode, "handle" | "parent" | "grandParent">>,
  handle: string,
): string {
  const node = categories.get(handle);
  const parent = node?.parent ? categories.get(node.parent) : undefined;
  if (!node || !parent) return linkTo({ type: "category", slug: handle });
  const grandParentHandle = parent.parent ?? node.grandParent ?? undefined;
  return grandParentHandle
    ? linkTo({
        type: "subCategory",
        slug: handle,
        category: grandParentHandle,
        subcategory: parent.handle,
      })
    : linkTo({ type: "subCategory", slug: handle, category: parent.handle });
}

export async function loader(_: Route.LoaderArgs) {
  const { categories } = await catalogueReference();
  const paths: Record<string, string> = {};
  for (const [handle, node] of categories) {
    if (!node.archived) paths[handle] = categoryPathOf(categories, handle);
  }
  // The same for everyone: public, named by the catalogue's reference data (server/app.ts,
  // publicDocuments), so a category written purges it from a shared cache in front.
  return Response.json({ paths } satisfies CategoryPaths);
}
