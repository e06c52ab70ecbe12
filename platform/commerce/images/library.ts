import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { desc, eq, ilike, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database, Db, Tx } from "#db/client.ts";
import {
  commerceCollection,
  commerceFile,
  commerceImage,
  commerceMetaobject,
  commerceProduct,
} from "#platform/commerce/catalogue/schema.ts";
import { imageUrl } from "#platform/commerce/images/paths.ts";
import { createImageService, saveOriginal } from "#platform/commerce/images/service.ts";
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_SIDE,
  UPLOAD_MESSAGES,
  type UploadRefusalCode,
} from "#platform/image-uploads.ts";

/**
 * The image library of the admin area: the stored originals with what uses them, uploads checked
 * by their real content, and deletion refused while something still shows the image.
 */

// The limits and messages are shared with the screens, which check a size before sending.
export { MAX_UPLOAD_BYTES, MAX_UPLOAD_SIDE };
/** Where uploads are stored under the image service, unless the upload names its folder. */
export const UPLOAD_FOLDER = "uploads";
export const LIBRARY_PAGE_SIZE = 48;

/**
 * The types an upload may have, recognised by their first bytes (never by the name or the
 * declared type). SVG is refused on purpose: it is a document that can carry script, event
 * handlers and external references; the image service's sandbox keeps it harmless when served
 * alone, but an upload may be shown elsewhere (the content service, feeds, e-mails) and
 * sanitising SVG safely needs a full XML sanitiser. Staff export a PNG instead.
 */
const UPLOAD_TYPES = [
  { contentType: "image/jpeg", extension: "jpg", format: "jpeg", magic: [[0, [0xff, 0xd8, 0xff]]] },
  {
    contentType: "image/png",
    extension: "png",
    format: "png",
    magic: [[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]],
  },
  {
    contentType: "image/webp",
    extension: "webp",
    format: "webp",
    // "RIFF", four bytes of size, "WEBP".
    magic: [
      [0, [0x52, 0x49, 0x46, 0x46]],
      [8, [0x57, 0x45, 0x42, 0x50]],
    ],
  },
] as const;

export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The upload type the bytes really are, or undefined. */
export function sniffImageType(bytes: Uint8Array): UploadType | undefined {
  return UPLOAD_TYPES.find((type) =>
    type.magic.every(([offset, signature]) =>
      signature.every((byte, index) => bytes[offset + index] === byte),
    ),
  );
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 512)).toString("utf8").toLowerCase();
  return head.includes("<svg") || (head.trimStart().startsWith("<?xml") && head.includes("svg"));
}

/** Lowercase ASCII words joined by dashes, at most 60 characters, "image" when nothing is left. */
export function slugOfFileName(name: string): string {
  const base = name.replace(/\\/g, "/").split("/").pop() ?? "";
  const withoutExtension = base.replace(/\.[^.]*$/, "");
  const slug = withoutExtension
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "image";
}

export type UploadRefusal = { ok: false; code: UploadRefusalCode; message: string };

export type UploadedImage = {
  path: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
};

const refusal = (code: UploadRefusalCode): UploadRefusal => ({
  ok: false,
  code,
  message: UPLOAD_MESSAGES[code],
});

/**
 * Checks an upload and stores it under a new name: `{folder}/{slug of the name}-{8 hex}.{ext}`
 * (`uploads/` unless told: the content's media go to `content/`), readable for staff and
 * impossible to guess or to collide with. The extension comes from the real type, so a PNG named
 * `.jpg` is stored as a PNG. Messages are in French, for staff.
 */
