import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "#db/client.ts";
import { commerceFile } from "#platform/commerce/catalogue/schema.ts";
import { ImageError } from "#platform/commerce/images/errors.ts";
import { MemoryCache } from "#platform/commerce/images/memory-cache.ts";
import { assertImagePath } from "#platform/commerce/images/paths.ts";
import {
  contentTypeOfExtension,
  isOriginalType,
  ORIGINAL_TYPES,
  probe,
  renderWebp,
} from "#platform/commerce/images/render.ts";
import { type Variant, variantName } from "#platform/commerce/images/variant.ts";

/**
 * The image service: originals live in `commerce_file`; what a request asks for (a webp at some
 * height, or the original itself) is rendered once and kept in a cache directory, plus a small
 * in-memory LRU of recent variants.
 *
 * Lookups go memory → disk → database. A cached variant is served without asking the database:
 * an original is immutable under its path (a new picture gets a new path, which is also what
 * makes the year-long `immutable` browser caching correct). Deleting or replacing an original
 * therefore does not reach variants already cached until `invalidate(path)` runs — the admin's
 * delete and upload routes call it — or the cache directory is emptied. Other instances sharing
 * the directory stop serving it from disk at once and from memory within `memoryTtlMs`.
 *
 * Cache layout: `<cacheDir>/v1/<2 hex>/<sha-256 of the path>/<variant>`, e.g.
 * `…/h450-q90.webp` or `…/original.svg`. File names are built from the hash and from validated
 * numbers only, so no request can name a file outside the directory. Writes go to a temporary
 * file then `rename`, so a reader (in this process or another) never sees half a file; requests
 * for a variant being rendered wait for that rendering instead of starting another.
 */

export type ImageServiceOptions = {
  database: Pick<Database, "db">;
  cacheDir: string;
  /** Bytes of recent variants kept in memory (64 MiB by default; 0 turns it off). */
  memoryCacheBytes?: number;
  /** How long a variant stays in memory before the disk is read again (60 s by default). */
  memoryTtlMs?: number;
  /**
   * Renderings at a time (2 by default). sharp works on libuv's thread pool (4 threads unless
   * UV_THREADPOOL_SIZE says otherwise), which file reads share: a cold page full of new
   * variants must not stall the cache hits queued behind it.
   */
  renderConcurrency?: number;
  /** Called when the cache directory cannot be written; the image is served anyway. */
  onCacheError?: (error: unknown) => void;
};

export type ServedImage = { bytes: Uint8Array<ArrayBuffer>; contentType: string; etag: string };

/** Where an answer came from: memory, the cache directory, a new rendering or the database. */
export type ImageSource = "memory" | "disk" | "render" | "original";

export type ImageResult = ServedImage & { source: ImageSource };

export type ImageServiceStats = {
  memoryHits: number;
  diskHits: number;
  /** Requests that waited for a load already under way. */
  joined: number;
  originalsRead: number;
  renders: number;
  notFound: number;
};

export type ImageService = {
  /** The image at `path` in the form `variant` asks for; `ImageError` NOT_FOUND when absent. */
  get(path: string, variant: Variant): Promise<ImageResult>;
  /** Forgets every cached variant of `path`, here and on disk. */
  invalidate(path: string): Promise<void>;
  stats(): Readonly<ImageServiceStats>;
};

/** Bump when rendering changes, so variants rendered the old way are never served again. */
const CACHE_VERSION = "v1";

