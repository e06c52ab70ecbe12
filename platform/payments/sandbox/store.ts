import { and, desc, eq, gt, lt, type SQL } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { randomId } from "#platform/payments/processor.ts";
import { noSuchObject } from "./errors.ts";
import { paymentSandboxObject } from "./schema.ts";

/**
 * The test provider's objects, kept as Stripe answers them. Lists are Stripe's: newest first,
 * pages of `limit` (1 to 100, 10 by default) after `starting_after` or before `ending_before`.
 */

export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Stripe's id prefixes, by object. */
const PREFIXES: Record<string, string> = {
  "checkout.session": "cs_test_",
  payment_intent: "pi_",
  setup_intent: "seti_",
  payment_method: "pm_",
  customer: "cus_",
  charge: "ch_",
  refund: "re_",
  event: "evt_",
};

/** A new id with Stripe's prefix (letters only: a dump can be searched for card numbers). */
export function newId(object: string): string {
  const prefix = PREFIXES[object];
  if (!prefix) throw new Error(`No id prefix for ${object}`);
  return randomId(prefix);
}

/** Unix seconds, as Stripe's timestamps. */
export function unixTime(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

type Columns = { customer?: string | null; status?: string | null; parent?: string | null };

export async function insertObject(db: Db | Tx, data: StripeObject, columns: Columns = {}) {
  await db.insert(paymentSandboxObject).values({
    id: data.id,
    object: data.object,
    created: typeof data.created === "number" ? data.created : 0,
    data,
    customer: columns.customer ?? null,
    status: columns.status ?? null,
    parent: columns.parent ?? null,
  });
}

export async function saveObject(db: Db | Tx, data: StripeObject, columns: Columns = {}) {
  await db
    .update(paymentSandboxObject)
    .set({ data, ...columns })
    .where(eq(paymentSandboxObject.id, data.id));
}

/** An object of a kind, locked for update when `lock`; Stripe's 404 when there is none. */
export async function getObject<T extends StripeObject = StripeObject>(
  db: Db | Tx,
  object: string,
  id: string,
  options: { lock?: boolean; kind?: string; param?: string } = {},
): Promise<T> {
  const query = db
    .select({ data: paymentSandboxObject.data })
    .from(paymentSandboxObject)
    .where(and(eq(paymentSandboxObject.id, id), eq(paymentSandboxObject.object, object)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw noSuchObject(options.kind ?? object.replace(/^.*\./, ""), id, options.param);
  return row.data as T;
}

export async function findObject(db: Db | Tx, id: string): Promise<StripeObject | null> {
  const [row] = await db
    .select({ data: paymentSandboxObject.data })
    .from(paymentSandboxObject)
    .where(eq(paymentSandboxObject.id, id));
  return (row?.data as StripeObject | undefined) ?? null;
}

export type ListPage = { limit?: number; startingAfter?: string; endingBefore?: string };

export type StripeList = {
  object: "list";
  data: StripeObject[];
  has_more: boolean;
  url: string;
};

/** A page of one kind of object, newest first, as Stripe's list endpoints answer. */
export async function listObjects(
  db: Db | Tx,
  object: string,
  filters: SQL[],
  page: ListPage,
  url: string,
): Promise<StripeList> {
  const limit = page.limit ?? 10;
  const conditions = [eq(paymentSandboxObject.object, object), ...filters];
  const cursorId = page.startingAfter ?? page.endingBefore;
  if (cursorId) {
    const [cursor] = await db
      .select({ seq: paymentSandboxObject.seq })
      .from(paymentSandboxObject)
      .where(and(eq(paymentSandboxObject.id, cursorId), eq(paymentSandboxObject.object, object)));
    if (!cursor) {
      throw noSuchObject(
        object.replace(/^.*\./, ""),
        cursorId,
        page.startingAfter ? "starting_after" : "ending_before",
      );
    }
    conditions.push(
      page.startingAfter
        ? lt(paymentSandboxObject.seq, cursor.seq)
        : gt(paymentSandboxObject.seq, cursor.seq),
    );
  }
  const rows = await db
    .select({ data: paymentSandboxObject.data, seq: paymentSandboxObject.seq })
    .from(paymentSandboxObject)
    .where(and(...conditions))
    .orderBy(page.endingBefore ? paymentSandboxObject.seq : desc(paymentSandboxObject.seq))
    .limit(limit + 1);
  const data = rows.slice(0, limit).map((row) => row.data as StripeObject);
  if (page.endingBefore) data.reverse();
  return { object: "list", data, has_more: rows.length > limit, url };
}

/**
 * Stripe's `expand[]`: each dotted path names a field holding an id, replaced by its object
 * (`payment_intent`, `payment_intent.latest_charge`; `data.…` in a list).
 */
export async function expand<T>(db: Db | Tx, value: T, paths: readonly string[]): Promise<T> {
  if (paths.length === 0) return value;
  const copy = structuredClone(value);
  for (const path of paths) await expandPath(db, copy, path.split("."));
  return copy;
}

async function expandPath(db: Db | Tx, node: unknown, path: string[]): Promise<void> {
  if (!node || typeof node !== "object" || path.length === 0) return;
  const [head, ...rest] = path as [string, ...string[]];
  const holder = node as Record<string, unknown>;
  const items = Array.isArray(holder[head]) ? (holder[head] as unknown[]) : null;
  if (items && head === "data") {
    for (const item of items) await expandPath(db, item, rest);
    return;
  }
  let child = holder[head];
  if (typeof child === "string") {
    const found = await findObject(db, child);
    if (found) {
      holder[head] = found;
      child = found;
    }
  }
  await expandPath(db, child, rest);
}
