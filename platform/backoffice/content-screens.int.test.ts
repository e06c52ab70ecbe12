import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  addStaffMember,
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  type StaffSession,
  staffPage,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { createAsset, createEntry, publishEntry } from "#platform/content/index.ts";

/**
 * The content screens of the admin area (issue 50, item 1) through the composed server: the
 * entries by type, status, last editor and words; one entry with its fields, what uses it and its
 * published versions; the media grid; and who may open them.
 */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";
const NOW = new Date("2026-12-03T09:00:00.000Z");

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: StaffSession;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const camille = { db: database.db, by: "camille@comptoir.test", now: NOW };
  const question = await createEntry(camille, {
    id: "question-dimanche",
    contentType: "faq_question",
    fields: {
      question: "Livrez-vous le dimanche ?",
      answer: {
        nodeType: "document",
        data: {},
        content: [
          {
            nodeType: "paragraph",
            data: {},
            content: [
              { nodeType: "text", value: "Oui, de 9 h à 13 h à Paris.", marks: [], data: {} },
            ],
          },
        ],
      },
    },
  });
  await publishEntry(camille, { id: question.id, version: question.revision });
  await createEntry(
    { db: database.db, by: "louis@comptoir.test", now: NOW },
    {
      id: "categorie-livraison",
      contentType: "faq_category",
      fields: {
        title: "Livraison",
        slug: "livraison",
        questions: [{ sys: { type: "Link", linkType: "Entry", id: "question-dimanche" } }],
      },
    },
  );
  await createAsset(camille, {
    id: "photo-comte",
    fields: {
      title: "Comté 24 mois",
      description: "Une meule de comté affiné 24 mois",
      file: {
        url: "/cdn/images/content/comte.jpg",
        fileName: "comte.jpg",
        contentType: "image/jpeg",
      },
    },
  });
  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

const page = (path: string) => staffPage(request, path, session);

describe("the content screens", () => {
  it("list the entries, newest change first, with their type and status in French", async () => {
    const html = await page("/middleware/contenu/");
    expect(html).toContain("2 contenu(s) — page 1 sur 1");
    expect(html).toContain('href="/middleware/contenu/entrees/question-dimanche/"');
    expect(html).toContain("Question de la FAQ");
    expect(html).toContain("Catégorie de la FAQ");
    expect(html).toContain(">Publié<");
    expect(html).toContain(">Brouillon<");
    // The sidebar leads here.
    expect(html).toContain('href="/middleware/contenu/"');
  });

  it("filter by type, status, last editor and words", async () => {
    const byType = await page("/middleware/contenu/?type=faq_category");
    expect(byType).toContain("1 contenu(s)");
    expect(byType).toContain("Livraison");
    const published = await page("/middleware/contenu/?statut=published");
    expect(published).toContain("Livrez-vous le dimanche ?");
    expect(published).not.toContain("categorie-livraison");
    const byEditor = await page(
      `/middleware/contenu/?par=${encodeURIComponent("louis@comptoir.test")}`,
    );
    expect(byEditor).toContain("1 contenu(s)");
    expect(byEditor).toContain("Livraison");
    // Words of a rich-text answer find their question.
    const words = await page("/middleware/contenu/?q=13%20h");
    expect(words).toContain("Livrez-vous le dimanche ?");
    expect(words).not.toContain("categorie-livraison");
    expect(await page("/middleware/contenu/?q=introuvable")).toContain(
      "Aucun contenu ne correspond.",
    );
    // An unknown type or status is no filter at all, not an error.
    expect(await page("/middleware/contenu/?type=rien&statut=rien")).toContain("2 contenu(s)");
  });

  it("show one entry's fields, the entries that use it, and its published versions", async () => {
    const html = await page("/middleware/contenu/entrees/question-dimanche/");
    expect(html).toContain("Livrez-vous le dimanche ?");
    expect(html).toContain("Oui, de 9 h à 13 h à Paris.");
    expect(html).toContain("Utilisé sur");
    expect(html).toContain('href="/middleware/contenu/entrees/categorie-livraison/"');
    expect(html).toContain("Version 1, publiée le");
    expect(html).toContain("par camille@comptoir.test");
    const category = await page("/middleware/contenu/entrees/categorie-livraison/");
    // A link shows the title of what it points at.
    expect(category).toContain("Livrez-vous le dimanche ?");
    expect(category).toContain("Ce contenu n&#x27;a pas encore été publié.");
    const missing = await request("/middleware/contenu/entrees/rien/", {
      headers: { cookie: session.cookie },
    });
    expect(missing.status).toBe(404);
  });

  it("show the media in a grid, searched by title, description and file name", async () => {
    const html = await page("/middleware/contenu/medias/?q=meule");
    expect(html).toContain("1 média(s)");
    expect(html).toContain('src="/cdn/images/content/comte.jpg"');
    expect(html).toContain("Comté 24 mois");
    expect(await page("/middleware/contenu/medias/?q=brie")).toContain(
      "Aucun média ne correspond.",
    );
  });

  it("open to a writer, and closed to an operator", async () => {
    const writer = await addStaffMember(request, session, {
      name: "Rose Rédactrice",
      email: "rose@comptoir.test",
      role: "writer",
    });
    const asWriter = await request("/middleware/contenu/", { headers: { cookie: writer.cookie } });
    expect(asWriter.status).toBe(200);
    const operator = await addStaffMember(request, session, {
      name: "Olivia Opératrice",
      email: "olivia@comptoir.test",
      role: "operator",
    });
    const asOperator = await request("/middleware/contenu/", {
      headers: { cookie: operator.cookie },
    });
    expect(asOperator.status).toBe(403);
  });
});
