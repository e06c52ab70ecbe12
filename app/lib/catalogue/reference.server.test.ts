import { describe, expect, it } from "vitest";
import { type CatalogueReference, type CategoryNode, deepestLineage } from "./reference.server.ts";

function node(handle: string, parent: string | null, archived = false): CategoryNode {
  return {
    id: `gid://shopify/Collection/${handle}`,
    handle,
    title: handle,
    parent,
    grandParent: null,
    children: [],
    archived,
    hasPush: false,
  };
}

const ref: CatalogueReference = {
  categories: new Map(
    [
      node("fromagerie", null),
      node("pates-pressees", "fromagerie"),
      node("cuites", "pates-pressees"),
      node("anciens", "fromagerie", true),
      node("anciens-bleus", "anciens", true),
      node("orpheline", "rayon-disparu"),
    ].map((item) => [item.handle, item]),
  ),
  brands: [],
  allergens: [],
  regimes: [],
  labels: [],
};

const handles = (lineage: CategoryNode[]) => lineage.map((item) => item.handle);

describe("deepestLineage", () => {
  it("is the deepest category's path, top first, whatever the order given", () => {
    expect(handles(deepestLineage(ref, ["fromagerie", "cuites", "pates-pressees"]))).toEqual([
      "fromagerie",
      "pates-pressees",
      "cuites",
    ]);
    expect(handles(deepestLineage(ref, ["pates-pressees", "fromagerie"]))).toEqual([
      "fromagerie",
      "pates-pressees",
    ]);
  });

  it("prefers a live path to a deeper archived one, and skips paths with no top", () => {
    expect(handles(deepestLineage(ref, ["anciens-bleus", "pates-pressees"]))).toEqual([
      "fromagerie",
      "pates-pressees",
    ]);
    expect(handles(deepestLineage(ref, ["anciens-bleus"]))).toEqual([
      "fromagerie",
      "anciens",
      "anciens-bleus",
    ]);
    expect(deepestLineage(ref, ["orpheline", "inconnue"])).toEqual([]);
    expect(deepestLineage(ref, [])).toEqual([]);
  });
});