export async function uploadImage(
  db: Db | Tx,
  file: { name: string; bytes: Uint8Array; folder?: string },
  random: (size: number) => Buffer = randomBytes,
): Promise<{ ok: true; image: UploadedImage } | UploadRefusal> {
  const { bytes } = file;
  if (bytes.byteLength === 0) return refusal("empty");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return refusal("too_large");
  const type = sniffImageType(bytes);
  if (!type) return refusal(looksLikeSvg(bytes) ? "svg" : "type");
  let size: { width: number; height: number; format: string | undefined };
  try {
    const metadata = await sharp(bytes).metadata();
    size = { width: metadata.width, height: metadata.height, format: metadata.format };
  } catch {
    return refusal("unreadable");
  }
  if (size.format !== type.format) return refusal("unreadable");
  if (size.width > MAX_UPLOAD_SIDE || size.height > MAX_UPLOAD_SIDE) return refusal("dimensions");
  const folder = file.folder ?? UPLOAD_FOLDER;
  const path = `${folder}/${slugOfFileName(file.name)}-${random(4).toString("hex")}.${type.extension}`;
  await saveOriginal(db, {
    path,
    contentType: type.contentType,
    bytes,
    width: size.width,
    height: size.height,
  });
  return {
    ok: true,
    image: {
      path,
      url: imageUrl(path),
      contentType: type.contentType,
      width: size.width,
      height: size.height,
      bytes: bytes.byteLength,
    },
  };
}

/**
 * The content service's media whose file (draft or published) is at each of these image URLs:
 * their names, by URL. The catalogue reads no content table (decision 016): the admin screen
 * passes the content module's `assetNamesByFileUrl`; without it, no media shows any image.
 */
export type MediaShowingImages = (
  db: Db | Tx,
  urls: readonly string[],
) => Promise<ReadonlyMap<string, readonly string[]>>;

const NO_MEDIA: MediaShowingImages = async () => new Map();

export type LibraryImage = {
  path: string;
  url: string;
  contentType: string;
  width: number | null;
  height: number | null;
  bytes: number;
  createdAt: Date;
  /** Products showing it. */
  usedBy: number;
  /** The content media whose file it is, by name. */
  media: readonly string[];
};

/**
 * One page of the stored originals, newest first, optionally those whose path contains `query`,
 * each with the products and the content media (through `media`) showing it.
 */
export async function listLibrary(
  db: Db,
  options: { query?: string; page: number; media?: MediaShowingImages },
): Promise<{ images: LibraryImage[]; total: number }> {
  const query = options.query?.trim();
  const where = query
    ? ilike(commerceFile.path, `%${query.replace(/[%_\\]/g, "\\$&")}%`)
    : undefined;
  const [counted, rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(commerceFile).where(where),
    db
      .select({
        path: commerceFile.path,
        contentType: commerceFile.contentType,
        width: commerceFile.width,
        height: commerceFile.height,
        bytes: sql<number>`octet_length(${commerceFile.bytes})`,
        createdAt: commerceFile.createdAt,
      })
      .from(commerceFile)
      .where(where)
      .orderBy(desc(commerceFile.createdAt), commerceFile.path)
      .limit(LIBRARY_PAGE_SIZE)
      .offset(Math.max(0, options.page - 1) * LIBRARY_PAGE_SIZE),
  ]);
  const urls = rows.map((row) => imageUrl(row.path));
  const used =
    urls.length === 0
      ? []
      : await db
          .select({ url: commerceImage.url, count: sql<number>`count(distinct product_id)::int` })
          .from(commerceImage)
          .where(inArray(commerceImage.url, urls))
          .groupBy(commerceImage.url);
  const usage = new Map(used.map((row) => [row.url, Number(row.count)]));
  const media = await (options.media ?? NO_MEDIA)(db, urls);
  return {
    total: Number(counted[0]?.total ?? 0),
    images: rows.map((row) => ({
      ...row,
      bytes: Number(row.bytes),
      url: imageUrl(row.path),
      usedBy: usage.get(imageUrl(row.path)) ?? 0,
      media: media.get(imageUrl(row.path)) ?? [],
    })),
  };
}

