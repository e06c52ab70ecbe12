import { frenchNumber } from "#seed/catalogue/format.ts";
import type { TreeNode } from "#seed/catalogue/tree.ts";

/**
 * Claims the demo texts make about the catalogue, written from the catalogue itself: « Plus de
 * 50 fromages » heads a department of 53 cheeses, and says « Plus de 8 000 » once the catalogue
 * is scaled to 100 000 products.
 */

/**
 * How a text states a count at the start of a sentence: exact below 20, else rounded down to
 * a round number and said to be exceeded (« Plus de 50 » for 53; « 50 » for exactly 50).
 */
export function claimedCount(count: number): string {
  if (count < 20) return frenchNumber(count, 0);
  const magnitude = 10 ** Math.floor(Math.log10(count));
  const step = count < 2 * magnitude ? magnitude / 10 : magnitude;
  const round = Math.floor(count / step) * step;
  return round === count ? frenchNumber(count, 0) : `Plus de ${frenchNumber(round, 0)}`;
}

/** The handles of the leaves at or below a category. */
export function leavesUnder(node: TreeNode): string[] {
  return node.children.length === 0 ? [node.handle] : node.children.flatMap(leavesUnder);
}

/**
 * A category's description with its `{count}` filled in: the live products (archived ones
 * left out) of the leaves its `countOf` names, or of all the leaves below it.
 */
export function describeCategory(
  treeNode: TreeNode,
  nodes: ReadonlyMap<string, TreeNode>,
  liveByLeaf: ReadonlyMap<string, number>,
): string {
  const { description, countOf } = treeNode.node;
  if (!description.includes("{count}")) return description;
  const counted = (countOf ?? [treeNode.handle]).map((handle) => {
    const node = nodes.get(handle);
    if (!node) throw new Error(`${treeNode.handle} counts an unknown category ${handle}`);
    return node;
  });
  const total = counted
    .flatMap(leavesUnder)
    .reduce((sum, leaf) => sum + (liveByLeaf.get(leaf) ?? 0), 0);
  return description.replace("{count}", claimedCount(total));
}

const SMALL_NUMBERS = [
  "zéro",
  "un",
  "deux",
  "trois",
  "quatre",
  "cinq",
  "six",
  "sept",
  "huit",
  "neuf",
  "dix",
];

/** A small count in words, as a sentence says it: « trois plats ». */
export function countInWords(count: number): string {
  return SMALL_NUMBERS[count] ?? frenchNumber(count, 0);
}
