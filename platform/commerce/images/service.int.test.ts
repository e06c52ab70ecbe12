import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceFile } from "#platform/commerce/catalogue/schema.ts";
import { ImageError } from "#platform/commerce/images/errors.ts";
import {
  renderBannerSvg,
  renderProductSvg,
} from "#platform/commerce/images/placeholder/placeholder.ts";
import {
  createImageService,
  saveOriginal,
  saveOriginals,
} from "#platform/commerce/images/service.ts";
import type { Variant } from "#platform/commerce/images/variant.ts";

let database: Database;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  workDir = await mkdtemp(join(tmpdir(), "comptoir-image-service-"));
});

afterAll(async () => {
  await database?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const H450: Variant = { format: "webp", height: 450, quality: 90 };

/** A database that fails the test if anything asks it a question. */
const NO_DATABASE = {
  db: new Proxy({} as Db, {
    get() {
      throw new Error("the database was asked");
    },
  }),
};

async function saveSvg(path: string, seed = 1) {
  const { svg, width, height } = renderProductSvg({ title: path, category: "Cave", seed });
  return saveOriginal(database.db, {
    path,
    contentType: "image/svg+xml",
    bytes: Buffer.from(svg),
    width,
    height,
  });
}

describe("the image cache", () => {
  it("is shared by instances on the same directory, with no database round trip", async () => {
    const cacheDir = join(workDir, "shared");
    await saveSvg("products/shared.svg");
    const first = createImageService({ database, cacheDir });
    const rendered = await first.get("products/shared.svg", H450);
    const original = await first.get("products/shared.svg", { format: "original" });
    expect([rendered.source, original.source]).toEqual(["render", "original"]);

    const second = createImageService({ database: NO_DATABASE, cacheDir });
    const fromDisk = await second.get("products/shared.svg", H450);
    expect(fromDisk.source).toBe("disk");
    expect(fromDisk.etag).toBe(rendered.etag);
    expect(Buffer.from(fromDisk.bytes).equals(Buffer.from(rendered.bytes))).toBe(true);
    const originalFromDisk = await second.get("products/shared.svg", { format: "original" });
    expect([originalFromDisk.source, originalFromDisk.contentType]).toEqual([
      "disk",
      "image/svg+xml",
    ]);
    expect((await second.get("products/shared.svg", H450)).source).toBe("memory");
    expect(second.stats()).toMatchObject({ renders: 0, originalsRead: 0, diskHits: 2 });
  });

  it("stops serving a deleted original once invalidated", async () => {
    const cacheDir = join(workDir, "invalidate");
    await saveSvg("products/gone.svg");
    const service = createImageService({ database, cacheDir });
    await service.get("products/gone.svg", H450);
    await database.db.delete(commerceFile).where(eq(commerceFile.path, "products/gone.svg"));
    // Originals are immutable by path: until invalidated, the cached variant is still served.
    expect((await service.get("products/gone.svg", H450)).source).toBe("memory");
    await service.invalidate("products/gone.svg");
    await expect(service.get("products/gone.svg", H450)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const other = createImageService({ database, cacheDir });
    await expect(other.get("products/gone.svg", H450)).rejects.toBeInstanceOf(ImageError);
  });

  it("serves the image even when the cache directory cannot be written", async () => {
    const blocked = join(workDir, "a-file");
    await writeFile(blocked, "");
    await saveSvg("products/unwritable.svg");
    const errors: unknown[] = [];
    const service = createImageService({
      database,
      cacheDir: blocked,
      onCacheError: (error) => errors.push(error),
    });
    const image = await service.get("products/unwritable.svg", H450);
    expect((await sharp(image.bytes).metadata()).height).toBe(450);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("renders different variants of one image side by side, each once", async () => {
    await saveSvg("products/many.svg");
    const service = createImageService({ database, cacheDir: join(workDir, "many") });
    const heights = [450, 700, 950, 450, 700, 950];
    const images = await Promise.all(
      heights.map((height) => service.get("products/many.svg", { ...H450, height })),
    );
    const sizes = await Promise.all(images.map((image) => sharp(image.bytes).metadata()));
    expect(sizes.map((size) => size.height)).toEqual(heights);
    expect(service.stats()).toMatchObject({ renders: 3, joined: 3 });
  });
});

describe("rendering", () => {
  it("rasterises a banner SVG crisply at the requested height", async () => {
    const banner = renderBannerSvg({ title: "Maison Bordier", subtitle: "Beurres", seed: 4 });
    await saveOriginal(database.db, {
      path: "collections/bordier.svg",
      contentType: "image/svg+xml",
      bytes: Buffer.from(banner.svg),
    });
    const service = createImageService({ database, cacheDir: join(workDir, "banner") });
    const image = await service.get("collections/bordier.svg", { ...H450, height: 950 });
    const metadata = await sharp(image.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([1689, 950]);
  });

  it("scales a bitmap down but never up", async () => {
    const png = await sharp({
      create: { width: 400, height: 600, channels: 3, background: "#c9a24a" },
    })
      .png()
      .toBuffer();
    await saveOriginal(database.db, {
      path: "uploads/small.png",
      contentType: "image/png",
      bytes: png,
    });
    const service = createImageService({ database, cacheDir: join(workDir, "bitmap") });
    const down = await sharp((await service.get("uploads/small.png", H450)).bytes).metadata();
    expect([down.width, down.height]).toEqual([300, 450]);
    const up = await sharp(
      (await service.get("uploads/small.png", { ...H450, height: 950 })).bytes,
    ).metadata();
    expect([up.width, up.height]).toEqual([400, 600]);
  });

  it("answers UNRENDERABLE for a stored original sharp cannot read", async () => {
    await database.db.insert(commerceFile).values({
      path: "uploads/broken.png",
      contentType: "image/png",
      bytes: Buffer.from("not a png"),
    });
    const service = createImageService({ database, cacheDir: join(workDir, "broken") });
    await expect(service.get("uploads/broken.png", H450)).rejects.toMatchObject({
      code: "UNRENDERABLE",
    });
  });
});

describe("saveOriginal", () => {
  it("stores the original and reads its size when not given", async () => {
    const { svg } = renderProductSvg({ title: "Miel", category: "Épicerie sucrée", seed: 3 });
    const saved = await saveOriginal(database.db, {
      path: "products/miel.svg",
      contentType: "image/svg+xml",
      bytes: Buffer.from(svg),
    });
    expect(saved).toEqual({ path: "products/miel.svg", width: 800, height: 1000 });
    const [row] = await database.db
      .select()
      .from(commerceFile)
      .where(eq(commerceFile.path, "products/miel.svg"));
    expect(row?.bytes.toString()).toBe(svg);
    expect(row?.contentType).toBe("image/svg+xml");
  });

  it("replaces the original under the same path", async () => {
    await saveSvg("products/replaced.svg", 1);
    const next = renderProductSvg({ title: "Nouveau", category: "Cave", seed: 2 });
    await saveOriginal(database.db, {
      path: "products/replaced.svg",
      contentType: "image/svg+xml",
      bytes: Buffer.from(next.svg),
      width: 800,
      height: 1000,
    });
    const rows = await database.db
      .select()
      .from(commerceFile)
      .where(eq(commerceFile.path, "products/replaced.svg"));
    expect(rows.map((row) => row.bytes.toString())).toEqual([next.svg]);
  });

  it("saves many originals in one call", async () => {
    const files = Array.from({ length: 450 }, (_, index) => {
      const { svg, width, height } = renderProductSvg({
        title: `Produit ${index}`,
        category: "Traiteur",
        seed: index,
      });
      const bytes = Buffer.from(svg);
      return { path: `bulk/${index}.svg`, contentType: "image/svg+xml", bytes, width, height };
    });
    const saved = await saveOriginals(database.db, files);
    expect(saved).toHaveLength(450);
    const rows = await database.db.select({ path: commerceFile.path }).from(commerceFile);
    expect(rows.filter((row) => row.path.startsWith("bulk/"))).toHaveLength(450);
  });

  it.each([
    [{ path: "../x.svg" }, "INVALID_PATH"],
    [{ contentType: "text/html" }, "INVALID_ORIGINAL"],
    [{ bytes: Buffer.alloc(0) }, "INVALID_ORIGINAL"],
    [{ bytes: Buffer.from("not an image") }, "INVALID_ORIGINAL"],
    [{ width: 0, height: 10 }, "INVALID_ORIGINAL"],
  ])("refuses %o", async (change, code) => {
    const file = {
      path: "uploads/refused.png",
      contentType: "image/png",
      bytes: await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
      ...change,
    };
    await expect(saveOriginal(database.db, file)).rejects.toMatchObject({ code });
  });
});
