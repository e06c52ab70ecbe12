import type { Db } from "#db/client.ts";
import { putAsset, putEntry } from "#platform/content/write.ts";

/** A Contentful link object, as fields hold them. */
export const linkTo = (linkType: "Entry" | "Asset", id: string) => ({
  sys: { type: "Link", linkType, id },
});

/** A rich-text document of one paragraph of plain text. */
export const paragraphDocument = (text: string) => ({
  nodeType: "document",
  data: {},
  content: [
    {
      nodeType: "paragraph",
      data: {},
      content: [{ nodeType: "text", value: text, marks: [], data: {} }],
    },
  ],
});

export const TEST_ACCESS_TOKEN = "content-test-delivery-token";

/**
 * A small published model for tests: a chain of blog posts A → B → C → D (`related`), a blog
 * category and two assets, three products and a brand.
 */
export async function putTestContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await putAsset(tx, {
      id: "img-a",
      title: "Photo A",
      file: {
        url: "//images.example/a.jpg",
        fileName: "a.jpg",
        contentType: "image/jpeg",
        details: { size: 1200, image: { width: 800, height: 600 } },
      },
    });
    await putAsset(tx, {
      id: "doc-b",
      title: "Fiche B",
      description: "Une fiche technique",
      file: { url: "//files.example/b.pdf", fileName: "b.pdf", contentType: "application/pdf" },
    });
    await putEntry(tx, {
      id: "cat",
      contentType: "blog_category",
      fields: { title: "Recettes", slug: "recettes" },
    });
    await putEntry(tx, {
      id: "post-d",
      contentType: "blogpost",
      fields: { title: "d", slug: "d" },
    });
    await putEntry(tx, {
      id: "post-c",
      contentType: "blogpost",
      fields: { title: "c", slug: "c", related: [linkTo("Entry", "post-d")] },
    });
    await putEntry(tx, {
      id: "post-b",
      contentType: "blogpost",
      fields: {
        title: "b",
        slug: "b",
        category: linkTo("Entry", "cat"),
        image: linkTo("Asset", "doc-b"),
        related: [linkTo("Entry", "post-c")],
      },
    });
    await putEntry(tx, {
      id: "post-a",
      contentType: "blogpost",
      fields: {
        title: "a",
        slug: "a",
        category: linkTo("Entry", "cat"),
        image: linkTo("Asset", "img-a"),
        related: [linkTo("Entry", "post-b"), linkTo("Entry", "post-b")],
      },
    });
    await putEntry(tx, {
      id: "brand",
      contentType: "pageMarque",
      fields: { name: "Rucher du Ventoux", slug: "rucher-du-ventoux" },
    });
    await putEntry(tx, {
      id: "p1",
      contentType: "product",
      fields: {
        name: "Chocolat noir",
        slug: "chocolat-noir",
        tags: ["bio"],
        prediscount_price: 12.5,
        isProvince: true,
      },
    });
    await putEntry(tx, {
      id: "p2",
      contentType: "product",
      fields: {
        name: "Miel de lavande",
        slug: "miel-de-lavande",
        tags: ["Archive"],
        prediscount_price: 9,
        manufacturer: linkTo("Entry", "brand"),
      },
    });
    await putEntry(tx, {
      id: "p3",
      contentType: "product",
      fields: { name: "Confiture d'abricot", slug: "confiture", prediscount_price: 30 },
    });
  });
}

export { RICH_TEXT_SAMPLES } from "./rich-text/samples.ts";
