import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  adminAuditLog,
  adminSession,
  adminStaff,
  type StaffRole,
} from "#platform/backoffice/schema.ts";
import { hashPassword, verifyPassword } from "#platform/commerce/index.ts";

/** A staff session lasts a working day; signing in again starts a new one. */
export const SESSION_HOURS = 12;
/** Staff passwords guard the whole shop: longer than customers' (OWASP: 12+ without MFA). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export type Staff = { id: number; email: string; name: string; role: StaffRole };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class StaffError extends Error {}

/**
 * Creates a staff account; refuses a short password, an address that is not one, or one already
 * used. Created from the admin area, `actor` is written to the change log in the same
 * transaction.
 */
export async function createStaff(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password: string },
  actor?: Staff,
): Promise<Staff> {
  if (input.password.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new StaffError(
      `Le mot de passe doit compter au moins ${STAFF_PASSWORD_MIN_LENGTH} caractères.`,
    );
  }
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new StaffError("Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.");
  }
  if (!input.name.trim()) throw new StaffError("Saisissez le nom de la personne.");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(adminStaff)
      .values({ email, name: input.name.trim(), role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new StaffError("Un compte existe déjà avec cette adresse e-mail.");
    if (actor) {
      await tx.insert(adminAuditLog).values({
        staffId: actor.id,
        staffEmail: actor.email,
        action: "staff-create",
        subjectType: "staff",
        subjectId: created.email,
        before: null,
        after: { name: created.name, role: created.role },
        createdAt: sql`now()`,
      });
    }
    return toStaff(created);
  });
}

/**
 * At start: when no administrator exists yet, the one of `ADMIN_EMAIL` / `ADMIN_PASSWORD` is
 * created. Later starts leave accounts alone (a changed password is changed in the admin area).
 */
export async function hasAdministrator(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: adminStaff.id })
    .from(adminStaff)
    .where(eq(adminStaff.role, "admin"))
    .limit(1);
  return Boolean(existing);
}

export async function ensureFirstAdmin(
  db: Db,
  admin: { email: string; password: string },
): Promise<Staff | null> {
  if (await hasAdministrator(db)) return null;
  return createStaff(db, { ...admin, name: "Administrateur", role: "admin" });
}

/** Checks an email and password; on success opens a session and returns its secret token. */
export async function signIn(
  db: Db,
  credentials: { email: string; password: string },
  now: Date,
): Promise<{ staff: Staff; token: string; expiresAt: Date } | null> {
  const [row] = await db
    .select()
    .from(adminStaff)
    .where(
      and(eq(adminStaff.email, normaliseEmail(credentials.email)), isNull(adminStaff.disabledAt)),
    );
  // Without an account, hash anyway: the answer takes as long either way.
  const matches = await verifyPassword(
    credentials.password,
    row?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!row || !matches) return null;

  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.delete(adminSession).where(lt(adminSession.expiresAt, now));
    await tx
      .insert(adminSession)
      .values({ tokenHash: sha256(token), staffId: row.id, expiresAt, createdAt: now });
    await tx.update(adminStaff).set({ lastSignInAt: now }).where(eq(adminStaff.id, row.id));
  });
  return { staff: toStaff(row), token, expiresAt };
}

/** The staff member of a session token, or null when unknown, expired or disabled. */
export async function staffForSession(db: Db, token: string, now: Date): Promise<Staff | null> {
  const [row] = await db
    .select({ staff: adminStaff })
    .from(adminSession)
    .innerJoin(adminStaff, eq(adminStaff.id, adminSession.staffId))
    .where(
      and(
        eq(adminSession.tokenHash, sha256(token)),
        gt(adminSession.expiresAt, now),
        isNull(adminStaff.disabledAt),
      ),
    );
  return row ? toStaff(row.staff) : null;
}

export async function signOut(db: Db, token: string): Promise<void> {
  await db.delete(adminSession).where(eq(adminSession.tokenHash, sha256(token)));
}

