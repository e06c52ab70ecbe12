import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import { createStaff, ensureFirstAdmin, listStaff } from "#platform/backoffice/staff.ts";
import {
  closeTestServer,
  composeSignedInServer,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";
import { listSearchSynonyms, SYNONYM_MESSAGES } from "#platform/search/index.ts";

/**
 * The synonyms screen (issue 22) through the composed server: an editor adds, changes and deletes
 * synonyms; bad input is refused on its field in French, with what was typed kept and nothing
 * written; every change is in the change log; the storefront's search follows at once (the edit
 * is published, the kept rules and search pages dropped), with no rebuild; operators get 403.
 */
const ADMIN = { email: "direction@comptoir.test", password: "un mot de passe solide" };
const EDITOR = { email: "eric@comptoir.test", password: "un autre mot de passe" };
const OPERATOR = { email: "olivia@comptoir.test", password: "un autre mot de passe" };
const SCREEN = "/middleware/synonymes/";
const SHOPPER = "203.0.113.9";
/** A demo product that says « crémant », never « mousseux ». */
const CREMANT = "Crémant de Loire AOC brut";

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let request: TestRequest;
let editor: { cookie: string; csrf: string };

beforeAll(async () => {
  // The demo shop: its catalogue, indexed, and its demo synonyms.
  database = await createTestDatabase({ seeded: true });
  await ensureFirstAdmin(database.db, ADMIN);
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

/** The storefront's search page, as a shopper gets it. */
const search = (term: string) => request(`/search/?q=${encodeURIComponent(term)}`, {}, SHOPPER);

const mousseux = async () =>
  (await listSearchSynonyms(database.db)).find((row) => row.term === "mousseux");

/** React escapes quotes and apostrophes in the HTML it writes. */
const html = (text: string) => text.replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("the synonyms screen", () => {
  it("adds a synonym, logged, listed, and followed by the storefront's search at once", async () => {
    expect(await (await search("mousseux")).text()).not.toContain(CREMANT);
    // A results page kept by the page cache must not outlive an edit.
    expect(await (await search("brut")).text()).toContain(CREMANT);
    expect((await search("brut")).headers.get("x-cache")).toBe("HIT");
    const before = (await listSearchSynonyms(database.db)).length;

    const created = await post({
      intent: "save",
      term: "Mousseux",
      replacements: "crémant",
      kind: "equivalent",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`${SCREEN}?enregistre=mousseux`);
    const listed = await page("?enregistre=mousseux");
    expect(listed).toContain("Synonyme enregistré : « mousseux ».");
    expect(listed).toContain("Modifier mousseux");
    expect(listed).toContain("Équivalents");
    expect(await listSearchSynonyms(database.db)).toHaveLength(before + 1);

    expect(await (await search("mousseux")).text()).toContain(CREMANT);
    expect((await search("brut")).headers.get("x-cache")).toBe("MISS");

    const { lines } = await readChangeLog(database.db, { subject: "mousseux" });
    expect(lines[0]).toMatchObject({
      staffEmail: EDITOR.email,
      action: "synonym-create",
      subjectType: "search-synonym",
      changes: expect.arrayContaining([
        { field: "term", before: undefined, after: "mousseux" },
        { field: "replacements", before: undefined, after: "crémant" },
      ]),
    });
  });

  it("refuses bad input on its field, in French, keeps what was typed and writes nothing", async () => {
    const before = await listSearchSynonyms(database.db);
    const res = await post({
      intent: "save",
      term: "MOUSSEUX",
      replacements: "vin qui pique",
      kind: "equivalent",
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(html("Le synonyme n'est pas enregistré : corrigez le formulaire."));
    expect(text).toContain(html(SYNONYM_MESSAGES.equivalentWords));
    // What was typed is sent back to be corrected, the kind chosen too.
    expect(text).toContain('value="MOUSSEUX"');
    expect(text).toContain('value="vin qui pique"');
    expect(/<input[^>]*value="equivalent"[^>]*>/.exec(text)?.[0]).toContain("checked");

    const taken = await (
      await post({ intent: "save", term: "MOUSSEUX", replacements: "cava", kind: "one-way" })
    ).text();
    expect(taken).toContain(html(SYNONYM_MESSAGES.termTaken("mousseux")));

    const empty = await (await post({ intent: "save", term: "", replacements: "" })).text();
    expect(empty).toContain(html(SYNONYM_MESSAGES.termMissing));
    expect(empty).toContain(html(SYNONYM_MESSAGES.replacementsMissing));
    expect(empty).toContain(html(SYNONYM_MESSAGES.kindMissing));
    expect(await listSearchSynonyms(database.db)).toEqual(before);
  });

  it("changes a synonym from its edit form, logged with its values before and after", async () => {
    const row = await mousseux();
    if (!row) throw new Error("no synonym");
    expect(await page(`?modifier=${row.id}`)).toContain("Modifier le synonyme mousseux");
    const changed = await post({
      intent: "save",
      id: String(row.id),
      term: "mousseux",
      replacements: "crémant, champagne",
      kind: "equivalent",
    });
    expect(changed.status).toBe(302);
    expect((await mousseux())?.replacements).toEqual(["crémant", "champagne"]);
    const { lines } = await readChangeLog(database.db, { subject: "mousseux" });
    expect(lines[0]).toMatchObject({
      action: "synonym-update",
      changes: [{ field: "replacements", before: "crémant", after: "crémant, champagne" }],
    });
    expect(await (await search("mousseux")).text()).toContain("Champagne brut");
  });

  it("deletes a synonym, logged; the search stops finding through it at once", async () => {
    const row = await mousseux();
    if (!row) throw new Error("no synonym");
    const res = await post({ intent: "delete", id: String(row.id) });
    expect(await res.text()).toContain("Le synonyme « mousseux » est supprimé.");
    expect(await mousseux()).toBeUndefined();
    expect(await (await search("mousseux")).text()).not.toContain(CREMANT);
    const { lines } = await readChangeLog(database.db, { subject: "mousseux" });
    expect(lines[0]).toMatchObject({ action: "synonym-delete" });
    const again = await post({ intent: "delete", id: String(row.id) });
    expect(await again.text()).toContain(html(SYNONYM_MESSAGES.notFound));
  });

  it("is a catalogue screen: operators get 403 and no link; the index screen links it", async () => {
    const operator = await signInStaff(request, OPERATOR);
    const res = await request(SCREEN, { headers: { cookie: operator.cookie } });
    expect(res.status).toBe(403);
    const write = await post(
      { intent: "save", term: "pq", replacements: "papier toilette", kind: "one-way" },
      operator,
    );
    expect(write.status).toBe(403);
    expect(
      (await listSearchSynonyms(database.db)).find((row) => row.term === "pq"),
    ).toBeUndefined();
    const dashboard = await (
      await request("/middleware/dashboard/", { headers: { cookie: operator.cookie } })
    ).text();
    expect(dashboard).not.toContain(`href="${SCREEN}"`);
    expect(await page()).toContain(`href="${SCREEN}"`);
    const index = await (
      await request("/middleware/algolia/", { headers: { cookie: editor.cookie } })
    ).text();
    expect(index).toContain(`href="${SCREEN}"`);
  });
});
