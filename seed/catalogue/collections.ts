import type { CollectionInput, PictureKind } from "#platform/commerce/index.ts";
import { renderBannerSvg, renderProductSvg } from "#platform/commerce/index.ts";
import { describeCategory } from "#seed/catalogue/claims.ts";
import { type FileRow, imageUrlOf, svgFile } from "#seed/catalogue/files.ts";
import type { Tree, TreeNode } from "#seed/catalogue/tree.ts";
import type { Random } from "#seed/random.ts";

const DAY = 86_400_000;

/**
 * One collection per category, each showing its own products and all those below it, in manual
 * order (children interleaved, so a top category does not open on a single sub-category), with
 * its banner and, on the top categories, the push block.
 */
export function buildCollections(options: {
  tree: Tree;
  /** The products of each leaf, by leaf handle, in their manual order. */
  productsByLeaf: ReadonlyMap<string, readonly number[]>;
  /** The archived products: counted in no claim of a description. */
  archived: ReadonlySet<number>;
  random: Random;
  now: Date;
}): { collections: CollectionInput[]; files: FileRow[] } {
  const { tree, productsByLeaf, archived, random, now } = options;
  const collections: CollectionInput[] = [];
  const files: FileRow[] = [];
  const titles = new Map(tree.nodes.map((node) => [node.handle, node.node.title]));

  const nodes = new Map(tree.nodes.map((node) => [node.handle, node]));
  const liveByLeaf = new Map(
    [...productsByLeaf].map(([leaf, ids]) => [leaf, ids.filter((id) => !archived.has(id)).length]),
  );

  const banner = (path: string, title: string, subtitle: string | undefined, kind: PictureKind) => {
    const seed = random.int(1, 2 ** 31 - 1);
    const picture = renderBannerSvg({ title, subtitle, seed, kind });
    files.push(svgFile(path, picture, now));
    return imageUrlOf(path);
  };

  const productsOf = (node: TreeNode): number[] => {
    if (node.children.length === 0) return [...(productsByLeaf.get(node.handle) ?? [])];
    return interleave(node.children.map(productsOf));
  };

  // Top categories first, then their children, as a merchandiser would create them.
  const ordered = [...tree.nodes].sort((a, b) => a.level - b.level);
  for (const treeNode of ordered) {
    const { node, handle, ancestors, children } = treeNode;
    const parent = ancestors.at(-1);
    const grandParent = ancestors.length >= 2 ? ancestors.at(-2) : undefined;
    const subtitle = parent ? titles.get(parent) : "Comptoir";
    const createdAt = new Date(now.getTime() - random.int(400, 700) * DAY);
    const push = node.push;
    const pushImages = push
      ? {
          push_image: banner(
            `collections/push-${handle}.svg`,
            push.title,
            push.subtitle,
            push.picture,
          ),
          push_mobile_image: (() => {
            const path = `collections/push-${handle}-mobile.svg`;
            const picture = renderProductSvg({
              title: push.title,
              category: handle,
              seed: random.int(1, 2 ** 31 - 1),
              kind: push.picture,
            });
            files.push(svgFile(path, picture, now));
            return imageUrlOf(path);
          })(),
        }
      : {};
    const description = describeCategory(treeNode, nodes, liveByLeaf);
    collections.push({
      handle,
      title: node.title,
      descriptionHtml: `<p>${description}</p>`,
      image: {
        url: banner(`collections/${handle}.svg`, node.title, subtitle, node.picture),
        altText: node.title,
      },
      seo: {
        title: `${node.title}${parent ? ` – ${titles.get(parent)}` : ""} | Comptoir`,
        description: description.slice(0, 160),
      },
      metafields: {
        category_parent: parent ?? null,
        category_grand_parent: grandParent ?? null,
        category_enfant: children.map((child) => child.handle),
        homecategory: ancestors.length === 0 ? true : null,
        ...(node.archived
          ? { category_archived: true, category_archived_text: node.archived }
          : {}),
        ...(push
          ? {
              push_title: push.title,
              push_subtitle: push.subtitle,
              push_text: push.text,
              push_link: push.link,
              push_layout: push.layout,
              ...pushImages,
            }
          : {}),
      },
      productIds: productsOf(treeNode),
      createdAt,
      updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 300) * DAY)),
    });
  }
  return { collections, files };
}

/** [[1, 2, 3], [10, 20]] → [1, 10, 2, 20, 3]. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const result: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index++) {
    for (const list of lists) {
      if (index < list.length) result.push(list[index] as T);
    }
  }
  return result;
}
