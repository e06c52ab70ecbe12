import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/index.ts";
import {
  addStaffMember,
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  type StaffSession,
  staffFormPost,
  staffPage,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { listLibrary } from "#platform/commerce/index.ts";
import {
  type AssetRow,
  archiveAsset,
  createEntry,
  findAsset,
  listAssetsForEditing,
  publishAsset,
  updateAsset,
} from "#platform/content/index.ts";

/**
 * The content's media screens (issue 50, item 2) through the composed server: an upload on the
 * grid by the image library's rules (a draft asset whose file the image service serves), the
 * library's French refusals with nothing stored, one media's alt text and file, publishing kept
 * to the roles that publish, a change made meanwhile refused, deleting a used media asked first,
 * and the entry editor's picker (JSON list and upload).
 */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";
const FILE_URL = /^\/cdn\/images\/content\/[a-z0-9-]+-[0-9a-f]{8}\.png$/;

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: StaffSession;
let writer: StaffSession;

const png = (width: number, height: number, background = "#396") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
  writer = await addStaffMember(request, session, {
    name: "Rose Rédactrice",
    email: "rose@comptoir.test",
    role: "writer",
  });
});

afterAll(() => closeTestServer(server, database));

/** A multipart post, as a browser sends a form with a file. */
function multipart(
  path: string,
  fields: Record<string, string | File>,
  who: StaffSession = session,
) {
  const body = new FormData();
  body.set("_csrf", who.csrf);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return request(path, { method: "POST", body, headers: { cookie: who.cookie } });
}

const post = (path: string, fields: Record<string, string>, who = session) =>
  request(path, staffFormPost(fields, who));

const page = (path: string, who = session) => staffPage(request, path, who);

async function assetTitled(title: string): Promise<AssetRow> {
  const found = await listAssetsForEditing(database.db, { search: title });
  const asset = found.items.find((item) => item.title === title);
  if (!asset) throw new Error(`no asset titled ${title}`);
  return asset;
}

const countAssets = async () => (await listAssetsForEditing(database.db)).total;
const countStoredFiles = async () =>
  (await listLibrary(database.db, { query: "content/", page: 1 })).total;

const assetPath = (id: string) => `/middleware/contenu/medias/${id}/`;
const PICKER = "/middleware/contenu/medias/choisir/";

