import {
  findContentType,
  publishedAssetColumns,
  publishedEntryColumns,
} from "#platform/content/index.ts";
import type { ContentAssetFile, contentAsset, contentEntry } from "#platform/content/tables.ts";
import { type FileRow, imageUrlOf, svgFile } from "#seed/catalogue/files.ts";

export type Link = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };
type EntryRow = typeof contentEntry.$inferInsert;
type AssetRow = typeof contentAsset.$inferInsert;

const link = (linkType: "Entry" | "Asset", id: string): Link => ({
  sys: { type: "Link", linkType, id },
});

/**
 * Collects the demo content's entries, assets and image files before they are written in bulk.
 * Timestamps step one second per row back from the seed's "now", so the order of creation (and
 * `order=sys.createdAt`) is the order of the calls. Fields are checked against the content model,
 * so a typo fails the seed instead of hiding a field.
 */
export function createContentBuilder(now: Date) {
  const entries: EntryRow[] = [];
  const assets: AssetRow[] = [];
  const files: FileRow[] = [];
  // Entries and assets have separate ids, as in Contentful: a link says which it points at.
  const ids = { Entry: new Set<string>(), Asset: new Set<string>() };
  let clock = 0;
  // Each row is created and published at its own second.
  const stamp = () => {
    clock += 1;
    return new Date(now.getTime() - 86_400_000 + clock * 1000);
  };
  const claim = (kind: "Entry" | "Asset", id: string) => {
    if (ids[kind].has(id)) throw new Error(`Two content ${kind} rows have the id ${id}`);
    ids[kind].add(id);
  };

  return {
    entries,
    assets,
    files,
    /** Adds an entry and returns a link to it. */
    entry(id: string, contentType: string, fields: Record<string, unknown>): Link {
      const type = findContentType(contentType);
      if (!type) throw new Error(`Unknown content type ${contentType}`);
      const known = new Set(type.fields.map((field) => field.id));
      for (const name of Object.keys(fields)) {
        if (!known.has(name)) throw new Error(`${contentType} has no field ${name}`);
      }
      const defined = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      claim("Entry", id);
      entries.push({ id, contentType, locale: "fr", ...publishedEntryColumns(defined, stamp()) });
      return link("Entry", id);
    },
    /** Adds an asset for a file the image service already serves (`/cdn/images/...`). */
    asset(id: string, title: string, file: ContentAssetFile, description = ""): Link {
      claim("Asset", id);
      assets.push({
        id,
        locale: "fr",
        ...publishedAssetColumns({ title, description, file }, stamp()),
      });
      return link("Asset", id);
    },
    /** Stores a generated SVG as an image original and adds its asset. */
    image(
      id: string,
      title: string,
      path: string,
      picture: { svg: string; width: number; height: number },
    ): Link {
      files.push(svgFile(path, picture, now));
      return this.asset(id, title, svgAsset(path, picture));
    },
  };
}

export type ContentBuilder = ReturnType<typeof createContentBuilder>;

/** The asset `file` of an SVG the image service serves at `/cdn/images/{path}`. */
export function svgAsset(
  path: string,
  size: { width: number; height: number } | null,
): ContentAssetFile {
  return {
    url: imageUrlOf(path),
    fileName: path.split("/").at(-1) ?? path,
    contentType: "image/svg+xml",
    ...(size ? { details: { image: { width: size.width, height: size.height } } } : {}),
  };
}
