/**
 * Page purges sent with a write's commit (issue 51): `purgeKeysAtCommit(tx, keys)` queues a
 * PostgreSQL notification that the database delivers when the transaction commits, and only
 * then, to every instance of the shop listening on the invalidation channel (server/
 * invalidation.ts), this one included; PGlite delivers it the same way, in-process. A page read
 * between the write and its commit is thus never kept past the purge, and a write made by
 * another process on the same PostgreSQL (a script, `npm run seed`) purges too.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { ALL_PAGES_KEY, keyBatches } from "#platform/surrogate-keys.ts";

export const INVALIDATION_CHANNEL = "comptoir_invalidation";
/** The origin of notices sent at commit: every instance applies them, the sender's too. */
const AT_COMMIT_ORIGIN = "commit";
/**
 * PostgreSQL refuses a notification of 8000 bytes or more. Keys of at most this many bytes,
 * written as JSON (3 bytes a key more than space-separated, keys of 3 bytes at least), stay below.
 */
const NOTICE_KEY_BYTES = 5000;
/** Past this many notices a write purges every page instead (an import, a seed). */
const MOST_NOTICES = 20;

/** The payloads that purge `keys`: as few notices as fit, or one that purges every page. */
export function purgeNotices(keys: readonly string[]): string[] {
  const notice = (batch: string[]) =>
    JSON.stringify({ origin: AT_COMMIT_ORIGIN, event: { kind: "keys", keys: batch } });
  const batches = keyBatches(keys, NOTICE_KEY_BYTES);
  return batches.length > MOST_NOTICES ? [notice([ALL_PAGES_KEY])] : batches.map(notice);
}

/** Purges the pages named by `keys`, everywhere, when `tx` commits (never if it rolls back). */
export async function purgeKeysAtCommit(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const payload of purgeNotices(keys)) {
    await tx.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
  }
}
