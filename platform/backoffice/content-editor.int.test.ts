import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/index.ts";
import {
  addStaffMember,
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  type StaffSession,
  staffFormPost,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { createEntry, findEntry, publishEntry } from "#platform/content/index.ts";
import { paragraphDocument as paragraph } from "#platform/content/testing.ts";

/**
 * The content editor (issue 50, items 2, 3, 5 and 8) through the composed server: the form made
 * from the model, a draft saved and checked, a publish that shoppers see at once, two editors on
 * one entry, the entry picker with "create and link", and what a writer may not do.
 */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";
const EDITOR = "/middleware/contenu/entrees/";

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: StaffSession;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const camille = { db: database.db, by: "camille@comptoir.test" };
  const cgv = await createEntry(camille, {
    id: "page-cgv",
    contentType: "cms",
    fields: { title: "Conditions générales", slug: "cgv", body: paragraph("Article premier.") },
  });
  await publishEntry(camille, { id: cgv.id, version: cgv.revision });
  await createEntry(camille, {
    id: "page-mentions",
    contentType: "cms",
    fields: { title: "Mentions légales", slug: "mentions" },
  });
  const question = await createEntry(camille, {
    id: "question-cadeau",
    contentType: "faq_question",
    fields: { question: "Proposez-vous des paquets cadeaux ?" },
  });
  await publishEntry(camille, { id: question.id, version: question.revision });
  await createEntry(camille, {
    id: "faq-commandes",
    contentType: "faq_category",
    fields: {
      title: "Commandes",
      slug: "commandes",
      questions: [{ sys: { type: "Link", linkType: "Entry", id: "question-cadeau" } }],
    },
  });
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

const get = (path: string, cookie = session.cookie) => request(path, { headers: { cookie } });

const post = (path: string, fields: Record<string, string>, as = session) =>
  request(path, staffFormPost(fields, as));

const version = async (id: string) => (await findEntry(database.db, id))?.revision ?? 0;

/** The message shown next to a field: the error tied to its control. */
const fieldError = (html: string, field: string) =>
  new RegExp(`id="f-f-${field}-error"[^>]*>([^<]+)<`).exec(html)?.[1];

describe("the content editor", () => {
  it("shows a form made from the model, with French labels and the links' titles", async () => {
    const html = await (await get(`${EDITOR}faq-commandes/`)).text();
    expect(html).toContain('name="f.title"');
    expect(html).toContain(">Titre *<");
    expect(html).toContain("Slug (adresse)");
    // The questions as an ordered list of links, each named by the question it leads to.
    expect(html).toContain("Proposez-vous des paquets cadeaux ?");
    expect(html).toContain("Mène à : Question de la FAQ.");
    expect(html).toContain("Ajouter un contenu");
    // The preview opens the FAQ, signed.
    expect(html).toMatch(/href="\/faq\/\?preview=[^"]+"/);
  });

  it("saves a draft, leaves the published copy, and writes the change log", async () => {
    const before = await version("page-cgv");
    const response = await post(`${EDITOR}page-cgv/`, {
      intent: "save",
      version: String(before),
      "f.title": "Conditions générales de vente",
      "f.slug": "cgv",
      "f.body": JSON.stringify(paragraph("Article premier, revu.")),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Le brouillon est enregistré.");
    const entry = await findEntry(database.db, "page-cgv");
    expect(entry?.fields.title).toBe("Conditions générales de vente");
    expect(entry?.publishedFields?.title).toBe("Conditions générales");
    const log = await readChangeLog(database.db, { subject: "page-cgv" });
    expect(log.lines[0]).toMatchObject({ action: "enregistrement", subjectType: "contenu" });
    // Shoppers still see the published title.
    expect(await (await get("/cms/cgv/", "")).text()).toContain("Conditions générales<");
  });

  it("publishes, and shoppers see the change on the next page with no stale copy", async () => {
    // The page is kept in the page cache first.
    expect(await (await get("/cms/cgv/", "")).text()).not.toContain("de vente");
    const response = await post(`${EDITOR}page-cgv/`, {
      intent: "publish",
      version: String(await version("page-cgv")),
      "f.title": "Conditions générales de vente",
      "f.slug": "cgv",
      "f.body": JSON.stringify(paragraph("Article premier, revu.")),
    });
    expect(await response.text()).toContain("Le contenu est publié");
    const page = await (await get("/cms/cgv/", "")).text();
    expect(page).toContain("Conditions générales de vente");
    expect(page).toContain("Article premier, revu.");
  });

  it("says in French, next to the field, what the model refuses, and keeps the draft", async () => {
    const response = await post(`${EDITOR}page-mentions/`, {
      intent: "publish",
      version: String(await version("page-mentions")),
      "f.title": "Mentions légales",
      "f.slug": "cgv",
      "f.seoTitle": "x".repeat(120),
    });
    const html = await response.text();
    expect(html).toContain("il n&#x27;est pas publié");
    expect(fieldError(html, "slug")).toContain("Ce slug est déjà pris");
    expect(fieldError(html, "seoTitle")).toBe("100 caractères au plus.");
    const entry = await findEntry(database.db, "page-mentions");
    expect(entry?.fields.slug).toBe("cgv");
    expect(entry?.publishedVersion).toBeNull();
  });

  it("refuses a link to a type the field does not allow, next to the field", async () => {
    const response = await post(`${EDITOR}faq-commandes/`, {
      intent: "save",
      version: String(await version("faq-commandes")),
      "f.title": "Commandes",
      "f.slug": "commandes",
      "f.questions": JSON.stringify([{ sys: { type: "Link", linkType: "Entry", id: "page-cgv" } }]),
    });
    const html = await response.text();
    expect(html).toContain("Un champ est à corriger avant de le publier.");
    expect(fieldError(html, "questions")).toBe(
      "Ce lien ne peut mener qu&#x27;à : Question de la FAQ.",
    );
  });

  it("does not save what cannot be read, and says why next to the field", async () => {
    const held = await version("page-mentions");
    const html = await (
      await post(`${EDITOR}page-mentions/`, {
        intent: "save",
        version: String(held),
        "f.title": "Mentions",
        "f.body": "{pas du json",
      })
    ).text();
    expect(html).toContain("Le brouillon n&#x27;est pas enregistré");
    expect(html).toContain("Ce texte n&#x27;a pas pu être lu");
    expect(await version("page-mentions")).toBe(held);
  });

  it("shows the second of two editors what changed meanwhile, then overwrites deliberately", async () => {
    const held = await version("page-mentions");
    const first = await post(`${EDITOR}page-mentions/`, {
      intent: "save",
      version: String(held),
      "f.title": "Mentions légales du site",
      "f.slug": "mentions",
    });
    expect(await first.text()).toContain("Le brouillon est enregistré.");
    const second = await post(`${EDITOR}page-mentions/`, {
      intent: "save",
      version: String(held),
      "f.title": "Informations légales",
      "f.slug": "mentions",
    });
    const html = await second.text();
    expect(html).toContain("enregistré par quelqu&#x27;un d&#x27;autre");
    expect(html).toContain("Modifications enregistrées entre-temps");
    expect(html).toContain("Mentions légales du site");
    expect(html).toContain("par chef@comptoir.test");
    expect((await findEntry(database.db, "page-mentions"))?.fields.title).toBe(
      "Mentions légales du site",
    );
    const current = /name="overwriteVersion" value="(\d+)"/.exec(html)?.[1] ?? "";
    const overwrite = await post(`${EDITOR}page-mentions/`, {
      intent: "overwrite",
      version: String(held),
      overwriteVersion: current,
      "f.title": "Informations légales",
      "f.slug": "mentions",
    });
    expect(await overwrite.text()).toContain("Le brouillon est enregistré.");
    expect((await findEntry(database.db, "page-mentions"))?.fields.title).toBe(
      "Informations légales",
    );
  });

  it("picks entries of the allowed types, and creates one to link", async () => {
    const found = await get("/middleware/contenu/choisir/?types=faq_question&q=cadeaux");
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({
      total: 1,
      items: [
        {
          id: "question-cadeau",
          title: "Proposez-vous des paquets cadeaux ?",
          type: "Question de la FAQ",
          status: "Publié",
        },
      ],
    });
    const none = await (await get("/middleware/contenu/choisir/?types=rien")).json();
    expect(none).toEqual({ items: [], total: 0 });
    const created = await post("/middleware/contenu/choisir/", {
      type: "faq_question",
      title: "Livrez-vous en Corse ?",
    });
    const { entry } = (await created.json()) as { entry: { id: string; title: string } };
    expect(entry.title).toBe("Livrez-vous en Corse ?");
    expect((await findEntry(database.db, entry.id))?.fields).toEqual({
      question: "Livrez-vous en Corse ?",
    });
    const refused = await post("/middleware/contenu/choisir/", { type: "faq_question", title: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Donnez un titre au nouveau contenu." });
    const forged = await request(
      "/middleware/contenu/choisir/",
      formPost({ type: "faq_question", title: "Sans jeton" }, { cookie: session.cookie }),
    );
    expect(forged.status).toBe(403);
  });

  it("creates a draft from the list and opens it", async () => {
    const response = await post("/middleware/contenu/", {
      newType: "blogpost",
      newTitle: "Les huîtres de Noël",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/middleware\/contenu\/entrees\/[^/]+\/\?cree=1$/);
    expect(await (await get(location)).text()).toContain("Le brouillon est créé.");
    const missing = await (await post("/middleware/contenu/", { newType: "blogpost" })).text();
    expect(missing).toContain("Donnez un titre au nouveau contenu.");
  });

  it("asks before deleting an entry that others link to", async () => {
    const camille = { db: database.db, by: "camille@comptoir.test" };
    await createEntry(camille, {
      id: "question-retour",
      contentType: "faq_question",
      fields: { question: "Puis-je retourner un produit ?" },
    });
    await createEntry(camille, {
      id: "faq-retours",
      contentType: "faq_category",
      fields: {
        title: "Retours",
        slug: "retours",
        questions: [{ sys: { type: "Link", linkType: "Entry", id: "question-retour" } }],
      },
    });
    const asked = await (
      await post(`${EDITOR}question-retour/`, { intent: "delete", version: "1" })
    ).text();
    expect(asked).toContain("Ce contenu est utilisé sur un autre contenu (Retours)");
    expect(await findEntry(database.db, "question-retour")).not.toBeNull();
    const confirmed = await post(`${EDITOR}question-retour/`, {
      intent: "delete",
      version: "1",
      confirm: "on",
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toContain("/middleware/contenu/?supprime=");
    expect(await findEntry(database.db, "question-retour")).toBeNull();
  });

  it("unpublishes, and shoppers no longer see the entry", async () => {
    const response = await post(`${EDITOR}page-cgv/`, {
      intent: "unpublish",
      version: String(await version("page-cgv")),
    });
    expect(await response.text()).toContain("Le contenu est dépublié");
    expect((await get("/cms/cgv/", "")).status).toBe(404);
  });

  it("lets a writer save drafts, and not publish", async () => {
    const writer = await addStaffMember(request, session, {
      name: "Rose Rédactrice",
      email: "rose@comptoir.test",
      role: "writer",
    });
    const html = await (await get(`${EDITOR}page-mentions/`, writer.cookie)).text();
    expect(html).toContain("Enregistrer le brouillon");
    expect(html).not.toContain("Enregistrer et publier");
    const saved = await post(
      `${EDITOR}page-mentions/`,
      { intent: "save", version: String(await version("page-mentions")), "f.title": "Mentions" },
      writer,
    );
    expect(await saved.text()).toContain("Le brouillon est enregistré.");
    const publish = await post(
      `${EDITOR}page-mentions/`,
      { intent: "publish", version: String(await version("page-mentions")), "f.title": "Mentions" },
      writer,
    );
    expect(publish.status).toBe(403);
    expect((await findEntry(database.db, "page-mentions"))?.publishedVersion).toBeNull();
    // Nor open the orders, customers or staff screens.
    for (const screen of ["/middleware/orders/", "/middleware/customers/", "/middleware/staff/"]) {
      expect((await get(screen, writer.cookie)).status, screen).toBe(403);
    }
  });
});
