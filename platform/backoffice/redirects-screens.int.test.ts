import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import { createStaff, listStaff } from "#platform/backoffice/staff.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import {
  findUrlRedirect,
  listUrlRedirects,
  URL_REDIRECT_MESSAGES,
} from "#platform/commerce/index.ts";

/**
 * The redirects screen (issue 21) through the composed server: an editor creates, changes and
 * deletes redirects; bad input is refused on its field in French with nothing written; every
 * change is in the change log; a shopper is redirected at once; operators get 403.
 */
const ADMIN = { email: "direction@comptoir.test", password: "un mot de passe solide" };
const EDITOR = { email: "eric@comptoir.test", password: "un autre mot de passe" };
const OPERATOR = { email: "olivia@comptoir.test", password: "un autre mot de passe" };
const SCREEN = "/middleware/redirects/";
const SHOPPER = "203.0.113.9";

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let request: TestRequest;
let editor: { cookie: string; csrf: string };

beforeAll(async () => {
  database = await createAdminTestDatabase(ADMIN);
  server = await composeSignedInServer(database, ADMIN);
  request = server.request;
  const [admin] = await listStaff(database.db);
  if (!admin) throw new Error("no administrator");
  await createStaff(database.db, { name: "Éric", role: "editor", ...EDITOR }, admin);
  await createStaff(database.db, { name: "Olivia", role: "operator", ...OPERATOR }, admin);
  editor = await signInStaff(request, EDITOR);
}, 180_000);

afterAll(() => closeTestServer(server, database));

const post = (fields: Record<string, string>, session = editor) =>
  request(SCREEN, formPost({ ...fields, _csrf: session.csrf }, { cookie: session.cookie }));

const page = async (query = "") =>
  (await request(`${SCREEN}${query}`, { headers: { cookie: editor.cookie } })).text();

/** React escapes quotes and apostrophes in the HTML it writes. */
const html = (text: string) => text.replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("the redirects screen", () => {
  it("creates a redirect, logged, listed, and followed by the storefront at once", async () => {
    const created = await post({
      intent: "save",
      path: "/Ancienne-Boutique/",
      target: "/magasin/",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`${SCREEN}?enregistre=%2Fancienne-boutique`);
    expect(await findUrlRedirect(database.db, "/ancienne-boutique")).toMatchObject({
      path: "/ancienne-boutique",
      target: "/magasin/",
      updatedBy: EDITOR.email,
    });
    const listed = await page("?enregistre=%2Fancienne-boutique");
    expect(listed).toContain("La redirection de « /ancienne-boutique » est enregistrée.");
    expect(listed).toContain("Modifier /ancienne-boutique");

    const shopper = await request("/ancienne-boutique/", {}, SHOPPER);
    expect(shopper.status).toBe(301);
    expect(shopper.headers.get("location")).toBe("/magasin/");

    const { lines } = await readChangeLog(database.db, { subject: "/ancienne-boutique" });
    expect(lines[0]).toMatchObject({
      staffEmail: EDITOR.email,
      action: "redirect-create",
      subjectType: "url-redirect",
      changes: [
        { field: "path", before: undefined, after: "/ancienne-boutique" },
        { field: "target", before: undefined, after: "/magasin/" },
      ],
    });
  });

  it("refuses bad input on its field, in French, and writes nothing", async () => {
    const before = await listUrlRedirects(database.db);
    const res = await post({ intent: "save", path: "ancienne", target: "javascript:alert(1)" });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("La redirection n&#x27;est pas enregistrée : corrigez le formulaire.");
    expect(text).toContain(html(URL_REDIRECT_MESSAGES.pathFormat));
    expect(text).toContain(html(URL_REDIRECT_MESSAGES.targetFormat));
    // The input is sent back to be corrected.
    expect(text).toContain('value="javascript:alert(1)"');

    const duplicate = await (
      await post({ intent: "save", path: "/ancienne-boutique", target: "/blog/" })
    ).text();
    expect(duplicate).toContain(html(URL_REDIRECT_MESSAGES.pathTaken("/ancienne-boutique")));
    const chain = await (
      await post({ intent: "save", path: "/tres-ancienne", target: "/ancienne-boutique/" })
    ).text();
    expect(chain).toContain(
      html(URL_REDIRECT_MESSAGES.targetRedirected("/ancienne-boutique/", "/magasin/")),
    );
    expect((await listUrlRedirects(database.db)).total).toBe(before.total);
    expect((await readChangeLog(database.db, { subject: "/tres-ancienne" })).lines).toHaveLength(0);
  });

  it("changes a redirect from its edit form, logged with its values before and after", async () => {
    const row = await findUrlRedirect(database.db, "/ancienne-boutique");
    if (!row) throw new Error("no redirect");
    const form = await page(`?modifier=${row.id}`);
    expect(form).toContain("Modifier la redirection /ancienne-boutique");
    const changed = await post({
      intent: "save",
      id: String(row.id),
      path: "/ancienne-boutique",
      target: "/blog/",
    });
    expect(changed.status).toBe(302);
    expect((await findUrlRedirect(database.db, "/ancienne-boutique"))?.target).toBe("/blog/");
    const { lines } = await readChangeLog(database.db, { subject: "/ancienne-boutique" });
    expect(lines[0]).toMatchObject({
      action: "redirect-update",
      changes: [{ field: "target", before: "/magasin/", after: "/blog/" }],
    });
    const shopper = await request("/ancienne-boutique/", {}, SHOPPER);
    expect(shopper.headers.get("location")).toBe("/blog/");
  });

  it("searches the list", async () => {
    await post({ intent: "save", path: "/vieux-blog", target: "https://exemple.fr/" });
    const found = await page("?q=exemple.fr");
    expect(found).toContain("Modifier /vieux-blog");
    expect(found).not.toContain("Modifier /ancienne-boutique");
    expect(await page("?q=introuvable")).toContain("Aucune redirection.");
  });

  it("deletes a redirect, logged; the old address answers 404 again", async () => {
    const row = await findUrlRedirect(database.db, "/ancienne-boutique");
    if (!row) throw new Error("no redirect");
    const res = await post({ intent: "delete", id: String(row.id) });
    expect(await res.text()).toContain("La redirection de « /ancienne-boutique » est supprimée.");
    expect(await findUrlRedirect(database.db, "/ancienne-boutique")).toBeUndefined();
    expect((await request("/ancienne-boutique/", {}, SHOPPER)).status).toBe(404);
    const { lines } = await readChangeLog(database.db, { subject: "/ancienne-boutique" });
    expect(lines[0]).toMatchObject({ action: "redirect-delete" });
    const again = await post({ intent: "delete", id: String(row.id) });
    expect(await again.text()).toContain(html(URL_REDIRECT_MESSAGES.notFound));
  });

  it("is an editor's screen: operators get 403 and no link to it", async () => {
    const operator = await signInStaff(request, OPERATOR);
    const res = await request(SCREEN, { headers: { cookie: operator.cookie } });
    expect(res.status).toBe(403);
    const write = await post({ intent: "save", path: "/x", target: "/blog/" }, operator);
    expect(write.status).toBe(403);
    expect(await findUrlRedirect(database.db, "/x")).toBeUndefined();
    expect(await page()).toContain('href="/middleware/redirects/"');
  });
});
