import type { LinksShown } from "#app/components/admin/content/entry-fields.tsx";
import type { Db } from "#db/client.ts";
import {
  assetsByIds,
  type ContentError,
  changesSince,
  entityStatus,
  entriesByIds,
  entriesLinkingTo,
  findContentType,
} from "#platform/content/index.ts";
import type { Conflict, EditorField } from "./content-form.ts";
import { entryTitle, parisDateTime, STATUS_LABELS, typeLabel } from "./content-labels.ts";
import { entryPath, fieldText, linkedEntryIds, linksIn } from "./content-values.ts";

/**
 * What the content screens' loaders and actions share about entries: their titles and type
 * names, the entries that link to one ("Utilisé sur"), what each link of an entry shows, the
 * changes a second editor is shown, and the content service's refusals in French.
 */

type Row = { id: string; contentType: string; fields: Record<string, unknown> };

/** The title an editor knows an entry by (its type's display field). */
export const titleOf = (row: Row) =>
  entryTitle(row.fields, findContentType(row.contentType)?.displayField, row.id);

/** A content type's French name, from its id. */
export function typeLabelOf(id: string): string {
  const definition = findContentType(id);
  return definition ? typeLabel(definition) : id;
}

/** The entries that link to an entry or a media, as the « Utilisé sur » list shows them. */
export async function usedOnRows(db: Db, target: { linkType: "Entry" | "Asset"; id: string }) {
  const rows = await entriesLinkingTo(db, target);
  return rows.map((row) => ({
    id: row.id,
    title: titleOf(row),
    type: typeLabelOf(row.contentType),
  }));
}

/** What each link of the fields shows (rich text included): an entry's title, a media's picture. */
export async function linksShown(db: Db, fields: Record<string, unknown>): Promise<LinksShown> {
  const links = linksIn(fields);
  const ids = (linkType: "Entry" | "Asset") =>
    links.filter((link) => link.linkType === linkType).map((link) => link.id);
  const [entries, assets] = await Promise.all([
    entriesByIds(db, ids("Entry")),
    assetsByIds(db, ids("Asset")),
  ]);
  const shown: LinksShown = {};
  for (const row of entries) {
    shown[`Entry:${row.id}`] = {
      label: titleOf(row),
      detail: `${typeLabelOf(row.contentType)} · ${STATUS_LABELS[entityStatus(row)]}`,
      href: entryPath(row.id),
    };
  }
  for (const row of assets) {
    shown[`Asset:${row.id}`] = {
      label: row.title || row.file.fileName,
      previewUrl: row.file.url,
      href: `/middleware/contenu/medias/${encodeURIComponent(row.id)}/`,
    };
  }
  return shown;
}

/** What changed since `fromVersion`, field by field in words, and who saved it when. */
export async function conflictOf(
  db: Db,
  id: string,
  fromVersion: number,
  fields: readonly EditorField[],
): Promise<Conflict> {
  const since = await changesSince(db, id, fromVersion);
  const definition = findContentType(since.entry.contentType);
  const targets = await entriesByIds(db, linkedEntryIds(since.entry.fields));
  const titles = new Map(targets.map((row) => [row.id, titleOf(row)]));
  const labels = new Map(fields.map((field) => [field.id, field.label]));
  return {
    version: since.entry.revision,
    by: since.entry.updatedBy,
    at: parisDateTime(since.entry.updatedAt),
    changes: since.changes.map((change) => {
      const field = definition?.fields.find((one) => one.id === change.field);
      return {
        field: change.field,
        label: labels.get(change.field) ?? change.name,
        theirs: field ? fieldText(field, change.after, titles) : JSON.stringify(change.after),
      };
    }),
  };
}

const ENGLISH_REFUSALS: [RegExp, string][] = [
  [/archived/i, "Un contenu archivé ne peut être ni modifié ni publié : désarchivez-le d'abord."],
  [/unpublish it first/i, "Dépubliez ce contenu d'abord."],
  [/not published/i, "Ce contenu n'est pas publié."],
  [/not archived/i, "Ce contenu n'est pas archivé."],
];

/** A `BadRequest` of the content service, said in French. */
export function refusal(error: ContentError): string {
  for (const [pattern, french] of ENGLISH_REFUSALS) if (pattern.test(error.message)) return french;
  return "Cette action n'est pas possible sur ce contenu.";
}
