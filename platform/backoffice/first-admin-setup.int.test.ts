import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  createFirstAdministrator,
  issueSetupToken,
  SETUP_TOKEN_MINUTES,
  SetupError,
  setupTokenState,
} from "#platform/backoffice/first-admin-setup.ts";
import { adminSetupToken, adminStaff } from "#platform/backoffice/schema.ts";
import { StaffError } from "#platform/backoffice/staff.ts";
import { closeTestServer, composeTestServer, formPost } from "#platform/backoffice/testing.ts";
import { prepareDatabase } from "#server/boot.ts";
import { createLogger } from "#server/logger.ts";
import { testEnv } from "#server/test-env.ts";

/**
 * The first administrator made in the browser from the one-time link a start with no
 * administrator prints: valid once and for SETUP_TOKEN_MINUTES, from the office addresses only,
 * and never a second administrator.
 */
const NOW = new Date("2026-11-24T09:00:00.000Z");
const LATER = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const PASSWORD = "un mot de passe solide";
const OUTSIDE = "203.0.113.9";

const admins = (database: Database) =>
  database.db.select().from(adminStaff).where(eq(adminStaff.role, "admin"));

describe("a setup token", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("is kept hashed, works for 30 minutes, and the last one issued replaces the others", async () => {
    const first = (await issueSetupToken(database.db, NOW)) ?? expect.unreachable();
    const second = (await issueSetupToken(database.db, NOW)) ?? expect.unreachable();
    expect(second.expiresAt).toEqual(LATER(SETUP_TOKEN_MINUTES));
    const rows = await database.db.select().from(adminSetupToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(second.token);
    expect(await setupTokenState(database.db, first.token, NOW)).toBe("unknown");
    expect(await setupTokenState(database.db, second.token, LATER(29))).toBe("valid");
    expect(await setupTokenState(database.db, second.token, LATER(30))).toBe("expired");
  });

  it("refuses an expired token, and a password or confirmation the rules refuse, creating nobody", async () => {
    const { token } = (await issueSetupToken(database.db, NOW)) ?? expect.unreachable();
    const input = {
      token,
      email: "chef@comptoir.test",
      password: PASSWORD,
      confirmation: PASSWORD,
    };
    await expect(createFirstAdministrator(database.db, input, LATER(31))).rejects.toThrow(
      "Ce lien de création du premier administrateur a expiré.",
    );
    await expect(
      createFirstAdministrator(
        database.db,
        { ...input, password: "court", confirmation: "court" },
        NOW,
      ),
    ).rejects.toThrow(StaffError);
    await expect(
      createFirstAdministrator(database.db, { ...input, confirmation: `${PASSWORD}!` }, NOW),
    ).rejects.toThrow("Les deux mots de passe ne sont pas identiques.");
    expect(await admins(database)).toHaveLength(0);
    // Refusals leave the link working.
    expect(await setupTokenState(database.db, token, NOW)).toBe("valid");
  });

  it("creates one administrator once: the same token, or another one, makes no second", async () => {
    const { token } = (await issueSetupToken(database.db, NOW)) ?? expect.unreachable();
    // A second link printed by a start that raced this one.
    const other = (await issueSetupToken(database.db, NOW)) ?? expect.unreachable();
    const input = { email: "Chef@Comptoir.test", password: PASSWORD, confirmation: PASSWORD };
    const created = await createFirstAdministrator(
      database.db,
      { ...input, token: other.token },
      NOW,
    );
    expect(created).toMatchObject({ email: "chef@comptoir.test", role: "admin" });
    await expect(
      createFirstAdministrator(
        database.db,
        { ...input, token: other.token, email: "b@comptoir.test" },
        NOW,
      ),
    ).rejects.toThrow(SetupError);
    await expect(
      createFirstAdministrator(database.db, { ...input, token, email: "c@comptoir.test" }, NOW),
    ).rejects.toThrow("Un administrateur existe déjà");
    expect(await admins(database)).toHaveLength(1);
    expect(await setupTokenState(database.db, other.token, NOW)).toBe("admin-exists");
    expect(await issueSetupToken(database.db, NOW)).toBeNull();
  });
});

describe("the setup link in the composed server", () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof composeTestServer>> | undefined;
  let token: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await composeTestServer(database);
    token = ((await issueSetupToken(database.db, new Date())) ?? expect.unreachable()).token;
  }, 120_000);
  afterAll(() => closeTestServer(server, database));

  const fields = () => ({
    token,
    email: "chef@comptoir.test",
    password: PASSWORD,
    confirmation: PASSWORD,
  });

  it("sends a client outside the allow-list home, form and post alike, creating nobody", async () => {
    const { request } = server ?? expect.unreachable();
    const page = await request(`/middleware/setup/?token=${token}`, {}, OUTSIDE);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
    for (const path of ["/middleware/setup/", "/middleware/setup/_.data"]) {
      const post = await request(path, formPost(fields()), OUTSIDE);
      expect(post.status, path).toBe(302);
      expect(post.headers.get("location"), path).toBe("/");
    }
    expect(await admins(database)).toHaveLength(0);
  });

  it("answers an unknown link with a French message and no form", async () => {
    const { request } = server ?? expect.unreachable();
    const page = await request("/middleware/setup/?token=nope");
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("n&#x27;est pas valide");
    expect(html).not.toContain('name="password"');
  });

  it("shows the form, says what is wrong, then creates the administrator who signs in", async () => {
    const { request } = server ?? expect.unreachable();
    const page = await request(`/middleware/setup/?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Créer le premier administrateur");
    expect(html).toContain("Confirmation du mot de passe");

    const mismatch = await request(
      "/middleware/setup/",
      formPost({ ...fields(), confirmation: "autre chose encore" }),
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Les deux mots de passe ne sont pas identiques.");

    const created = await request("/middleware/setup/", formPost(fields()));
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/middleware/login/?created=1");
    const login = await (await request("/middleware/login/?created=1")).text();
    expect(login).toContain("Le compte administrateur est créé : connectez-vous.");
    const signedIn = await request(
      "/middleware/login/",
      formPost({ email: "chef@comptoir.test", password: PASSWORD, next: "" }),
    );
    expect(signedIn.status).toBe(302);
  });

  it("then answers the link with a clear French message, and makes no second administrator", async () => {
    const { request } = server ?? expect.unreachable();
    const page = await request(`/middleware/setup/?token=${token}`);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Un administrateur existe déjà : ce lien ne sert plus.");
    const again = await request(
      "/middleware/setup/",
      formPost({ ...fields(), email: "deux@comptoir.test" }),
    );
    expect(again.status).toBe(403);
    expect(await again.text()).toContain("Un administrateur existe déjà");
    expect((await admins(database)).map((admin) => admin.email)).toEqual(["chef@comptoir.test"]);
  });
});

describe("a start with no administrator", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("prints the one-time setup link and where the outbox is", async () => {
    let output = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const env = testEnv({ SEED_ON_START: "false", PUBLIC_URL: "http://localhost:3000" });
    await prepareDatabase(env, database, createLogger({ LOG_LEVEL: "info" }, stream));
    const link = /http:\/\/localhost:3000\/middleware\/setup\/\?token=([\w-]+)/.exec(output);
    expect(link, output).not.toBeNull();
    expect(await setupTokenState(database.db, link?.[1] ?? "", new Date())).toBe("valid");
    expect(output).toContain("http://localhost:3000/middleware/outbox/");
    expect(output).not.toContain("set ADMIN_EMAIL and ADMIN_PASSWORD to open /middleware/");
  });
});