/** Who shows an image: products (by handle), collections and brands. */
export async function imageUsage(db: Db | Tx, path: string): Promise<string[]> {
  const url = imageUrl(path);
  const [products, collections, brands] = await Promise.all([
    db
      .selectDistinct({ handle: commerceProduct.handle })
      .from(commerceImage)
      .innerJoin(commerceProduct, eq(commerceProduct.id, commerceImage.productId))
      .where(eq(commerceImage.url, url))
      .limit(20),
    db
      .select({ handle: commerceCollection.handle })
      .from(commerceCollection)
      .where(eq(commerceCollection.imageUrl, url))
      .limit(20),
    db
      .select({ handle: commerceMetaobject.handle })
      .from(commerceMetaobject)
      .where(sql`${commerceMetaobject.fields} @> ${JSON.stringify([{ value: url }])}::jsonb`)
      .limit(20),
  ]);
  return [
    ...products.map((row) => `produit ${row.handle}`),
    ...collections.map((row) => `collection ${row.handle}`),
    ...brands.map((row) => `fiche ${row.handle}`),
  ];
}

export type DeleteResult =
  | { ok: true }
  | { ok: false; code: "not_found" | "in_use"; message: string; usedBy?: string[] };

const quoted = (names: readonly string[]) => names.map((name) => `« ${name} »`).join(", ");

/** Why a file that content media show is kept, in the admin area's words. */
function mediaRefusal(names: readonly string[]): string {
  return names.length === 1
    ? `Ce fichier est l'image du média ${quoted(names)} : remplacez-le ou supprimez le média d'abord.`
    : `Ce fichier est l'image des médias ${quoted(names)} : remplacez-le dans ces médias ou supprimez-les d'abord.`;
}

/**
 * Deletes an original unless something still shows it (then nothing is deleted): a product, a
 * collection, a brand, or a content media (through `media`, read in the same transaction).
 */
export async function deleteImage(
  db: Db,
  path: string,
  options: { media?: MediaShowingImages } = {},
): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const [file] = await tx
      .select({ path: commerceFile.path })
      .from(commerceFile)
      .where(eq(commerceFile.path, path))
      .for("update");
    if (!file) return { ok: false, code: "not_found", message: "Cette image n'existe pas." };
    const usedBy = await imageUsage(tx, path);
    const media = (await (options.media ?? NO_MEDIA)(tx, [imageUrl(path)])).get(imageUrl(path));
    if (usedBy.length > 0 || media?.length) {
      const messages = [
        ...(usedBy.length > 0
          ? [`Image encore utilisée (${usedBy.join(", ")}) : retirez-la d'abord.`]
          : []),
        ...(media?.length ? [mediaRefusal(media)] : []),
      ];
      return {
        ok: false,
        code: "in_use",
        usedBy: [...usedBy, ...(media ?? []).map((name) => `média ${name}`)],
        message: messages.join(" "),
      };
    }
    await tx.delete(commerceFile).where(eq(commerceFile.path, path));
    return { ok: true };
  });
}

/** Room for the multipart envelope around a file of the largest accepted size. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Forgets the resized copies of a deleted image in the shared cache directory, the way another
 * instance would: the server's own image service stops serving them from memory within its
 * memory TTL (a minute), and from disk at once.
 */
export async function forgetCachedImage(
  deps: { env: { IMAGE_CACHE_DIR?: string; DATA_DIR: string }; database: Pick<Database, "db"> },
  path: string,
): Promise<void> {
  const service = createImageService({
    database: deps.database,
    cacheDir: deps.env.IMAGE_CACHE_DIR ?? join(deps.env.DATA_DIR, "image-cache"),
    memoryCacheBytes: 0,
  });
  await service.invalidate(path);
}

/** Whether a request body announces more than an upload may weigh (checked before reading it). */
export function announcesTooLarge(request: Request): boolean {
  const length = Number(request.headers.get("content-length") ?? 0);
  return length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;
}
