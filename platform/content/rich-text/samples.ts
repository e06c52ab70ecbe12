import type { Document } from "@contentful/rich-text-types";

/**
 * Rich-text documents for the converter's tests and the editor's, each in the form Contentful's
 * own editor writes (text nodes around inline nodes, texts with the same marks merged, marks in
 * `MARKS` order), so that a round trip must give each back identical. Together they hold every
 * node type and mark of Contentful's rich text.
 */

type Json = Record<string, unknown>;

const t = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const node = (nodeType: string, content: Json[] = [], data: Json = {}) => ({
  nodeType,
  data,
  content,
});
const p = (...content: Json[]) => node("paragraph", content.length ? content : [t("")]);
const li = (...content: Json[]) => node("list-item", content);
const link = (linkType: "Entry" | "Asset", id: string) => ({
  target: { sys: { type: "Link", linkType, id } },
});
const doc = (...content: Json[]) => node("document", content) as unknown as Document;

export const RICH_TEXT_SAMPLES: Readonly<Record<string, Document>> = {
  "an empty document": doc(p()),
  "headings of every level": doc(
    node("heading-1", [t("Titre 1")]),
    node("heading-2", [t("Titre 2")]),
    node("heading-3", [t("Titre 3")]),
    node("heading-4", [t("Titre 4")]),
    node("heading-5", [t("Titre 5")]),
    node("heading-6", [t("Titre 6")]),
    p(t("Un paragraphe.")),
  ),
  "every mark, alone and together": doc(
    p(
      t("gras", "bold"),
      t(" "),
      t("italique", "italic"),
      t(" "),
      t("souligné", "underline"),
      t(" "),
      t("code", "code"),
      t(" "),
      t("exposant", "superscript"),
      t(" "),
      t("indice", "subscript"),
      t(" "),
      t("barré", "strikethrough"),
      t(" "),
      t("tout", "bold", "italic", "underline", "code", "superscript", "subscript", "strikethrough"),
    ),
  ),
  "line breaks inside a paragraph": doc(p(t("Ligne un\nligne deux\n"), t("\nen gras", "bold"))),
  "nested lists": doc(
    node("unordered-list", [
      li(p(t("Fromages"))),
      li(
        p(t("Charcuterie")),
        node("ordered-list", [
          li(p(t("Jambon"))),
          li(p(t("Saucisson")), node("unordered-list", [li(p(t("Rosette")))])),
        ]),
      ),
    ]),
    node("ordered-list", [li(node("heading-3", [t("Un titre dans une liste")]), p(t("suivi")))]),
  ),
  "a quote and a rule": doc(
    node("blockquote", [p(t("Le goût avant tout.")), p(t("— un artisan", "italic"))]),
    node("hr"),
    p(t("Après la règle.")),
  ),
  "links of the three kinds": doc(
    p(
      t("Voir "),
      node("hyperlink", [t("notre FAQ")], { uri: "/faq/" }),
      t(", "),
      node("hyperlink", [t("le site", "bold"), t(" du producteur")], {
        uri: "https://example.com/",
      }),
      t(", "),
      node("entry-hyperlink", [t("le miel")], link("Entry", "product-miel")),
      t(" et "),
      node("asset-hyperlink", [t("la fiche")], link("Asset", "fiche-pdf")),
      t("."),
    ),
    p(t(""), node("hyperlink", [t("Un lien seul")], { uri: "mailto:bonjour@example.com" }), t("")),
  ),
  "embedded entries and assets": doc(
    p(t("Avant.")),
    node("embedded-entry-block", [], link("Entry", "product-chocolat")),
    p(
      t("Dans la ligne : "),
      node("embedded-entry-inline", [], link("Entry", "product-miel")),
      t(""),
      node("embedded-entry-inline", [], link("Entry", "product-confiture")),
      t(" fin."),
    ),
    node("embedded-asset-block", [], link("Asset", "photo-fromages")),
    node("unordered-list", [
      li(p(t("Dans une liste"))),
      li(node("embedded-entry-block", [], link("Entry", "product-chocolat"))),
    ]),
  ),
  "a table": doc(
    node("table", [
      node("table-row", [
        node("table-header-cell", [p(t("Fromage"))]),
        node("table-header-cell", [p(t("Lait"))]),
      ]),
      node("table-row", [node("table-cell", [p(t("Comté"))]), node("table-cell", [p(t("Vache"))])]),
      node("table-row", [node("table-cell", [p(t("Sur deux colonnes"))], { colspan: 2 })]),
      node("table-row", [
        node("table-cell", [p(t("Chèvre et brebis"))]),
        node("table-cell", [p(t("Chèvre")), p(t("Brebis"))], { colspan: 1, rowspan: 1 }),
      ]),
    ]),
  ),
  "nodes the editor keeps as they are": doc(
    node("embedded-resource-block", [], {
      target: { sys: { type: "ResourceLink", linkType: "Contentful:Entry", urn: "crn:x" } },
    }),
    p(
      t("Texte, "),
      node("embedded-resource-inline", [], {
        target: { sys: { type: "ResourceLink", linkType: "Contentful:Entry", urn: "crn:y" } },
      }),
      t(" puis un nœud inconnu "),
      node("sparkle", [t("brillant")]),
      t(""),
      node("hyperlink", [t("lien "), node("embedded-entry-inline", [], link("Entry", "x"))], {
        uri: "/",
      }),
      t(" et une marque inconnue", "bold", "highlight"),
    ),
    node("blockquote", [node("heading-2", [t("Un titre dans une citation")])]),
    node("unordered-list", []),
    node("table", [
      node("table-row", [node("table-cell", [node("unordered-list", [li(p(t("une liste")))])])]),
    ]),
    node("table", [node("table-row", [node("table-cell", [p(t("a"))])]), p(t("hors ligne"))]),
    node("future-block", [p(t("dedans"))], { colour: "vert" }),
  ),
  "data kept on any node": doc(
    node("paragraph", [t("Un paragraphe avec des données")], { align: "center" }),
    node("hyperlink-holder", []),
    p(t(""), node("hyperlink", [t("lien")], { uri: "/", title: "Titre" }), t("")),
  ),
};
