import type { ContentField } from "#platform/content/index.ts";
import { parisDateTime } from "./content-labels.ts";

/**
 * A content field's value in words, for the screens that show it without editing it: an entry's
 * summary, a version compared with the draft. Links read as the title of what they point at.
 */

/** Where an entry's editor is. */
export const entryPath = (id: string) => `/middleware/contenu/entrees/${encodeURIComponent(id)}/`;

export type ContentLink = { sys: { type: "Link"; linkType: string; id: string } };

export const isLink = (value: unknown): value is ContentLink =>
  typeof value === "object" &&
  value !== null &&
  (value as ContentLink).sys?.type === "Link" &&
  typeof (value as ContentLink).sys.id === "string";

/** The ids of the entries the fields link to (rich text aside). */
export function linkedEntryIds(fields: Record<string, unknown>): string[] {
  return Object.values(fields)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter(isLink)
    .filter((link) => link.sys.linkType === "Entry")
    .map((link) => link.sys.id);
}

export type LinkTo = { linkType: "Entry" | "Asset"; id: string };

/** Every link in the fields, rich-text documents included. */
export function linksIn(value: unknown, into: LinkTo[] = []): LinkTo[] {
  if (Array.isArray(value)) {
    for (const item of value) linksIn(item, into);
  } else if (value !== null && typeof value === "object") {
    if (isLink(value)) {
      const { linkType, id } = value.sys;
      if (linkType === "Entry" || linkType === "Asset") into.push({ linkType, id });
      return into;
    }
    for (const child of Object.values(value)) linksIn(child, into);
  }
  return into;
}

/** The words of a rich-text document, for a glance (its editor shows it whole). */
export function plainText(node: unknown): string {
  if (typeof node !== "object" || node === null) return "";
  const { value, content } = node as { value?: unknown; content?: unknown };
  if (typeof value === "string") return value;
  return Array.isArray(content) ? content.map(plainText).join(" ").replace(/\s+/g, " ") : "";
}

const clip = (text: string, length = 280) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/** A field's value in words; links by the title of what they point at (`titles`, by entry id). */
export function fieldText(
  field: ContentField,
  value: unknown,
  titles: Map<string, string>,
): string {
  if (value === undefined || value === null || value === "") return "—";
  const linkName = (link: ContentLink) =>
    link.sys.linkType === "Asset"
      ? `Média ${link.sys.id}`
      : (titles.get(link.sys.id) ?? `Contenu introuvable (${link.sys.id})`);
  switch (field.type) {
    case "Boolean":
      return value ? "Oui" : "Non";
    case "Date":
      return typeof value === "string" && !Number.isNaN(Date.parse(value))
        ? parisDateTime(new Date(value))
        : String(value);
    case "RichText":
      return clip(plainText(value)) || "—";
    case "Link":
      return isLink(value) ? linkName(value) : "—";
    case "Array":
      return Array.isArray(value)
        ? value.map((item) => (isLink(item) ? linkName(item) : String(item))).join(", ") || "—"
        : "—";
    case "Object":
      return clip(JSON.stringify(value));
    default:
      return clip(String(value));
  }
}
