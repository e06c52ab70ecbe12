import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { listLibrary, uploadImage } from "#platform/commerce/index.ts";
import {
  type AssetRow,
  archiveAsset,
  deleteAsset,
  findAsset,
  listAssetsForEditing,
  publishAsset,
  unpublishAsset,
  updateAsset,
} from "#platform/content/index.ts";

/**
 * The image library screen (`images`) and the content's media through the composed server: a
 * file that a media shows, in its draft or its published copy (archived or not), is listed as
 * the media's image and is not deleted; once no media shows it, it is deleted as any unused file.
 */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";
const LIBRARY = "/middleware/images/";

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: { cookie: string; csrf: string };

const png = (background: string) =>
  sharp({ create: { width: 8, height: 6, channels: 3, background } })
    .png()
    .toBuffer();

const ctx = () => ({ db: database.db, by: EMAIL });

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

/** A media made on the media grid, as editors make one. */
async function uploadMedia(title: string, background: string): Promise<AssetRow> {
  const body = new FormData();
  body.set("_csrf", session.csrf);
  body.set("file", new File([await png(background)], `${title}.png`, { type: "image/png" }));
  body.set("title", title);
  body.set("description", `Photo : ${title}`);
  const response = await request("/middleware/contenu/medias/", {
    method: "POST",
    body,
    headers: { cookie: session.cookie },
  });
  expect(response.status).toBe(200);
  const found = await listAssetsForEditing(database.db, { search: title });
  const asset = found.items.find((item) => item.title === title);
  if (!asset) throw new Error(`no asset titled ${title}`);
  return asset;
}

const pathOf = (url: string) => url.replace(/^\/cdn\/images\//, "");

const remove = (path: string) =>
  request(
    LIBRARY,
    formPost({ _csrf: session.csrf, intent: "delete", path }, { cookie: session.cookie }),
  );

const stored = async (path: string) =>
  (await listLibrary(database.db, { query: path, page: 1 })).total === 1;

/** The library's tile of a file: from its name to its « Supprimer » button. */
async function tile(path: string): Promise<string> {
  const html = await (await request(LIBRARY, { headers: { cookie: session.cookie } })).text();
  const start = html.indexOf(`<p class="admin-library__name">${path}</p>`);
  expect(start, path).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("Supprimer", start));
}

describe("the image library and the content's media", () => {
  it("lists a media's file as its image, draft or published copy, and a loose file as unused", async () => {
    const draft = await uploadMedia("Étal du marché", "#396");
    // A published media whose file was then replaced in its draft: both files are shown.
    const replaced = await uploadMedia("Comté affiné", "#c93");
    const published = await publishAsset(ctx(), { id: replaced.id, version: replaced.revision });
    const next = await uploadImage(database.db, {
      name: "comte-24-mois.png",
      bytes: await png("#ca4"),
      folder: "content",
    });
    if (!next.ok) throw new Error(next.message);
    const changed = await updateAsset(ctx(), {
      id: replaced.id,
      version: published.revision,
      fields: {
        title: published.title,
        description: published.description,
        file: { ...published.file, url: next.image.url, fileName: "comte-24-mois.png" },
      },
    });
    expect(changed.publishedFields?.file.url).toBe(replaced.file.url);
    const loose = await uploadImage(database.db, {
      name: "chute.png",
      bytes: await png("#333"),
      folder: "content",
    });
    if (!loose.ok) throw new Error(loose.message);

    expect(await tile(pathOf(draft.file.url))).toContain("image du média « Étal du marché »");
    expect(await tile(pathOf(replaced.file.url))).toContain("image du média « Comté affiné »");
    expect(await tile(next.image.path)).toContain("image du média « Comté affiné »");
    expect(await tile(loose.image.path)).toContain("inutilisée");
  });

  it("refuses to delete a file a media shows, naming the media, and deletes it once no media does", async () => {
    const [draft, comte] = await Promise.all(
      ["Étal du marché", "Comté affiné"].map(async (title) => {
        const found = await listAssetsForEditing(database.db, { search: title });
        const asset = found.items.find((item) => item.title === title);
        if (!asset) throw new Error(`no asset titled ${title}`);
        return asset;
      }),
    );
    if (!draft || !comte) throw new Error("media missing");

    const refused = await remove(pathOf(draft.file.url));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "Ce fichier est l&#x27;image du média « Étal du marché » : remplacez-le ou supprimez le média d&#x27;abord.",
    );
    expect(await stored(pathOf(draft.file.url))).toBe(true);

    // The file only the published copy still shows is kept too.
    const publishedUrl = comte.publishedFields?.file.url ?? "";
    expect(publishedUrl).not.toBe(comte.file.url);
    expect((await remove(pathOf(publishedUrl))).status).toBe(409);
    expect(await stored(pathOf(publishedUrl))).toBe(true);

    // An archived media still shows its file: an archive is undone.
    const unpublished = await unpublishAsset(ctx(), { id: comte.id, version: comte.revision });
    const archived = await archiveAsset(ctx(), { id: comte.id, version: unpublished.revision });
    expect((await remove(pathOf(archived.file.url))).status).toBe(409);
    // Unpublished, its old file is no one's: it goes.
    const freed = await remove(pathOf(publishedUrl));
    expect(freed.status).toBe(200);
    expect(await stored(pathOf(publishedUrl))).toBe(false);

    // Once the media is deleted, its file is deleted as any unused one.
    await deleteAsset(ctx(), { id: draft.id, version: draft.revision });
    expect(await findAsset(database.db, draft.id)).toBeNull();
    expect(await tile(pathOf(draft.file.url))).toContain("inutilisée");
    const deleted = await remove(pathOf(draft.file.url));
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(`Image ${pathOf(draft.file.url)} supprimée.`);
    expect(await stored(pathOf(draft.file.url))).toBe(false);
  });
});
