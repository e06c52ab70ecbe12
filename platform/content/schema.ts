import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The content service's tables, shaped like Contentful's: entries of a content type
 * (`content-types.ts`) with their fields as JSON, and assets (files). Links between them live
 * inside `fields` as Contentful link objects `{ sys: { type: "Link", linkType, id } }`.
 *
 * Each row holds its current fields (the draft editors write) and, once published, the
 * published copy (`published_fields`) that the Delivery API shows: a write changes the draft
 * only, a publish copies it over (decision 027).
 */

/** A Contentful asset `file`: where it is and what it is. */
export type ContentAssetFile = {
  url: string;
  fileName: string;
  contentType: string;
  details?: { size?: number; image?: { width: number; height: number } };
};

/** An asset's fields as the Delivery API shows them once published. */
export type PublishedAssetFields = { title: string; description: string; file: ContentAssetFile };

const at = (name: string) => timestamp(name, { withTimezone: true });

const sys = {
  locale: text("locale").notNull().default("fr"),
  // Contentful's `sys.version`: 1 on creation, one more for each change (a save, a publish, an
  // unpublish, an archive…). Every change is conditional on it.
  revision: integer("revision").notNull().default(1),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
  // The last publish while the row is published; null for a draft or once unpublished.
  publishedAt: at("published_at"),
  // Contentful's `sys.publishedVersion`: the version that was published (the row's version is
  // one more right after the publish, more once the draft changes again).
  publishedVersion: integer("published_version"),
  // How many times it was published (the Delivery API's `sys.revision`).
  publishedCounter: integer("published_counter").notNull().default(0),
  firstPublishedAt: at("first_published_at"),
  // Contentful's `sys.archivedVersion`: an archived row can be neither edited nor published.
  archivedVersion: integer("archived_version"),
  archivedAt: at("archived_at"),
  // Who did it (a staff member's id or e-mail, or the management API's user).
  createdBy: text("created_by"),
  updatedBy: text("updated_by"),
  publishedBy: text("published_by"),
  archivedBy: text("archived_by"),
};

export const contentEntry = pgTable(
  "content_entry",
  {
    // Contentful's `sys.id`: a short opaque string chosen by the writer or generated.
    id: text("id").primaryKey(),
    contentType: text("content_type").notNull(),
    // The current fields: the draft, which the Preview API and the editors see.
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // What shoppers see, copied from `fields` at the last publish; null while not published.
    publishedFields: jsonb("published_fields").$type<Record<string, unknown>>(),
    ...sys,
  },
  (t) => [
    index("content_entry_type_idx").on(t.contentType, t.createdAt, t.id),
    index("content_entry_published_type_idx").on(t.contentType, t.firstPublishedAt, t.id),
  ],
);

export const contentAsset = pgTable("content_asset", {
  id: text("id").primaryKey(),
  title: text("title").notNull().default(""),
  description: text("description").notNull().default(""),
  file: jsonb("file").$type<ContentAssetFile>().notNull(),
  publishedFields: jsonb("published_fields").$type<PublishedAssetFields>(),
  ...sys,
});

/**
 * Contentful's snapshots: the fields of an entry as each publish left them, newest last. The
 * version history of the editors' screens, compared with the draft and restored from.
 */
export const contentSnapshot = pgTable(
  "content_snapshot",
  {
    id: text("id").primaryKey(),
    entryId: text("entry_id")
      .notNull()
      .references(() => contentEntry.id, { onDelete: "cascade" }),
    // The published version (`sys.publishedVersion` right after that publish).
    version: integer("version").notNull(),
    contentType: text("content_type").notNull(),
    locale: text("locale").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text("created_by"),
  },
  (t) => [uniqueIndex("content_snapshot_version_idx").on(t.entryId, t.version)],
);

/**
 * An entry's earlier drafts: the fields it had up to `until_version`, written when a save
 * replaces them. "What changed meanwhile" compares the fields of the version an editor started
 * from with the current ones; a version after the last row has the current fields.
 */
export const contentEntryHistory = pgTable(
  "content_entry_history",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => contentEntry.id, { onDelete: "cascade" }),
    untilVersion: integer("until_version").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    replacedAt: at("replaced_at").notNull().defaultNow(),
    replacedBy: text("replaced_by"),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.untilVersion] })],
);

export type ScheduledActionStatus = "scheduled" | "succeeded" | "failed" | "canceled";

/**
 * Contentful's scheduled actions: publish or unpublish an entry at an instant, run once by the
 * job of `scheduled-actions.ts` whichever instance gets there first.
 */
export const contentScheduledAction = pgTable(
  "content_scheduled_action",
  {
    id: text("id").primaryKey(),
    entityType: text("entity_type").notNull().default("Entry"),
    entityId: text("entity_id").notNull(),
    action: text("action").$type<"publish" | "unpublish">().notNull(),
    scheduledFor: at("scheduled_for").notNull(),
    // The time zone the editor chose the instant in (always Europe/Paris here).
    timezone: text("timezone").notNull().default("Europe/Paris"),
    status: text("status").$type<ScheduledActionStatus>().notNull().default("scheduled"),
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text("created_by"),
    updatedAt: at("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by"),
    canceledAt: at("canceled_at"),
    canceledBy: text("canceled_by"),
    // When the job ran it, and Contentful's error when it failed.
    ranAt: at("ran_at"),
    error: jsonb("error").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("content_scheduled_action_due_idx").on(t.status, t.scheduledFor),
    index("content_scheduled_action_entity_idx").on(t.entityId, t.scheduledFor),
  ],
);
