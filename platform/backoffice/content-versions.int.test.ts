import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import {
  addStaffMember,
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  type StaffSession,
  staffFormPost,
  staffPage,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import {
  archiveEntry,
  createEntry,
  findEntry,
  listSnapshots,
  publishEntry,
  unpublishEntry,
  updateEntry,
} from "#platform/content/index.ts";
import { paragraphDocument as paragraph } from "#platform/content/testing.ts";

/**
 * The version history screen (issue 50, item 4) through the composed server: a published version
 * of an entry beside its draft, field by field, the entry's other versions, and the restoring of
 * one as the draft (held version, change log, archived entries, who may).
 */
const EMAIL = "chef@comptoir.test";
const PASSWORD = "un mot de passe solide";
const NOW = new Date("2026-12-03T09:00:00.000Z");
const ENTRY = "page-livraison";

const FIRST = {
  title: "Livraison",
  slug: "livraison",
  body: paragraph("Nous livrons Paris du mardi au samedi."),
  seoTitle: "Livraison à Paris",
};
const SECOND = {
  title: "Livraison à domicile",
  slug: "livraison",
  body: paragraph("Nous livrons Paris et la petite couronne tous les jours."),
  seoDescription: "Nos créneaux de livraison.",
};

let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let database: Database;
let request: TestRequest;
let session: StaffSession;
let first: string;
let second: string;
let foreign: string;
let archived: string;

beforeAll(async () => {
  database = await createAdminTestDatabase({ email: EMAIL, password: PASSWORD });
  const camille = { db: database.db, by: "camille@comptoir.test", now: NOW };
  const louis = { db: database.db, by: "louis@comptoir.test", now: NOW };
  let entry = await createEntry(camille, { id: ENTRY, contentType: "cms", fields: FIRST });
  entry = await publishEntry(camille, { id: ENTRY, version: entry.revision });
  entry = await updateEntry(louis, { id: ENTRY, version: entry.revision, fields: SECOND });
  await publishEntry(louis, { id: ENTRY, version: entry.revision });
  const snapshots = (await listSnapshots(database.db, ENTRY)).items;
  second = snapshots[0]?.id ?? "";
  first = snapshots[1]?.id ?? "";

  const other = await createEntry(camille, {
    id: "page-cgv",
    contentType: "cms",
    fields: { title: "Conditions générales de vente", slug: "cgv" },
  });
  await publishEntry(camille, { id: other.id, version: other.revision });
  foreign = (await listSnapshots(database.db, other.id)).items[0]?.id ?? "";

  let old = await createEntry(camille, {
    id: "page-ancienne",
    contentType: "cms",
    fields: { title: "Ancienne page", slug: "ancienne" },
  });
  old = await publishEntry(camille, { id: old.id, version: old.revision });
  old = await unpublishEntry(camille, { id: old.id });
  await archiveEntry(camille, { id: old.id, version: old.revision });
  archived = (await listSnapshots(database.db, old.id)).items[0]?.id ?? "";

  server = await composeSignedInServer(database, { email: EMAIL, password: PASSWORD });
  ({ request, session } = server);
});

afterAll(() => closeTestServer(server, database));

const versionPath = (snapshotId: string, entryId = ENTRY) =>
  `/middleware/contenu/entrees/${entryId}/versions/${snapshotId}/`;

const page = (path: string, cookie = session.cookie) => staffPage(request, path, { cookie });

/** The comparison table's row of the field named `name`. */
const row = (html: string, name: string) =>
  html.split("<tr").find((one) => one.includes(`<th scope="row">${name}</th>`)) ?? "";

const restore = (
  snapshotId: string,
  version: number,
  who: StaffSession = session,
  entryId = ENTRY,
) => request(versionPath(snapshotId, entryId), staffFormPost({ version: String(version) }, who));

describe("the version screen", () => {
  it("compares a published version with the draft, every field of the type marked", async () => {
    const html = await page(versionPath(first));
    expect(html).toContain("Page de contenu");
    expect(html).toContain("Version 1, publiée le");
    expect(html).toContain("par camille@comptoir.test");
    for (const heading of ["Champ", "Cette version", "Brouillon actuel"]) {
      expect(html).toContain(`<th scope="col">${heading}</th>`);
    }
    expect(row(html, "Titre")).toContain("<td>Livraison</td>");
    expect(row(html, "Titre")).toContain("<td>Livraison à domicile</td>");
    expect(row(html, "Titre")).toContain(">Modifié<");
    expect(row(html, "Slug (adresse)")).toContain(">Identique<");
    expect(row(html, "Corps du texte")).toContain("Nous livrons Paris du mardi au samedi.");
    expect(row(html, "Corps du texte")).toContain(">Modifié<");
    // The draft dropped the SEO title and gained a description since this version.
    expect(row(html, "Titre SEO")).toContain(">Retiré<");
    expect(row(html, "Description SEO")).toContain(">Ajouté<");
    // A field empty on both sides is listed too.
    expect(row(html, "Image")).toContain(">Identique<");
    expect(html).toContain("La version restaurée devient le brouillon");
    expect(html).toContain("Restaurer cette version");
    // The other versions, and the way back to the entry.
    expect(html).toContain(`href="${versionPath(second)}"`);
    expect(html).toContain("Version 3, publiée le");
    expect(html).toContain(`href="/middleware/contenu/entrees/${ENTRY}/"`);
  });

  it("shows the changed fields alone on request", async () => {
    const all = await page(versionPath(first));
    expect(all).toContain(`href="${versionPath(first)}?changes=1"`);
    const html = await page(`${versionPath(first)}?changes=1`);
    expect(row(html, "Titre")).toContain(">Modifié<");
    expect(row(html, "Slug (adresse)")).toBe("");
    expect(html).not.toContain(">Identique<");
    expect(html).toContain("4 champ(s) sur 6 diffèrent");
    // The latest version is the draft: nothing differs.
    const same = await page(`${versionPath(second)}?changes=1`);
    expect(same).toContain("Le brouillon actuel est identique à cette version.");
  });

  it("answers 404 for a missing entry, a missing version and another entry's version", async () => {
    for (const path of [
      versionPath(first, "rien"),
      versionPath("rien"),
      versionPath(foreign),
      versionPath(first, "page-cgv"),
    ]) {
      const response = await request(path, { headers: { cookie: session.cookie } });
      expect(response.status, path).toBe(404);
    }
    const html = await (
      await request(versionPath(foreign), { headers: { cookie: session.cookie } })
    ).text();
    expect(html).toContain("introuvable");
    expect((await restore(foreign, 4)).status).toBe(404);
  });

  it("restores a version as the draft, leaves the published copy, writes the change log", async () => {
    const before = await findEntry(database.db, ENTRY);
    const response = await restore(first, before?.revision ?? 0);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/middleware/contenu/entrees/${ENTRY}/?restauree=1`,
    );
    const after = await findEntry(database.db, ENTRY);
    expect(after?.fields).toEqual(FIRST);
    expect(after?.publishedFields).toEqual(SECOND);
    expect(after?.publishedVersion).toBe(before?.publishedVersion);
    expect(after?.revision).toBe((before?.revision ?? 0) + 1);
    expect(after?.updatedBy).toBe(EMAIL);
    const [line] = await database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "restauration"), eq(adminAuditLog.subjectId, ENTRY)));
    expect(line?.subjectType).toBe("contenu");
    expect(line?.staffEmail).toBe(EMAIL);
    expect(line?.before).toEqual(SECOND);
    expect(line?.after).toEqual(FIRST);
    // The comparison now finds the draft identical to the version restored.
    expect(await page(`${versionPath(first)}?changes=1`)).toContain(
      "Le brouillon actuel est identique à cette version.",
    );
  });

  it("refuses a restore over a newer save, in French, and restores nothing", async () => {
    const current = await findEntry(database.db, ENTRY);
    const response = await restore(second, (current?.revision ?? 0) - 1);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Quelqu&#x27;un a enregistré ce contenu entre-temps");
    expect(html).toContain("Recharger la page");
    expect((await findEntry(database.db, ENTRY))?.revision).toBe(current?.revision);
    expect((await findEntry(database.db, ENTRY))?.fields).toEqual(FIRST);
  });

  it("refuses to restore an archived entry", async () => {
    const entry = await findEntry(database.db, "page-ancienne");
    const html = await page(versionPath(archived, "page-ancienne"));
    expect(html).toContain("Un contenu archivé ne peut pas être modifié.");
    expect(html).not.toContain(">Restaurer cette version</button>");
    const response = await restore(archived, entry?.revision ?? 0, session, "page-ancienne");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Un contenu archivé ne peut pas être modifié.");
    expect((await findEntry(database.db, "page-ancienne"))?.revision).toBe(entry?.revision);
  });

  it("refuses a form without its CSRF token", async () => {
    const current = await findEntry(database.db, ENTRY);
    const response = await request(
      versionPath(second),
      formPost({ version: String(current?.revision) }, { cookie: session.cookie }),
    );
    expect(response.status).toBe(403);
    expect((await findEntry(database.db, ENTRY))?.revision).toBe(current?.revision);
  });

  it("lets a writer restore, and keeps out a role without the content screens", async () => {
    const writer = await addStaffMember(request, session, {
      name: "Rose Rédactrice",
      email: "rose@comptoir.test",
      role: "writer",
    });
    expect((await page(versionPath(second), writer.cookie)).length).toBeGreaterThan(0);
    const current = await findEntry(database.db, ENTRY);
    const response = await restore(second, current?.revision ?? 0, writer);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/middleware/contenu/entrees/${ENTRY}/?restauree=3`,
    );
    const after = await findEntry(database.db, ENTRY);
    expect(after?.fields).toEqual(SECOND);
    expect(after?.updatedBy).toBe("rose@comptoir.test");

    const operator = await addStaffMember(request, session, {
      name: "Olivia Opératrice",
      email: "olivia@comptoir.test",
      role: "operator",
    });
    const read = await request(versionPath(first), { headers: { cookie: operator.cookie } });
    expect(read.status).toBe(403);
    const write = await restore(first, after?.revision ?? 0, operator);
    expect(write.status).toBe(403);
    expect((await findEntry(database.db, ENTRY))?.revision).toBe(after?.revision);
  });
});