export function createImageService(options: ImageServiceOptions): ImageService {
  const { db } = options.database;
  const root = join(options.cacheDir, CACHE_VERSION);
  const memory = new MemoryCache<ServedImage>({
    maxBytes: options.memoryCacheBytes ?? 64 * 1024 * 1024,
    ttlMs: options.memoryTtlMs ?? 60_000,
  });
  const inFlight = new Map<string, Promise<ImageResult>>();
  const limit = createLimiter(options.renderConcurrency ?? 2);
  const onCacheError = options.onCacheError ?? (() => {});
  const stats: ImageServiceStats = {
    memoryHits: 0,
    diskHits: 0,
    joined: 0,
    originalsRead: 0,
    renders: 0,
    notFound: 0,
  };

  const directoryOf = (path: string) => {
    const hash = createHash("sha256").update(path).digest("hex");
    return join(root, hash.slice(0, 2), hash);
  };
  // A path never contains NUL (assertImagePath), so the key is unambiguous.
  const keyOf = (path: string, name: string) => `${path}\u0000${name}`;

  function remember(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
    const image: ServedImage = { bytes, contentType, etag: etagOf(bytes) };
    memory.set(key, image, bytes.byteLength);
    return image;
  }

  async function readCached(directory: string, variant: Variant, name: string) {
    try {
      if (variant.format === "webp") {
        return { bytes: await readBytes(join(directory, name)), contentType: "image/webp" };
      }
      // The original's extension says its content type: one directory listing finds it.
      const file = (await readdir(directory)).find((entry) => entry.startsWith(`${name}.`));
      const contentType = file && contentTypeOfExtension(file.slice(name.length + 1));
      if (file === undefined || contentType === undefined) return undefined;
      return { bytes: await readBytes(join(directory, file)), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") onCacheError(error);
      return undefined;
    }
  }

  async function writeCached(directory: string, name: string, bytes: Uint8Array) {
    const temporary = join(directory, `.${name}.${randomUUID()}.tmp`);
    try {
      await mkdir(directory, { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, join(directory, name));
    } catch (error) {
      onCacheError(error);
      await rm(temporary, { force: true }).catch(() => {});
    }
  }

  async function load(path: string, variant: Variant, name: string, key: string) {
    const directory = directoryOf(path);
    const cached = await readCached(directory, variant, name);
    if (cached !== undefined) {
      stats.diskHits++;
      return { ...remember(key, cached.bytes, cached.contentType), source: "disk" as const };
    }

    const [original] = await db
      .select({ contentType: commerceFile.contentType, bytes: commerceFile.bytes })
      .from(commerceFile)
      .where(eq(commerceFile.path, path))
      .limit(1);
    stats.originalsRead++;
    if (original === undefined) {
      stats.notFound++;
      throw new ImageError("NOT_FOUND", "image not found");
    }

    if (variant.format === "original") {
      const bytes = new Uint8Array(original.bytes);
      if (isOriginalType(original.contentType)) {
        await writeCached(directory, `${name}.${ORIGINAL_TYPES[original.contentType]}`, bytes);
      }
      return { ...remember(key, bytes, original.contentType), source: "original" as const };
    }

    const rendered = await limit(() => renderWebp(original, variant));
    stats.renders++;
    const bytes = new Uint8Array(rendered);
    await writeCached(directory, name, bytes);
    return { ...remember(key, bytes, "image/webp"), source: "render" as const };
  }

  return {
    get(path, variant) {
      assertImagePath(path);
      const name = variantName(variant);
      const key = keyOf(path, name);
      const hit = memory.get(key);
      if (hit !== undefined) {
        stats.memoryHits++;
        return Promise.resolve({ ...hit, source: "memory" });
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) {
        stats.joined++;
        return pending;
      }
      const work = load(path, variant, name, key).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },

    async invalidate(path) {
      assertImagePath(path);
      memory.deletePrefix(keyOf(path, ""));
      await rm(directoryOf(path), { recursive: true, force: true });
    },

    stats: () => ({ ...stats }),
  };
}

// ---------------------------------------------------------------------------------------------
// Originals

export type OriginalFile = {
  /** The path under `/cdn/images/`, e.g. `products/epicerie-salee-huile-1.svg`. */
  path: string;
  contentType: string;
  bytes: Uint8Array;
  /** Read from the image when absent. */
  width?: number;
  height?: number;
};

export type SavedOriginal = { path: string; width: number; height: number };

/** Larger uploads are refused: an original is a picture, not an archive. */
export const MAX_ORIGINAL_BYTES = 25 * 1024 * 1024;

/**
 * Stores an original (insert or replace by path) and returns its size. Replacing the bytes of
 * a path already served does not reach the variants cached from it: see `invalidate`.
 */
export async function saveOriginal(db: Db | Tx, file: OriginalFile): Promise<SavedOriginal> {
  const [saved] = await saveOriginals(db, [file]);
  return saved as SavedOriginal;
}

/** `saveOriginal` for many files, a few hundred rows per statement (the seed's path). */
export async function saveOriginals(
  db: Db | Tx,
  files: readonly OriginalFile[],
): Promise<SavedOriginal[]> {
  const rows = await Promise.all(files.map(checkOriginal));
  const chunkSize = 200;
  for (let start = 0; start < rows.length; start += chunkSize) {
    await db
      .insert(commerceFile)
      .values(rows.slice(start, start + chunkSize))
      .onConflictDoUpdate({
        target: commerceFile.path,
        set: {
          contentType: sql`excluded.content_type`,
          bytes: sql`excluded.bytes`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
        },
      });
  }
  return rows.map(({ path, width, height }) => ({ path, width, height }));
}

async function checkOriginal(file: OriginalFile) {
  assertImagePath(file.path);
  if (!isOriginalType(file.contentType)) {
    const allowed = Object.keys(ORIGINAL_TYPES).join(", ");
    throw new ImageError("INVALID_ORIGINAL", `content type must be one of ${allowed}`);
  }
  if (file.bytes.byteLength === 0 || file.bytes.byteLength > MAX_ORIGINAL_BYTES) {
    throw new ImageError(
      "INVALID_ORIGINAL",
      `an original must hold 1 to ${MAX_ORIGINAL_BYTES} bytes`,
    );
  }
  const given = file.width !== undefined && file.height !== undefined;
  if (given && !(isPositiveInteger(file.width) && isPositiveInteger(file.height))) {
    throw new ImageError("INVALID_ORIGINAL", "width and height must be positive integers");
  }
  // Sizes given by the caller (the seed, which drew the picture) are trusted; others are read.
  const size = given
    ? { width: file.width as number, height: file.height as number }
    : await probe(file.bytes);
  return {
    path: file.path,
    contentType: file.contentType,
    bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
    width: size.width,
    height: size.height,
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function isPositiveInteger(value: number | undefined): boolean {
  return Number.isInteger(value) && (value as number) > 0;
}

/** A strong validator from the bytes themselves: equal bytes, equal tag, on every instance. */
function etagOf(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
}

function readBytes(file: string): Promise<Uint8Array<ArrayBuffer>> {
  return readFile(file);
}

/** At most `max` tasks at once; the others wait in order. A finishing task hands its slot on. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next !== undefined) next();
      else active--;
    }
  };
}
