import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { readChangeLog } from "#platform/backoffice/change-log.ts";
import { can, permissionForPath } from "#platform/backoffice/roles.ts";
import {
  changeStaff,
  createStaff,
  listStaff,
  type Staff,
  StaffError,
  staffForSession,
} from "#platform/backoffice/staff.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
  signInStaff,
  type TestRequest,
} from "#platform/backoffice/testing.ts";

/**
 * Staff and roles (issue 19, item 6) through the composed server: an administrator adds a
 * colleague from the `staff` screen; roles are enforced on the server for every screen's loader,
 * action and data request; the account rules hold under concurrent changes.
 */
const ADMIN = { email: "direction@comptoir.test", password: "un mot de passe solide" };

let database: Database;
let server: Awaited<ReturnType<typeof composeSignedInServer>>;
let request: TestRequest;
let admin: Staff;

beforeAll(async () => {
  database = await createAdminTestDatabase(ADMIN);
  server = await composeSignedInServer(database, ADMIN);
  request = server.request;
  const [first] = await listStaff(database.db);
  if (!first) throw new Error("no administrator");
  admin = first;
}, 180_000);

afterAll(() => closeTestServer(server, database));

const asAdmin = (fields: Record<string, string>) =>
  request(
    "/middleware/staff/",
    formPost({ ...fields, _csrf: server.session.csrf }, { cookie: server.session.cookie }),
  );