describe("the media grid's upload", () => {
  it("makes a draft asset of a picture, its file served at the asset's URL", async () => {
    const bytes = await png(8, 6);
    const response = await multipart("/middleware/contenu/medias/", {
      file: new File([bytes], "Plateau de fromages.png", { type: "image/png" }),
      title: "Plateau de fromages",
      description: "Un plateau de comté, de brie et de roquefort sur une planche",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Image « Plateau de fromages » importée en brouillon.");
    const asset = await assetTitled("Plateau de fromages");
    expect(asset.description).toBe("Un plateau de comté, de brie et de roquefort sur une planche");
    expect(asset.publishedVersion).toBeNull();
    expect(asset.createdBy).toBe(EMAIL);
    expect(asset.file).toEqual({
      url: expect.stringMatching(FILE_URL),
      fileName: "Plateau de fromages.png",
      contentType: "image/png",
      details: { size: bytes.byteLength, image: { width: 8, height: 6 } },
    });
    // The image service serves it: a rendering by default, the stored bytes on request.
    const served = await request(asset.file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\//);
    const original = await request(`${asset.file.url}?format=original`);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    // The grid leads to its screen; the change log has it.
    const grid = await page("/middleware/contenu/medias/");
    expect(grid).toContain(`href="${assetPath(asset.id)}"`);
    expect(grid).toContain(">Brouillon<");
    const log = await readChangeLog(database.db, { subject: asset.id });
    expect(log.lines.map((line) => [line.action, line.subjectType])).toEqual([
      ["Média importé", "média"],
    ]);
  });

  it("refuses an oversized file with the library's message, keeping what was typed", async () => {
    const [assets, files] = [await countAssets(), await countStoredFiles()];
    const response = await multipart("/middleware/contenu/medias/", {
      file: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "enorme.png", { type: "image/png" }),
      title: "Vitrine de Noël",
      description: "La vitrine décorée",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(
      "Le fichier dépasse 5 Mo : réduisez l&#x27;image avant de l&#x27;envoyer.",
    );
    // Next to the file field, and the title and alt text typed are still in the form.
    expect(html).toMatch(/id="f-file-error"[^>]*>Le fichier dépasse 5 Mo/);
    expect(html).toContain('value="Vitrine de Noël"');
    expect(html).toContain(">La vitrine décorée</textarea>");
    expect(await countAssets()).toBe(assets);
    expect(await countStoredFiles()).toBe(files);
    // A body past what an upload may weigh is refused before it is read.
    const huge = await multipart("/middleware/contenu/medias/", {
      file: new File([new Uint8Array(6 * 1024 * 1024)], "enorme.png"),
      title: "Vitrine de Noël",
    });
    expect(huge.status).toBe(413);
    expect(await countAssets()).toBe(assets);
  });

  it("refuses what is not an image, and a media without a title", async () => {
    const assets = await countAssets();
    const script = await multipart("/middleware/contenu/medias/", {
      file: new File([new TextEncoder().encode("<?php echo 1; ?>")], "photo.png"),
      title: "Photo",
    });
    expect(script.status).toBe(400);
    expect(await script.text()).toContain("Ce fichier n&#x27;est pas une image JPEG, PNG ou WebP.");
    const svg = await multipart("/middleware/contenu/medias/", {
      file: new File(
        [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
        "a.svg",
      ),
      title: "Logo",
    });
    expect(await svg.text()).toContain("Les images SVG ne sont pas acceptées");
    const untitled = await multipart("/middleware/contenu/medias/", {
      file: new File([await png(4, 4)], "carre.png"),
      title: "  ",
      description: "Un carré vert",
    });
    expect(untitled.status).toBe(400);
    const html = await untitled.text();
    expect(html).toContain("Donnez un titre au média.");
    expect(html).toContain(">Un carré vert</textarea>");
    expect(await countAssets()).toBe(assets);
  });
});

describe("one media's screen", () => {
  let asset: AssetRow;

  beforeAll(async () => {
    await multipart("/middleware/contenu/medias/", {
      file: new File([await png(40, 30, "#c33")], "tomates.png"),
      title: "Tomates anciennes",
      description: "",
    });
    asset = await assetTitled("Tomates anciennes");
  });

  it("shows the picture, its file's facts, its status and where it is used", async () => {
    await createEntry(
      { db: database.db, by: EMAIL },
      {
        id: "banniere-tomates",
        contentType: "banner",
        fields: {
          title: "Les tomates de saison",
          image: { sys: { type: "Link", linkType: "Asset", id: asset.id } },
        },
      },
    );
    const html = await page(assetPath(asset.id));
    expect(html).toContain("<h1>Tomates anciennes</h1>");
    expect(html).toContain(`src="${asset.file.url}"`);
    expect(html).toContain("tomates.png");
    expect(html).toContain("image/png");
    expect(html).toContain("40 × 30 px");
    expect(html).toMatch(/\d+ ko/);
    expect(html).toContain(">Brouillon<");
    expect(html).toContain("Utilisé sur");
    expect(html).toContain('href="/middleware/contenu/entrees/banniere-tomates/"');
    expect(html).toContain("Les tomates de saison");
    // An editor publishes; the buttons of a draft.
    expect(html).toContain(">Publier<");
    expect(html).toContain(">Archiver<");
    expect(html).toContain(">Supprimer<");
    expect((await request(assetPath("rien"), { headers: { cookie: session.cookie } })).status).toBe(
      404,
    );
  });

  it("saves the title and alt text in the draft, in the change log", async () => {
    const current = await findAsset(database.db, asset.id);
    const response = await post(assetPath(asset.id), {
      intent: "save",
      version: String(current?.revision),
      title: "Tomates anciennes",
      description: "Des tomates cœur de bœuf, noires de Crimée et ananas",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Titre et texte alternatif enregistrés");
    const saved = await findAsset(database.db, asset.id);
    expect(saved?.description).toBe("Des tomates cœur de bœuf, noires de Crimée et ananas");
    expect(saved?.file).toEqual(asset.file);
    const log = await readChangeLog(database.db, { subject: asset.id });
    expect(log.lines[0]?.action).toBe("Média modifié");
    expect(log.lines[0]?.changes).toEqual([
      {
        field: "Texte alternatif",
        before: "",
        after: "Des tomates cœur de bœuf, noires de Crimée et ananas",
      },
    ]);
  });

  it("refuses a save made on a version changed meanwhile, in French, keeping what was typed", async () => {
    const current = await findAsset(database.db, asset.id);
    if (!current) throw new Error("asset gone");
    // Someone else saves first.
    await updateAsset(
      { db: database.db, by: "louis@comptoir.test" },
      {
        id: asset.id,
        version: current.revision,
        fields: { title: "Tomates de plein champ", description: current.description },
      },
    );
    const response = await post(assetPath(asset.id), {
      intent: "save",
      version: String(current.revision),
      title: "Tomates du potager",
      description: "Mon texte",
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Ce média a été modifié entre-temps");
    expect(html).toContain("Recharger la page");
    expect(html).toContain('value="Tomates du potager"');
    expect((await findAsset(database.db, asset.id))?.title).toBe("Tomates de plein champ");
  });

  it("replaces the file by the same rules, keeping the title and alt text", async () => {
    const before = await findAsset(database.db, asset.id);
    if (!before) throw new Error("asset gone");
    const refused = await multipart(assetPath(asset.id), {
      intent: "replace",
      version: String(before.revision),
      file: new File([new TextEncoder().encode("pas une image")], "notes.png"),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Ce fichier n&#x27;est pas une image JPEG, PNG ou WebP.",
    );
    expect((await findAsset(database.db, asset.id))?.revision).toBe(before.revision);

    const bytes = await png(60, 20, "#fc0");
    const replaced = await multipart(assetPath(asset.id), {
      intent: "replace",
      version: String(before.revision),
      file: new File([bytes], "tomates-jaunes.png"),
    });
    expect(replaced.status).toBe(200);
    const after = await findAsset(database.db, asset.id);
    expect(after?.title).toBe(before.title);
    expect(after?.description).toBe(before.description);
    expect(after?.file.url).toMatch(FILE_URL);
    expect(after?.file.url).not.toBe(before.file.url);
    expect(after?.file).toMatchObject({
      fileName: "tomates-jaunes.png",
      details: { size: bytes.byteLength, image: { width: 60, height: 20 } },
    });
    const served = await request(`${after?.file.url}?format=original`);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // The old file stays: the published copy may still show it.
    expect((await request(`${before.file.url}?format=original`)).status).toBe(200);
    const log = await readChangeLog(database.db, { subject: asset.id });
    expect(log.lines[0]?.action).toBe("Fichier du média remplacé");
  });

  it("keeps publishing to the roles that publish: a writer edits the draft but gets 403", async () => {
    const html = await page(assetPath(asset.id), writer);
    expect(html).toContain("Titre et texte alternatif");
    expect(html).not.toContain(">Publier<");
    const current = await findAsset(database.db, asset.id);
    const version = String(current?.revision);
    for (const intent of ["publish", "archive", "delete"]) {
      const refused = await post(assetPath(asset.id), { intent, version }, writer);
      expect(refused.status, intent).toBe(403);
    }
    expect((await findAsset(database.db, asset.id))?.revision).toBe(current?.revision);
    // Saving the draft is theirs.
    const saved = await post(
      assetPath(asset.id),
      { intent: "save", version, title: "Tomates de plein champ", description: "Des tomates" },
      writer,
    );
    expect(saved.status).toBe(200);
  });

  it("publishes and unpublishes, dropping the kept content, with the backend's rules", async () => {
    const publish = vi.spyOn(server.invalidations, "publish");
    let current = await findAsset(database.db, asset.id);
    const published = await post(assetPath(asset.id), {
      intent: "publish",
      version: String(current?.revision),
    });
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Média publié");
    // No entry shows the new media yet: no page to purge (its keys are those of the entries that
    // show it), but the content client's copies go.
    expect(publish).toHaveBeenCalledWith({ kind: "content", keys: [] });
    current = await findAsset(database.db, asset.id);
    expect(current?.publishedVersion).toBe((current?.revision ?? 0) - 1);
    const html = await page(assetPath(asset.id));
    expect(html).toContain(">Publié<");
    expect(html).toContain(">Dépublier<");
    expect(html).not.toContain(">Archiver<");
    // A published media is unpublished before it is archived.
    const archive = await post(assetPath(asset.id), {
      intent: "archive",
      version: String(current?.revision),
    });
    expect(archive.status).toBe(400);
    expect(await archive.text()).toContain("dépubliez-le d&#x27;abord");
    publish.mockClear();
    const unpublished = await post(assetPath(asset.id), {
      intent: "unpublish",
      version: String(current?.revision),
    });
    expect(unpublished.status).toBe(200);
    expect(publish).toHaveBeenCalledWith({ kind: "content", keys: [] });
    publish.mockRestore();
    const log = await readChangeLog(database.db, { subject: asset.id });
    expect(log.lines.slice(0, 2).map((line) => line.action)).toEqual([
      "Média dépublié",
      "Média publié",
    ]);
  });

  it("archives, unarchives, and asks before deleting a media that entries use", async () => {
    let current = await findAsset(database.db, asset.id);
    expect(
      (await post(assetPath(asset.id), { intent: "archive", version: String(current?.revision) }))
        .status,
    ).toBe(200);
    const archived = await page(assetPath(asset.id));
    expect(archived).toContain(">Archivé<");
    expect(archived).toContain(">Désarchiver<");
    expect(archived).toContain("Un média archivé ne se modifie pas");
    current = await findAsset(database.db, asset.id);
    expect(
      (await post(assetPath(asset.id), { intent: "unarchive", version: String(current?.revision) }))
        .status,
    ).toBe(200);
    current = await findAsset(database.db, asset.id);
    const asked = await post(assetPath(asset.id), {
      intent: "delete",
      version: String(current?.revision),
    });
    expect(asked.status).toBe(409);
    const html = await asked.text();
    expect(html).toContain("Ce média est utilisé par 1 contenu(s)");
    expect(html).toContain('href="/middleware/contenu/entrees/banniere-tomates/"');
    expect(html).toContain("Supprimer quand même");
    expect(await findAsset(database.db, asset.id)).not.toBeNull();
    const deleted = await post(assetPath(asset.id), {
      intent: "delete",
      version: String(current?.revision),
      confirm: "oui",
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/middleware/contenu/medias/?supprime=1");
    expect(await findAsset(database.db, asset.id)).toBeNull();
    const log = await readChangeLog(database.db, { subject: asset.id });
    expect(log.lines[0]?.action).toBe("Média supprimé");
  });
});

describe("the entry editor's picker", () => {
  type Listed = {
    items: { id: string; title: string; url: string; width: number; status: string }[];
    total: number;
  };
  const list = async (query: string) => {
    const response = await request(`${PICKER}${query}`, { headers: { cookie: session.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    return (await response.json()) as Listed;
  };

  it("lists and searches the images that are not archived, a page at a time", async () => {
    await multipart("/middleware/contenu/medias/", {
      file: new File([await png(10, 10, "#36c")], "bleu.png"),
      title: "Fromage bleu",
      description: "Une tranche de fourme d'Ambert",
    });
    const blue = await assetTitled("Fromage bleu");
    const published = await publishAsset(
      { db: database.db, by: EMAIL },
      { id: blue.id, version: blue.revision },
    );
    expect(published.publishedVersion).not.toBeNull();
    await multipart("/middleware/contenu/medias/", {
      file: new File([await png(10, 10, "#999")], "gris.png"),
      title: "Fromage archivé",
    });
    const archived = await assetTitled("Fromage archivé");
    await archiveAsset(
      { db: database.db, by: EMAIL },
      { id: archived.id, version: archived.revision },
    );

    const all = await list("");
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items.map((item) => item.title)).toContain("Plateau de fromages");
    expect(all.items.map((item) => item.title)).not.toContain("Fromage archivé");
    expect((await list("?q=archiv")).total).toBe(0);
    const found = await list("?q=fourme");
    expect(found.total).toBe(1);
    expect(found.items[0]).toEqual({
      id: blue.id,
      title: "Fromage bleu",
      description: "Une tranche de fourme d'Ambert",
      url: blue.file.url,
      width: 10,
      height: 10,
      status: "published",
    });
    const next = await list("?skip=1");
    expect(next.items.length).toBe(all.items.length - 1);
    expect(next.items[0]?.id).toBe(all.items[1]?.id);
    // Open to writers, like every content screen.
    const asWriter = await request(PICKER, { headers: { cookie: writer.cookie } });
    expect(asWriter.status).toBe(200);
  });

  it("uploads a new image and answers the asset, or the field and its French message", async () => {
    const uploaded = await multipart(PICKER, {
      file: new File([await png(12, 9)], "pain.png"),
      title: "Pain de campagne",
      description: "Une miche au levain",
    });
    expect(uploaded.status).toBe(200);
    const { asset } = (await uploaded.json()) as { asset: Listed["items"][number] };
    expect(asset).toMatchObject({
      title: "Pain de campagne",
      description: "Une miche au levain",
      width: 12,
      height: 9,
      status: "draft",
    });
    expect(asset.url).toMatch(FILE_URL);
    expect((await findAsset(database.db, asset.id))?.title).toBe("Pain de campagne");

    const refused = await multipart(PICKER, {
      file: new File([new Uint8Array(5 * 1024 * 1024 + 1)], "enorme.png"),
      title: "Trop grande",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        field: "file",
        message: "Le fichier dépasse 5 Mo : réduisez l'image avant de l'envoyer.",
      },
    });
    const untitled = await multipart(PICKER, { file: new File([await png(2, 2)], "x.png") });
    expect(await untitled.json()).toMatchObject({
      error: { field: "title", message: "Donnez un titre au média." },
    });
    // Without the form's token, nothing.
    const forged = await request(PICKER, {
      method: "POST",
      body: new FormData(),
      headers: { cookie: session.cookie },
    });
    expect(forged.status).toBe(403);
  });
});
