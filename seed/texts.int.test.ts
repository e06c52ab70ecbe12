import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainText } from "#app/lib/format.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  commerceMetafield,
  commerceMetaobject,
  commerceProduct,
} from "#platform/commerce/tables.ts";
import { contentEntry } from "#platform/content/tables.ts";

/**
 * Every text of the demo data reads as a shopper reads it (issue 47): no sentence said twice
 * within one text, even in other words (the Camembert's « Sortir le fromage du réfrigérateur une
 * heure avant dégustation » beside « Sortir du réfrigérateur une heure avant de déguster »), and
 * no sentence that ends twice (« 13,5 % vol.. »). One text is what a page shows under one
 * heading: a product's description, its « Conservation » (conservation and durability together),
 * its allergens, each custom field, each field of a content entry.
 */

const STOP_WORDS = new Set([
  "avec",
  "dans",
  "pour",
  "sans",
  "sont",
  "leur",
  "leurs",
  "nous",
  "vous",
]);

/** The words that carry a sentence's meaning, cut to their stem (`déguster`, `dégustation`). */
function stems(sentence: string): Set<string> {
  const words = sentence
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 4 && !STOP_WORDS.has(word));
  return new Set(words.map((word) => word.slice(0, 6)));
}

function sentencesOf(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Two sentences say the same when most of the shorter one's meaningful words are in the other. */
function sameSaying(a: string, b: string): boolean {
  const [small, large] = [stems(a), stems(b)].sort((x, y) => x.size - y.size) as [
    Set<string>,
    Set<string>,
  ];
  if (small.size < 3) return a.trim().toLowerCase() === b.trim().toLowerCase();
  const shared = [...small].filter((stem) => large.has(stem)).length;
  return shared / small.size >= 0.8;
}

/** What is wrong with one text: sentences said twice, sentences ended twice. */
function textProblems(text: string): string[] {
  const problems: string[] = [];
  const sentences = sentencesOf(text);
  sentences.forEach((sentence, index) => {
    for (const earlier of sentences.slice(0, index)) {
      if (sameSaying(earlier, sentence))
        problems.push(`said twice: « ${earlier} » « ${sentence} »`);
    }
  });
  if (/\.\s*\.(?!\.)/.test(plainText(text).replace(/…/g, ""))) {
    problems.push(`ended twice: « ${plainText(text)} »`);
  }
  return problems;
}

/** Every string inside a JSON value (a content entry's field, rich text included), in order. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    // A rich-text node: its text, its children's texts; not its type names or link targets.
    if (typeof record.nodeType === "string") {
      return [
        ...(typeof record.value === "string" ? [record.value] : []),
        ...stringsOf(record.content ?? []),
      ];
    }
    if ("sys" in record) return [];
    return Object.values(record).flatMap(stringsOf);
  }
  return [];
}

/** A rich-text document's text: a paragraph's text nodes joined, paragraphs apart. */
function richText(value: unknown): string {
  const record = value as { nodeType?: string; content?: unknown[]; value?: string };
  if (record?.nodeType === "text") return record.value ?? "";
  const inner = (record?.content ?? []).map(richText).join("");
  return record?.nodeType === "paragraph" || record?.nodeType?.startsWith("heading")
    ? `${inner} `
    : inner;
}

const TEXT_FIELD = /text_field|rich_text/;

describe("the repeated-sentence check", () => {
  it("catches the same advice in other words, and a sentence ended twice", () => {
    expect(
      textProblems(
        "À conserver entre 4 et 8 °C dans son papier d'origine. Sortir le fromage du réfrigérateur une heure avant dégustation. À consommer jusqu'à la date indiquée sur l'étiquette. Sortir du réfrigérateur une heure avant de déguster.",
      ),
    ).toHaveLength(1);
    expect(textProblems("Teneur en alcool : 13,5 % vol.. Abus dangereux.")).toHaveLength(1);
  });

  it("lets different sentences and an ellipsis pass", () => {
    expect(
      textProblems(
        "À conserver au frais. À consommer de préférence avant la date indiquée sur l'emballage. Et puis…",
      ),
    ).toEqual([]);
  });
});

describe("the demo data's texts", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
  });
  afterAll(() => database?.close());

  it("say each thing once in each text", async () => {
    const problems: string[] = [];
    const check = (where: string, text: string) => {
      for (const problem of textProblems(text)) problems.push(`${where}: ${problem}`);
    };

    const products = await database.db
      .select({
        id: commerceProduct.id,
        handle: commerceProduct.handle,
        descriptionHtml: commerceProduct.descriptionHtml,
        seoDescription: commerceProduct.seoDescription,
      })
      .from(commerceProduct);
    const fields = await database.db
      .select({
        ownerType: commerceMetafield.ownerType,
        ownerId: commerceMetafield.ownerId,
        key: commerceMetafield.key,
        type: commerceMetafield.type,
        value: commerceMetafield.value,
      })
      .from(commerceMetafield);
    const productFields = new Map<number, Map<string, string>>();
    for (const field of fields) {
      if (!TEXT_FIELD.test(field.type)) continue;
      check(`${field.ownerType} ${field.ownerId} ${field.key}`, field.value);
      if (field.ownerType !== "PRODUCT") continue;
      const own = productFields.get(field.ownerId) ?? new Map<string, string>();
      own.set(field.key, field.value);
      productFields.set(field.ownerId, own);
    }
    expect(products.length).toBeGreaterThan(100);
    for (const product of products) {
      check(`${product.handle} description`, product.descriptionHtml);
      if (product.seoDescription) check(`${product.handle} seo`, product.seoDescription);
      // The product page's « Conservation »: both texts, one under the other.
      const own = productFields.get(product.id);
      const conservation = [own?.get("conservation_text"), own?.get("durability_text")]
        .filter(Boolean)
        .join(" ");
      check(`${product.handle} Conservation`, conservation);
    }

    for (const metaobject of await database.db.select().from(commerceMetaobject)) {
      for (const field of metaobject.fields) {
        if (typeof field.value === "string" && TEXT_FIELD.test(field.type)) {
          check(`${metaobject.type} ${metaobject.handle} ${field.key}`, field.value);
        }
      }
    }

    const entries = await database.db.select().from(contentEntry);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      for (const [name, value] of Object.entries(entry.fields)) {
        const isRich =
          value !== null && typeof value === "object" && "nodeType" in (value as object);
        const texts = isRich ? [richText(value)] : stringsOf(value);
        for (const text of texts) check(`${entry.contentType} ${entry.id} ${name}`, text);
      }
    }

    expect(problems).toEqual([]);
  });
});
