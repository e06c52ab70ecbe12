import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { insertProducts } from "#platform/commerce/catalogue/catalogue.ts";
import { commerceFile } from "#platform/commerce/catalogue/schema.ts";
import {
  deleteImage,
  listLibrary,
  slugOfFileName,
  uploadImage,
} from "#platform/commerce/images/library.ts";
import { createAsset, deleteAsset } from "#platform/content/index.ts";
import { imageRoutes } from "#server/api/images.ts";
import { testApiDependencies } from "#server/api/testing.ts";
import { testEnv } from "#server/test-env.ts";

let database: Database;
const fixedRandom = () => Buffer.from([0xde, 0xad, 0xbe, 0xef]);
const env = testEnv({ DATA_DIR: "/tmp/comptoir-library-test" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

function png(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: "#a52" } })
    .png()
    .toBuffer();
}

const upload = async (name: string, bytes: Uint8Array) =>
  uploadImage(database.db, { name, bytes }, fixedRandom);

describe("uploads", () => {
  it("stores a PNG named .jpg as a PNG, under a readable, unguessable name", async () => {
    const result = await upload("Photo du Miel (été).JPG", await png());
    expect(result).toEqual({
      ok: true,
      image: {
        path: "uploads/photo-du-miel-ete-deadbeef.png",
        url: "/cdn/images/uploads/photo-du-miel-ete-deadbeef.png",
        contentType: "image/png",
        width: 40,
        height: 30,
        bytes: expect.any(Number),
      },
    });
    const [stored] = await database.db
      .select({ contentType: commerceFile.contentType, width: commerceFile.width })
      .from(commerceFile)
      .where(eq(commerceFile.path, "uploads/photo-du-miel-ete-deadbeef.png"));
    expect(stored).toEqual({ contentType: "image/png", width: 40 });
  });

  it("refuses a text or PHP file named like an image, an SVG, and a file over 5 MB", async () => {
    const text = await upload("notes.png", Buffer.from("Bonjour, ceci n'est pas une image."));
    expect(text).toMatchObject({ ok: false, code: "type" });
    const php = await upload("shell.jpg", Buffer.from("<?php system($_GET['c']); ?>"));
    expect(php).toMatchObject({
      ok: false,
      message: "Ce fichier n'est pas une image JPEG, PNG ou WebP.",
    });
    const svg = await upload(
      "logo.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg).toMatchObject({ ok: false, code: "svg" });
    const big = Buffer.alloc(6 * 1024 * 1024);
    (await png()).copy(big);
    expect(await upload("grande.png", big)).toMatchObject({
      ok: false,
      code: "too_large",
      message: "Le fichier dépasse 5 Mo : réduisez l'image avant de l'envoyer.",
    });
    const truncated = (await png()).subarray(0, 40);
    expect(await upload("abimee.png", truncated)).toMatchObject({ ok: false, code: "unreadable" });
    const { total } = await listLibrary(database.db, { page: 1 });
    expect(total).toBe(1);
  });

  it("names files from their name, without path or accents", () => {
    expect(slugOfFileName("C:\\Users\\Léa\\Crème brûlée.final.png")).toBe("creme-brulee-final");
    expect(slugOfFileName("../../etc/passwd")).toBe("passwd");
    expect(slugOfFileName("....png")).toBe("image");
  });
});

describe("deleting", () => {
  it("refuses to delete an image a product shows, or one that does not exist", async () => {
    const saved = await upload("pot.png", await png(10, 10));
    if (!saved.ok) throw new Error("upload failed");
    await database.db.transaction((tx) =>
      insertProducts(tx, [
        {
          handle: "pot-de-miel",
          title: "Pot de miel",
          variants: [{ priceCents: 500 }],
          images: [{ url: saved.image.url }],
        },
      ]),
    );
    expect(await deleteImage(database.db, saved.image.path)).toEqual({
      ok: false,
      code: "in_use",
      usedBy: ["produit pot-de-miel"],
      message: "Image encore utilisée (produit pot-de-miel) : retirez-la d'abord.",
    });
    const library = await listLibrary(database.db, { query: "pot-", page: 1 });
    expect(library.images.map((image) => [image.path, image.usedBy])).toEqual([
      [saved.image.path, 1],
    ]);
    expect(await deleteImage(database.db, "uploads/absente.png")).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("counts and keeps an image the content's media show, through the port it is given", async () => {
    // The product's image of the test before; the content's `assetNamesByFileUrl` in the admin
    // area, a stand-in here.
    const path = "uploads/pot-deadbeef.png";
    const asked: string[][] = [];
    const media = async (_db: unknown, urls: readonly string[]) => {
      asked.push([...urls]);
      return new Map([[`/cdn/images/${path}`, ["Pot de miel"]]]);
    };
    const library = await listLibrary(database.db, { query: "pot-", page: 1, media });
    expect(library.images.map((image) => [image.path, image.usedBy, image.media])).toEqual([
      [path, 1, ["Pot de miel"]],
    ]);
    expect(asked).toEqual([[`/cdn/images/${path}`]]);
    expect(await deleteImage(database.db, path, { media })).toEqual({
      ok: false,
      code: "in_use",
      usedBy: ["produit pot-de-miel", "média Pot de miel"],
      message:
        "Image encore utilisée (produit pot-de-miel) : retirez-la d'abord. Ce fichier est l'image du média « Pot de miel » : remplacez-le ou supprimez le média d'abord.",
    });
    const two = async () => new Map([[`/cdn/images/${path}`, ["Pot", "Pot de miel"]]]);
    expect(await deleteImage(database.db, path, { media: two })).toMatchObject({
      message: expect.stringContaining(
        "Ce fichier est l'image des médias « Pot », « Pot de miel » : remplacez-le dans ces médias ou supprimez-les d'abord.",
      ),
    });
  });
});

describe("the image API for scripts", () => {
  const api = () => imageRoutes(testApiDependencies(env, database));
  const secret = env.ADMIN_VERIFY_SECRET;

  it("answers 401 without the verify header and stores nothing", async () => {
    const body = new FormData();
    body.set("file", new File([await png()], "a.png"));
    const res = await api().request("/images/upload", { method: "POST", body });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: "unauthorized" });
    const denied = await api().request("/images/delete", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "uploads/photo-du-miel-ete-deadbeef.png" }),
    });
    expect(denied.status).toBe(401);
  });

  it("uploads, refuses a fake image, and deletes an unused image", async () => {
    const body = new FormData();
    body.set("file", new File([await png()], "Plateau.webp"));
    const res = await api().request("/images/upload", {
      method: "POST",
      body,
      headers: { "x-comptoir-verify": secret },
    });
    expect(res.status).toBe(200);
    const uploaded = (await res.json()) as { success: true; response: { path: string } };
    expect(uploaded.response.path).toMatch(/^uploads\/plateau-[0-9a-f]{8}\.png$/);

    const fake = new FormData();
    fake.set("file", new File(["<?php echo 1; ?>"], "x.jpg"));
    const refused = await api().request("/images/upload", {
      method: "POST",
      body: fake,
      headers: { "x-comptoir-verify": secret },
    });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ success: false, error: "type" });

    // While a content media shows the file, it stays.
    await createAsset(
      { db: database.db },
      {
        id: "media-plateau",
        fields: {
          title: "Plateau",
          file: {
            url: `/cdn/images/${uploaded.response.path}`,
            fileName: "plateau.png",
            contentType: "image/png",
          },
        },
      },
    );
    const kept = await api().request(`/images/delete?password=${secret}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: uploaded.response.path }),
    });
    expect(kept.status).toBe(409);
    expect(((await kept.json()) as { message: string }).message).toContain("« Plateau »");
    await deleteAsset({ db: database.db }, { id: "media-plateau", version: 1 });

    const deleted = await api().request(`/images/delete?password=${secret}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: uploaded.response.path }),
    });
    expect(await deleted.json()).toEqual({
      success: true,
      response: { path: uploaded.response.path },
    });
  });
});
