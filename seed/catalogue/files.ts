import type { Tx } from "#db/client.ts";
import { imageUrl } from "#platform/commerce/index.ts";
import { commerceFile } from "#platform/commerce/tables.ts";

/** An image original for the image service to serve and resize. */
export type FileRow = typeof commerceFile.$inferInsert;

export function svgFile(
  path: string,
  picture: { svg: string; width: number; height: number },
  now: Date,
): FileRow {
  return {
    path,
    contentType: "image/svg+xml",
    bytes: Buffer.from(picture.svg),
    width: picture.width,
    height: picture.height,
    createdAt: now,
  };
}

/** The URL the image service answers for a stored path: `/cdn/images/products/x-1.svg`. */
export const imageUrlOf = (path: string) => imageUrl(path);

// SVGs weigh a few kilobytes each: a few hundred per statement keeps statements small.
const FILES_PER_STATEMENT = 200;

export async function insertFiles(tx: Tx, files: readonly FileRow[]): Promise<void> {
  for (let start = 0; start < files.length; start += FILES_PER_STATEMENT) {
    await tx.insert(commerceFile).values(files.slice(start, start + FILES_PER_STATEMENT));
  }
}
