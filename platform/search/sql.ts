import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";

/** A database or a transaction: the search functions join the caller's transaction if given one. */
export type SearchExecutor = Db | Tx;

/** The rows of a raw query; both drivers put them in `.rows`. */
export async function rows<T>(db: SearchExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An `int[]` value from one parameter (a JSON text, which both drivers pass the same way). */
export function intArray(values: readonly number[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::int)`;
}

/** A `text[]` value from one parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/**
 * Runs `work` in a transaction with the setting `name` at `value` for its statements, put back
 * as it was after, so that a caller's transaction is left as found.
 */
export async function withLocalSetting<T>(
  db: SearchExecutor,
  name: string,
  value: string,
  work: (tx: SearchExecutor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [setting] = await rows<{ previous: string | null }>(
      tx,
      sql`select current_setting(${name}, true) as previous, set_config(${name}, ${value}, true)`,
    );
    const result = await work(tx);
    const previous = setting?.previous;
    if (previous != null) await tx.execute(sql`select set_config(${name}, ${previous}, true)`);
    return result;
  });
}
