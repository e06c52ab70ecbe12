import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { adminSetupToken } from "#platform/backoffice/schema.ts";
import {
  createStaff,
  hasAdministrator,
  type Staff,
  StaffError,
} from "#platform/backoffice/staff.ts";

/**
 * The first administrator, made in the browser: a start that finds no administrator (and no
 * ADMIN_EMAIL / ADMIN_PASSWORD) prints a one-time link `/middleware/setup/?token=…` on the
 * console. The token is kept hashed with its expiry; it creates one administrator, once, and
 * none once an administrator exists. The admin guard keeps the link to the office addresses
 * (ADMIN_ALLOWLIST), as every `/middleware` path.
 */

/** How long a printed link works: a newcomer opens it right after the start. */
export const SETUP_TOKEN_MINUTES = 30;
export const SETUP_PATH = "/middleware/setup/";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** What a setup link is worth right now. */
export type SetupTokenState = "valid" | "unknown" | "used" | "expired" | "admin-exists";

/** The French sentence for a link that cannot create anyone. */
export const SETUP_REFUSALS: Record<Exclude<SetupTokenState, "valid">, string> = {
  unknown:
    "Ce lien de création du premier administrateur n'est pas valide. Redémarrez la boutique pour en obtenir un nouveau.",
  used: "Ce lien de création du premier administrateur a déjà servi. Redémarrez la boutique pour en obtenir un nouveau.",
  expired:
    "Ce lien de création du premier administrateur a expiré. Redémarrez la boutique pour en obtenir un nouveau.",
  "admin-exists":
    "Un administrateur existe déjà : ce lien ne sert plus. Connectez-vous avec votre compte, ou demandez-en un à un administrateur.",
};

export class SetupError extends Error {}

/**
 * A new setup link's token when no administrator exists (null otherwise). The links printed at
 * earlier starts stop working: only the last one printed opens the form.
 */
export async function issueSetupToken(
  db: Db,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  if (await hasAdministrator(db)) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.delete(adminSetupToken).where(isNull(adminSetupToken.usedAt));
    await tx
      .insert(adminSetupToken)
      .values({ tokenHash: sha256(token), expiresAt, createdAt: now });
  });
  return { token, expiresAt };
}

/** Whether `token` would create the first administrator at `now`, and if not, why. */
export async function setupTokenState(db: Db, token: string, now: Date): Promise<SetupTokenState> {
  if (await hasAdministrator(db)) return "admin-exists";
  if (!token) return "unknown";
  const [row] = await db
    .select()
    .from(adminSetupToken)
    .where(eq(adminSetupToken.tokenHash, sha256(token)));
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/**
 * Creates the first administrator with a setup link's token: the token is spent and the account
 * made in one transaction, under a lock, so two submissions (or two links) never make two
 * administrators. Refuses with a `SetupError` (French message) when the token is not valid, or
 * a `StaffError` for a password or address the staff rules refuse (the token then stays valid).
 */
export async function createFirstAdministrator(
  db: Db,
  input: { token: string; email: string; password: string; confirmation: string },
  now: Date,
): Promise<Staff> {
  if (input.password !== input.confirmation) {
    throw new StaffError("Les deux mots de passe ne sont pas identiques.");
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('comptoir-first-administrator'))`);
    const state = await setupTokenState(tx, input.token, now);
    if (state !== "valid") throw new SetupError(SETUP_REFUSALS[state]);
    const [spent] = await tx
      .update(adminSetupToken)
      .set({ usedAt: now })
      .where(
        and(
          eq(adminSetupToken.tokenHash, sha256(input.token)),
          isNull(adminSetupToken.usedAt),
          gt(adminSetupToken.expiresAt, now),
        ),
      )
      .returning({ tokenHash: adminSetupToken.tokenHash });
    if (!spent) throw new SetupError(SETUP_REFUSALS.used);
    // A refused password or address rolls the transaction back: the link still works.
    return createStaff(tx, {
      email: input.email,
      password: input.password,
      name: "Administrateur",
      role: "admin",
    });
  });
}
