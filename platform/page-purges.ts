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
import { ALL_PAGES_KEY } from "#platform/surrogate-keys.ts";

export const INVALIDATION_CHANNEL = "comptoir_invalidation";
/** The origin of notices sent at commit: every instance applies them, the sender's too. */
export const AT_COMMIT_ORIGIN = "commit";
/** PostgreSQL refuses a notification of 8000 bytes or more: keys go in notices below this. */
const NOTICE_BYTES = 7000;
/** Past this many notices a write purges every page instead (an import, a seed). */
const MOST_NOTICES = 20;

/** The payloads that purge `keys`: as few notices as fit, or one that purges every page. */
export function purgeNotices(keys: readonly string[]): string[] {
  const notice = (batch: string[]) =>
    JSON.stringify({ origin: AT_COMMIT_ORIGIN, event: { kind: "keys", keys: batch } });
  const notices: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const key of new Set(keys)) {
    if (bytes + key.length + 3 > NOTICE_BYTES && batch.length > 0) {
      notices.push(notice(batch));
      batch = [];
      bytes = 0;
    }
    batch.push(key);
    bytes += key.length + 3;
  }
  if (batch.length > 0) notices.push(notice(batch));
  return notices.length > MOST_NOTICES ? [notice([ALL_PAGES_KEY])] : notices;
}

/** Purges the pages named by `keys`, everywhere, when `tx` commits (never if it rolls back). */
export async function purgeKeysAtCommit(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const payload of purgeNotices(keys)) {
    await tx.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
  }
}
