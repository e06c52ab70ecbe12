import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { adminAuditLog, adminStaff } from "#platform/backoffice/schema.ts";
import {
  createStaff,
  csrfTokenFor,
  ensureFirstAdmin,
  isValidCsrf,
  recordChange,
  SESSION_HOURS,
  StaffError,
  signIn,
  signOut,
  staffForSession,
} from "#platform/backoffice/staff.ts";

let database: Database;
const NOW = new Date("2026-11-24T09:00:00Z");
const PASSWORD = "un mot de passe solide";

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("staff accounts", () => {
  it("creates the first administrator once, whatever later starts say", async () => {
    const first = await ensureFirstAdmin(database.db, {
      email: "Chef@Comptoir.test",
      password: PASSWORD,
    });
    expect(first).toMatchObject({ email: "chef@comptoir.test", role: "admin" });
    const again = await ensureFirstAdmin(database.db, {
      email: "autre@comptoir.test",
      password: PASSWORD,
    });
    expect(again).toBeNull();
    const admins = await database.db.select().from(adminStaff).where(eq(adminStaff.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("refuses a short password and an address already used, creating nothing", async () => {
    await expect(
      createStaff(database.db, {
        email: "x@comptoir.test",
        name: "X",
        role: "editor",
        password: "court",
      }),
    ).rejects.toThrow(StaffError);
    await expect(
      createStaff(database.db, {
        email: "CHEF@comptoir.test",
        name: "Y",
        role: "editor",
        password: PASSWORD,
      }),
    ).rejects.toThrow("Un compte existe déjà");
    const rows = await database.db.select().from(adminStaff);
    expect(rows.map((row) => row.email)).toEqual(["chef@comptoir.test"]);
  });
});

describe("sessions", () => {
  it("signs in with the right password only, and never stores the token itself", async () => {
    expect(
      await signIn(
        database.db,
        { email: "chef@comptoir.test", password: "faux mot de passe" },
        NOW,
      ),
    ).toBeNull();
    expect(
      await signIn(database.db, { email: "nobody@comptoir.test", password: PASSWORD }, NOW),
    ).toBeNull();
    const session = await signIn(
      database.db,
      { email: " CHEF@comptoir.test ", password: PASSWORD },
      NOW,
    );
    expect(session?.staff.email).toBe("chef@comptoir.test");
    const token = session?.token ?? "";
    const stored = await database.db.execute(`select token_hash from admin_session`);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await staffForSession(database.db, token, NOW)).toMatchObject({
      email: "chef@comptoir.test",
    });
  });

  it("ends a session at its expiry and on sign-out", async () => {
    const session = await signIn(
      database.db,
      { email: "chef@comptoir.test", password: PASSWORD },
      NOW,
    );
    const token = session?.token ?? "";
    const later = new Date(NOW.getTime() + SESSION_HOURS * 3_600_000);
    expect(await staffForSession(database.db, token, later)).toBeNull();
    expect(await staffForSession(database.db, token, NOW)).not.toBeNull();
    await signOut(database.db, token);
    expect(await staffForSession(database.db, token, NOW)).toBeNull();
  });

  it("ends the sessions of a disabled account", async () => {
    const editor = await createStaff(database.db, {
      email: "redaction@comptoir.test",
      name: "Rédaction",
      role: "editor",
      password: PASSWORD,
    });
    const session = await signIn(database.db, { email: editor.email, password: PASSWORD }, NOW);
    await database.db
      .update(adminStaff)
      .set({ disabledAt: NOW })
      .where(eq(adminStaff.id, editor.id));
    expect(await staffForSession(database.db, session?.token ?? "", NOW)).toBeNull();
    expect(await signIn(database.db, { email: editor.email, password: PASSWORD }, NOW)).toBeNull();
  });
});

describe("CSRF tokens", () => {
  it("accept the session's own token only", () => {
    const token = csrfTokenFor("session-a");
    expect(isValidCsrf("session-a", token)).toBe(true);
    expect(isValidCsrf("session-b", token)).toBe(false);
    expect(isValidCsrf("session-a", null)).toBe(false);
    expect(isValidCsrf("session-a", `${token}x`)).toBe(false);
  });
});

describe("the change log", () => {
  it("keeps who changed what, with the values before and after", async () => {
    const [chef] = await database.db.select().from(adminStaff).where(eq(adminStaff.role, "admin"));
    if (!chef) throw new Error("no admin");
    await recordChange(database.db, {
      staff: chef,
      action: "price",
      subjectType: "product",
      subjectId: "42",
      before: { price: 1250 },
      after: { price: 1190 },
    });
    const [line] = await database.db.select().from(adminAuditLog);
    expect(line).toMatchObject({
      staffEmail: "chef@comptoir.test",
      action: "price",
      subjectId: "42",
      before: { price: 1250 },
      after: { price: 1190 },
    });
  });
});
