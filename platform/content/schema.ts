import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The content service's tables, shaped like Contentful's: entries of a content type
 * (`content-types.ts`) with their fields as JSON, and assets (files). Links between them live
 * inside `fields` as Contentful link objects `{ sys: { type: "Link", linkType, id } }`.
 * The delivery API shows only published rows (`published_at` set).
 */

/** A Contentful asset `file`: where it is and what it is. */
export type ContentAssetFile = {
  url: string;
  fileName: string;
  contentType: string;
  details?: { size?: number; image?: { width: number; height: number } };
};

const sys = {
  locale: text("locale").notNull().default("fr"),
  // Contentful's `sys.revision`: 1 on creation, one more for each change.
  revision: integer("revision").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp("published_at", { withTimezone: true }),
};

export const contentEntry = pgTable(
  "content_entry",
  {
    // Contentful's `sys.id`: a short opaque string chosen by the writer or generated.
    id: text("id").primaryKey(),
    contentType: text("content_type").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ...sys,
  },
  (t) => [index("content_entry_type_idx").on(t.contentType, t.createdAt, t.id)],
);

export const contentAsset = pgTable("content_asset", {
  id: text("id").primaryKey(),
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  file: jsonb("file").$type<ContentAssetFile>().notNull(),
  ...sys,
});
