import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { userDocument } from "#platform/documents/schema.ts";

/**
 * Saved user documents with CouchDB-style revisions. A write names the revision it last read
 * (none for the first write); exactly one of several writes naming the same revision wins, decided
 * by the database in one statement: a conditional UPDATE … WHERE rev = given, or for the first
 * write an INSERT … ON CONFLICT DO NOTHING. The losers change nothing and learn of the conflict.
 */

export type StoredDocument = {
  key: string;
  ownerCustomerId: number;
  rev: string;
  body: Record<string, unknown>;
};

export type WriteOutcome = { ok: true; rev: string } | { ok: false; reason: "conflict" };

/** A revision: `{n}-{32 hex}`, n counting the writes since the document was created. */
export const REVISION_PATTERN = /^([1-9]\d{0,9})-[0-9a-f]{32}$/;

/** The next revision after `previous` (none for a new document), derived from the content. */
export function nextRevision(previous: string | undefined, body: unknown): string {
  const generation = previous ? Number(REVISION_PATTERN.exec(previous)?.[1] ?? 0) + 1 : 1;
  const digest = createHash("sha256")
    .update(previous ?? "")
    .update(JSON.stringify(body))
    .digest("hex")
    .slice(0, 32);
  return `${generation}-${digest}`;
}

export async function readDocument(db: Db | Tx, key: string): Promise<StoredDocument | undefined> {
  const [row] = await db
    .select({
      key: userDocument.key,
      ownerCustomerId: userDocument.ownerCustomerId,
      rev: userDocument.rev,
      body: userDocument.body,
    })
    .from(userDocument)
    .where(eq(userDocument.key, key));
  return row;
}

/**
 * Writes a document if `rev` is its current revision (or, without `rev`, if it does not exist
 * yet), for its owner only. Anything else is a conflict and changes nothing.
 */
export async function writeDocument(
  db: Db | Tx,
  write: {
    key: string;
    ownerCustomerId: number;
    rev?: string | null;
    body: Record<string, unknown>;
  },
  now: Date,
): Promise<WriteOutcome> {
  const given = write.rev ?? undefined;
  if (given !== undefined && !REVISION_PATTERN.test(given))
    return { ok: false, reason: "conflict" };
  const rev = nextRevision(given, write.body);
  const written =
    given === undefined
      ? await db
          .insert(userDocument)
          .values({
            key: write.key,
            ownerCustomerId: write.ownerCustomerId,
            rev,
            body: write.body,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ rev: userDocument.rev })
      : await db
          .update(userDocument)
          .set({ rev, body: write.body, updatedAt: now })
          .where(
            and(
              eq(userDocument.key, write.key),
              eq(userDocument.rev, given),
              eq(userDocument.ownerCustomerId, write.ownerCustomerId),
            ),
          )
          .returning({ rev: userDocument.rev });
  return written.length === 1 ? { ok: true, rev } : { ok: false, reason: "conflict" };
}