/**
 * The CSRF token of a session's forms: derived from the session's secret, so it needs no storage
 * and is worthless without the httpOnly cookie it comes from.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac("sha256", sessionToken).update("comptoir-admin-csrf").digest("base64url");
}

/** Whether a submitted form carries its session's CSRF token (constant-time). */
export function isValidCsrf(sessionToken: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Writes one line of the change log (`products-maj-log`). */
export async function recordChange(
  db: Db,
  change: {
    staff: Staff;
    action: string;
    subjectType: string;
    subjectId: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(adminAuditLog).values({
    staffId: change.staff.id,
    staffEmail: change.staff.email,
    action: change.action,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    before: change.before ?? null,
    after: change.after ?? null,
    createdAt: sql`now()`,
  });
}

function toStaff(row: typeof adminStaff.$inferSelect): Staff {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

let dummyHash: Promise<string> | undefined;

/** A valid hash of a random password, made once: compared against when the email is unknown. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

// ---------------------------------------------------------------------------------------------
// Staff management (admins only: the `staff` screen)

export type StaffAccount = Staff & {
  disabled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
};

/** Every account, administrators first, then by name. */
export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select().from(adminStaff).orderBy(adminStaff.role, adminStaff.name);
  const rank = (role: StaffRole) => (role === "admin" ? 0 : 1);
  return rows
    .map((row) => ({
      ...toStaff(row),
      disabled: row.disabledAt !== null,
      lastSignInAt: row.lastSignInAt,
      createdAt: row.createdAt,
    }))
    .sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name, "fr"));
}

export type StaffChange =
  | { kind: "role"; role: StaffRole }
  | { kind: "disable" }
  | { kind: "enable" }
  | { kind: "password"; password: string };

/**
 * Changes one account for `actor`, in one transaction with its change-log line. Disabling an
 * account or giving it a new password ends its sessions. Refused (StaffError, nothing changed):
 * an unknown account, a short password, and anything that would leave the shop without an
 * active administrator or lock the actor out of the account management itself.
 */
export async function changeStaff(
  db: Db,
  actor: Staff,
  staffId: number,
  change: StaffChange,
): Promise<StaffAccount> {
  if (change.kind === "password" && change.password.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new StaffError(
      `Le mot de passe doit compter au moins ${STAFF_PASSWORD_MIN_LENGTH} caractères.`,
    );
  }
  const passwordHash = change.kind === "password" ? await hashPassword(change.password) : null;
  return db.transaction(async (tx) => {
    // Staff changes are rare: one at a time, so the last-administrator rule holds under races.
    await tx.execute(sql`lock table ${adminStaff} in share row exclusive mode`);
    const [row] = await tx.select().from(adminStaff).where(eq(adminStaff.id, staffId));
    if (!row) throw new StaffError("Ce compte n'existe pas.");
    const losesAdmin =
      row.role === "admin" &&
      row.disabledAt === null &&
      (change.kind === "disable" || (change.kind === "role" && change.role !== "admin"));
    if (losesAdmin) {
      if (row.id === actor.id) {
        throw new StaffError("Vous ne pouvez pas retirer vos propres droits d'administrateur.");
      }
      const [others] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(adminStaff)
        .where(
          and(
            eq(adminStaff.role, "admin"),
            isNull(adminStaff.disabledAt),
            sql`${adminStaff.id} <> ${row.id}`,
          ),
        );
      if (Number(others?.count ?? 0) === 0) {
        throw new StaffError("La boutique doit garder au moins un administrateur actif.");
      }
    }
    const values =
      change.kind === "role"
        ? { role: change.role }
        : change.kind === "disable"
          ? { disabledAt: row.disabledAt ?? new Date() }
          : change.kind === "enable"
            ? { disabledAt: null }
            : { passwordHash: passwordHash ?? row.passwordHash };
    const [updated] = await tx
      .update(adminStaff)
      .set(values)
      .where(eq(adminStaff.id, staffId))
      .returning();
    if (!updated) throw new StaffError("Ce compte n'existe pas.");
    if (change.kind === "disable" || change.kind === "password") {
      await tx.delete(adminSession).where(eq(adminSession.staffId, staffId));
    }
    const summary = (r: typeof row) => ({ role: r.role, disabled: r.disabledAt !== null });
    await tx.insert(adminAuditLog).values({
      staffId: actor.id,
      staffEmail: actor.email,
      action: change.kind === "password" ? "staff-password" : `staff-${change.kind}`,
      subjectType: "staff",
      subjectId: row.email,
      before: change.kind === "password" ? null : summary(row),
      after: change.kind === "password" ? null : summary(updated),
      createdAt: sql`now()`,
    });
    return {
      ...toStaff(updated),
      disabled: updated.disabledAt !== null,
      lastSignInAt: updated.lastSignInAt,
      createdAt: updated.createdAt,
    };
  });
}

/** A temporary password to hand a colleague: 16 characters of base64url (96 random bits). */
export function temporaryPassword(): string {
  return randomBytes(12).toString("base64url");
}