/** Creates an account from the staff screen; its temporary password, read off the page. */
async function addColleague(name: string, email: string, role: string): Promise<string> {
  const response = await asAdmin({ intent: "create", name, email, role });
  const html = await response.text();
  expect(response.status, html.slice(0, 500)).toBe(200);
  expect(html).toContain(`Compte créé pour ${name}`);
  const password = /id="temporary-password"[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (!password) throw new Error("no temporary password on the page");
  return password;
}

describe("the staff screen", () => {
  it("lets an administrator add an editor, logged, with a temporary password shown once", async () => {
    const password = await addColleague("Camille Durand", "Camille@Comptoir.test", "editor");
    expect(password.length).toBeGreaterThanOrEqual(16);
    const accounts = await listStaff(database.db);
    expect(accounts.find((a) => a.email === "camille@comptoir.test")).toMatchObject({
      name: "Camille Durand",
      role: "editor",
      disabled: false,
    });
    const { lines } = await readChangeLog(database.db, { subject: "camille@comptoir.test" });
    expect(lines[0]).toMatchObject({ action: "staff-create", staffEmail: ADMIN.email });
    // The list shows the account; the password is not on the page any more.
    const page = await (
      await request("/middleware/staff/", { headers: { cookie: server.session.cookie } })
    ).text();
    expect(page).toContain("camille@comptoir.test");
    expect(page).not.toContain(password);
  });

  it("refuses a second account for an address, and a bad form, changing nothing", async () => {
    const before = (await listStaff(database.db)).length;
    const twice = await asAdmin({
      intent: "create",
      name: "Autre Camille",
      email: "camille@comptoir.test",
      role: "editor",
    });
    expect(await twice.text()).toContain("Un compte existe déjà avec cette adresse e-mail.");
    const noRole = await asAdmin({
      intent: "create",
      name: "X",
      email: "x@comptoir.test",
      role: "chef",
    });
    expect(await noRole.text()).toContain("Choisissez un rôle.");
    const noAddress = await asAdmin({
      intent: "create",
      name: "Y",
      email: "pas une adresse",
      role: "editor",
    });
    expect(await noAddress.text()).toContain("Saisissez une adresse e-mail valide");
    expect((await listStaff(database.db)).length).toBe(before);
  });
});

describe("roles on the server", () => {
  it("opens an editor's screens and answers 403 on the others, changing nothing", async () => {
    const password = await addColleague("Éric Éditeur", "eric@comptoir.test", "editor");
    const editor = await signInStaff(request, { email: "eric@comptoir.test", password });
    const get = (path: string) => request(path, { headers: { cookie: editor.cookie } });
    expect((await get("/middleware/dashboard/")).status).toBe(200);
    expect((await get("/middleware/products/")).status).toBe(200);
    const staffScreen = await get("/middleware/staff/");
    expect(staffScreen.status).toBe(403);
    expect(await staffScreen.text()).toContain("Accès refusé : votre rôle (Éditeur)");
    expect((await get("/middleware/odp-list/")).status).toBe(403);
    expect((await get("/middleware/staff.data")).status).toBe(403);
    // The sidebar shows only what the role opens.
    const dashboard = await (await get("/middleware/dashboard/")).text();
    expect(dashboard).toContain('href="/middleware/products/"');
    expect(dashboard).not.toContain('href="/middleware/staff/"');
    expect(dashboard).not.toContain('href="/middleware/odp-list/"');
    expect(dashboard).not.toContain('href="/middleware/customers/"');
    expect((await get("/middleware/customers/")).status).toBe(403);

    const before = await listStaff(database.db);
    const forbidden = await request(
      "/middleware/staff/",
      formPost(
        {
          intent: "create",
          name: "Intrus",
          email: "intrus@comptoir.test",
          role: "admin",
          _csrf: editor.csrf,
        },
        { cookie: editor.cookie },
      ),
    );
    expect(forbidden.status).toBe(403);
    expect(await listStaff(database.db)).toEqual(before);
  });

  it("opens an operator's orders and closes the catalogue", async () => {
    const password = await addColleague("Olivia Opératrice", "olivia@comptoir.test", "operator");
    const operator = await signInStaff(request, { email: "olivia@comptoir.test", password });
    const get = (path: string) => request(path, { headers: { cookie: operator.cookie } });
    expect((await get("/middleware/odp-list/")).status).toBe(200);
    expect((await get("/middleware/outbox/")).status).toBe(200);
    expect((await get("/middleware/customers/")).status).toBe(200);
    expect((await get("/middleware/products/")).status).toBe(403);
    expect((await get("/middleware/product-price/")).status).toBe(403);
  });

  it("opens a writer's content screens and nothing else", async () => {
    const password = await addColleague("Rose Rédactrice", "rose@comptoir.test", "writer");
    const writer = await signInStaff(request, { email: "rose@comptoir.test", password });
    const get = (path: string) => request(path, { headers: { cookie: writer.cookie } });
    expect((await get("/middleware/dashboard/")).status).toBe(200);
    expect((await get("/middleware/purge/")).status).toBe(200);
    for (const screen of ["products", "orders", "customers", "staff", "odp-list", "promotions"]) {
      const closed = await get(`/middleware/${screen}/`);
      expect(closed.status, screen).toBe(403);
      expect(await closed.text()).toContain("Accès refusé : votre rôle (Rédacteur)");
    }
    expect(can("writer", "content")).toBe(true);
    expect(can("writer", "publish")).toBe(false);
    expect(can("editor", "publish")).toBe(true);
  });

  it("closes a screen that has no place among the permissions to everyone but administrators", () => {
    expect(permissionForPath("/middleware/a-new-screen/")).toBe("settings");
    expect(permissionForPath("/middleware/")).toBe("dashboard");
    expect(permissionForPath("/middleware/products/miel/")).toBe("catalogue");
  });
});

describe("account changes", () => {
  it("disables an account and ends its sessions; a new password does too", async () => {
    const password = await addColleague("Paul Partant", "paul@comptoir.test", "editor");
    const paul = await signInStaff(request, { email: "paul@comptoir.test", password });
    const [account] = (await listStaff(database.db)).filter(
      (a) => a.email === "paul@comptoir.test",
    );
    if (!account) throw new Error("no account");
    const disabled = await asAdmin({ intent: "disable", id: String(account.id) });
    expect(await disabled.text()).toContain("Le compte de Paul Partant est désactivé");
    const after = await request("/middleware/dashboard/", { headers: { cookie: paul.cookie } });
    expect(after.status).toBe(302);
    await asAdmin({ intent: "enable", id: String(account.id) });
    const again = await signInStaff(request, { email: "paul@comptoir.test", password });
    const reset = await asAdmin({ intent: "password", id: String(account.id) });
    expect(await reset.text()).toContain("Nouveau mot de passe provisoire pour Paul Partant");
    const token = decodeURIComponent(again.cookie.split("=")[1] ?? "");
    expect(await staffForSession(database.db, token, new Date())).toBeNull();
  });

  it("never leaves the shop without an active administrator, even under concurrent changes", async () => {
    await expect(
      changeStaff(database.db, admin, admin.id, { kind: "role", role: "editor" }),
    ).rejects.toThrow("Vous ne pouvez pas retirer vos propres droits d'administrateur.");
    const second = await createStaff(database.db, {
      email: "seconde@comptoir.test",
      name: "Seconde Administratrice",
      role: "admin",
      password: "un autre mot de passe",
    });
    // Each administrator demotes the other at the same time: one of them must stay.
    const results = await Promise.allSettled([
      changeStaff(database.db, admin, second.id, { kind: "disable" }),
      changeStaff(database.db, second, admin.id, { kind: "disable" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(StaffError);
    const active = (await listStaff(database.db)).filter((a) => a.role === "admin" && !a.disabled);
    expect(active).toHaveLength(1);
  });
});
