import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every template literal tagged with a leading #graphql comment, without interpolations. */
export function extractGraphqlDocuments(source: string): string[] {
  const documents: string[] = [];
  for (const match of source.matchAll(/\x60#graphql([\s\S]*?)\x60/g)) {
    const body = match[1] ?? "";
    // Fragments are interpolated as ${FRAGMENT}; validation sees them separately.
    documents.push(body.replace(/\$\{[^}]*\}/g, ""));
  }
  return documents;
}

/** The `.ts`/`.tsx` files under a folder, recursively, skipping generated type folders. */
export function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith("+types"))
        files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(path);
    }
  }
  return files;
}

export function documentsIn(folder: string): { file: string; document: string }[] {
  return sourceFiles(folder).flatMap((file) =>
    extractGraphqlDocuments(readFileSync(file, "utf8")).map((document) => ({ file, document })),
  );
}
