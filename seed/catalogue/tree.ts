import { slugify } from "#app/lib/slug.ts";
import type { PictureKind } from "#platform/commerce/index.ts";
import type { CategoryNode, Line, Traits } from "#seed/catalogue/categories.ts";

/** A category with what the seed needs to place it: its handle, its level and its ancestors. */
export type TreeNode = {
  node: CategoryNode;
  handle: string;
  /** 1 for a top category, 2 for a sub-category, 3 below. */
  level: number;
  /** Handles from the top category down to the parent. */
  ancestors: readonly string[];
  children: readonly TreeNode[];
};

/** A category products hang off, with the traits of its ancestors merged into its own. */
export type Leaf = {
  /** Position among the leaves, for per-leaf bookkeeping. */
  index: number;
  handle: string;
  title: string;
  /** The handle of its top category: the images' palette, the brands, the special tags. */
  top: string;
  /** What its products' pictures show, unless their line or recipe says otherwise. */
  picture: PictureKind;
  /** Handles from the top category down to the leaf itself. */
  lineage: readonly string[];
  traits: Traits;
  /** Description sentences of the top category, beside the leaf's own. */
  topSentences: readonly string[];
  names: readonly Name[];
  weight: number;
};

/** One name of a line, with the line's qualifiers and overrides. */
export type Name = Omit<Line, "names"> & { name: string };

export type Tree = {
  roots: readonly TreeNode[];
  nodes: readonly TreeNode[];
  leaves: readonly Leaf[];
};

export function buildTree(categories: readonly CategoryNode[]): Tree {
  const nodes: TreeNode[] = [];
  const leaves: Leaf[] = [];
  const handles = new Set<string>();

  const visit = (
    node: CategoryNode,
    ancestors: readonly string[],
    inherited: Traits,
    topSentences: readonly string[],
  ): TreeNode => {
    const handle = slugify(node.title);
    if (handles.has(handle)) throw new Error(`Two categories have the handle ${handle}`);
    handles.add(handle);
    const traits = { ...inherited, ...node.traits };
    const sentences = ancestors.length === 0 ? (traits.sentences ?? []) : topSentences;
    const children = (node.children ?? []).map((child) =>
      visit(child, [...ancestors, handle], traits, sentences),
    );
    const treeNode: TreeNode = { node, handle, level: ancestors.length + 1, ancestors, children };
    nodes.push(treeNode);
    if (children.length === 0) {
      leaves.push({
        index: leaves.length,
        handle,
        title: node.title,
        top: ancestors[0] ?? handle,
        picture: node.picture,
        lineage: [...ancestors, handle],
        traits,
        topSentences: sentences,
        names: (node.lines ?? []).flatMap(({ names, ...line }) =>
          names.map((name) => ({ ...line, name })),
        ),
        weight: node.weight ?? (node.lines?.length ? 1 : 0),
      });
    }
    return treeNode;
  };

  const roots = categories.map((category) => visit(category, [], {}, []));
  return { roots, nodes, leaves };
}

/**
 * Deals products to leaves in proportion to their weights (smooth weighted round-robin): every
 * leaf gets its share whatever the total, and the first N products are the same whatever comes
 * after them.
 */
export function createLeafSchedule(leaves: readonly Leaf[]): () => Leaf {
  const active = leaves.filter((leaf) => leaf.weight > 0);
  const total = active.reduce((sum, leaf) => sum + leaf.weight, 0);
  const current = active.map(() => 0);
  return () => {
    let best = 0;
    for (const [index, leaf] of active.entries()) {
      current[index] = (current[index] ?? 0) + leaf.weight;
      if ((current[index] ?? 0) > (current[best] ?? 0)) best = index;
    }
    current[best] = (current[best] ?? 0) - total;
    return active[best] as Leaf;
  };
}
