import { serviceFetch } from "#app/lib/services.server.ts";
import type { StorefrontOperations } from "#app/lib/storefront.generated.ts";
import { readTextInNfc } from "#app/lib/unicode-text.ts";
import { processGlobal } from "#platform/process-global.ts";
import {
  addSurrogateKeys,
  keysOfStorefrontAnswer,
  namedAs,
  withSurrogateKeys,
} from "#platform/surrogate-keys.ts";

/** The Storefront API version the shop speaks (storefront.md §7). */
export const STOREFRONT_API_VERSION = "2024-01";

export class StorefrontError extends Error {
  readonly errors: unknown[];
  constructor(message: string, errors: unknown[] = []) {
    super(message);
    this.errors = errors;
  }
}

/**
 * A GraphQL document's text, carrying (as types only) the result and variables that GraphQL
 * codegen generated for it: `storefrontQuery(DOCUMENT, variables)` is typed by the document.
 */
export type TypedDocument<Result, Variables> = string & {
  readonly " result"?: Result;
  readonly " variables"?: Variables;
};

/**
 * The type of a document constant, by its operation's name: the #graphql template literal of
 * `query CatalogueProduct(…)` is cast `as StorefrontDocument<"CatalogueProduct">`
 * (app/lib/storefront-codegen.test.ts checks that the name is the document's own).
 */
export type StorefrontDocument<Name extends keyof StorefrontOperations> = TypedDocument<
  StorefrontOperations[Name]["result"],
  StorefrontOperations[Name]["variables"]
>;

/**
 * Sends one GraphQL document to the commerce service's Storefront API and returns its `data`,
 * its text composed (NFC, app/lib/unicode-text.ts); the products, collections and metaobjects it
 * holds are named as the page's surrogate keys. Top-level errors throw a `StorefrontError`;
 * `userErrors` are data, left to the caller.
 */
export async function storefrontQuery<Result, Variables = Record<string, unknown>>(
  query: TypedDocument<Result, Variables>,
  variables: NoInfer<Variables> = {} as NoInfer<Variables>,
): Promise<Result> {
  const response = await serviceFetch("commerce", `/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  let body: { data?: Result; errors?: unknown[] };
  try {
    const text = await readTextInNfc(response);
    body = JSON.parse(text);
    if (response.ok) addSurrogateKeys(keysOfStorefrontAnswer(text));
  } catch {
    throw new StorefrontError(`Storefront API answered ${response.status} without JSON`);
  }
  if (!response.ok || body.errors?.length || body.data === undefined) {
    throw new StorefrontError(
      `Storefront API error (${response.status})`,
      body.errors ?? [{ status: response.status }],
    );
  }
  return body.data;
}

/** How long a catalogue read is kept at most: the bound for writes this process does not hear of. */
export const CATALOGUE_READ_TTL_MS = 60_000;
/** Catalogue reads kept at once (least recently used dropped first): tens of MB at most. */
export const CATALOGUE_READ_ENTRIES = 500;

// The server (which hears of catalogue writes) and the storefront bundle (which reads) each load
// this module: both must reach the same reads.
const catalogueReads = () =>
  processGlobal(
    "catalogueReads",
    () => new Map<string, { at: number; read: () => Promise<unknown> }>(),
  );

/**
 * A public catalogue read (products, listings, cards: the same for every visitor), kept in
 * memory for up to a minute, the way Hydrogen caches the Storefront API's sub-requests: a page
 * the page cache does not hold — a signed-in shopper's, a product past the page cache's few
 * entries — is rendered without asking the commerce service again. Every catalogue write made
 * in this process drops them all at once (`forgetCatalogueReads`); the minute bounds staleness
 * for writes made elsewhere. Concurrent reads of the same thing share one request; a failure is
 * not kept. The data is shared: callers must not change it. A page served from a kept read is
 * given the read's surrogate keys, as if it had asked.
 */
export function catalogueQuery<Result, Variables = Record<string, unknown>>(
  query: TypedDocument<Result, Variables>,
  variables: NoInfer<Variables> = {} as NoInfer<Variables>,
  now: () => number = Date.now,
): Promise<Result> {
  const reads = catalogueReads();
  const key = `${JSON.stringify(variables)}\n${query}`;
  const hit = reads.get(key);
  reads.delete(key);
  if (hit && now() - hit.at < CATALOGUE_READ_TTL_MS) {
    reads.set(key, hit); // most recently used goes last
    return hit.read() as Promise<Result>;
  }
  const read = withSurrogateKeys(() => storefrontQuery(query, variables));
  const entry = { at: now(), read };
  reads.set(key, entry);
  while (reads.size > CATALOGUE_READ_ENTRIES) {
    const oldest = reads.keys().next().value;
    if (oldest === undefined) break;
    reads.delete(oldest);
  }
  const data = read();
  data.catch(() => {
    if (reads.get(key) === entry) reads.delete(key);
  });
  return data;
}

/** Catalogue objects kept one by one (`catalogueNodes`): a product card is about 2 kB. */
export const CATALOGUE_NODE_ENTRIES = 2000;

const catalogueNodeReads = () =>
  processGlobal(
    "catalogueNodeReads",
    () => new Map<string, { at: number; read: () => Promise<unknown> }>(),
  );

/**
 * Public catalogue objects by id (`nodes(ids: $ids)`, a product's related products), each kept
 * as `catalogueQuery` keeps a read — a minute at most, dropped by any catalogue write — but one
 * by one: a page asks the commerce service, in one request, only for those no page read
 * recently (the related products of a category's products are mostly the same few). Each is
 * named by its own surrogate keys. Answers in the order of `ids`, null for one that is no more.
 */
export async function catalogueNodes<Node, Variables extends { ids: unknown }>(
  query: TypedDocument<{ nodes: readonly (Node | null)[] }, Variables>,
  ids: readonly string[],
  now: () => number = Date.now,
): Promise<(Node | null)[]> {
  const reads = catalogueNodeReads();
  const keyOf = (id: string) => `${id}\n${query}`;
  const found = new Map<string, () => Promise<unknown>>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const key = keyOf(id);
    const hit = reads.get(key);
    reads.delete(key);
    if (hit && now() - hit.at < CATALOGUE_READ_TTL_MS) {
      reads.set(key, hit); // most recently used goes last
      found.set(id, hit.read);
    } else missing.push(id);
  }
  if (missing.length > 0) {
    // The answer's keys go to each object's own read below, not all of them to every one.
    // The document's only variable is its ids (the generated type spells them loosely).
    const variables = { ids: missing } as Variables;
    const answer = namedAs([], () => storefrontQuery(query, variables));
    const at = now();
    missing.forEach((id, index) => {
      const key = keyOf(id);
      const entry = {
        at,
        read: withSurrogateKeys(async () => {
          const node = (await answer).nodes[index] ?? null;
          addSurrogateKeys(keysOfStorefrontAnswer(JSON.stringify(node)));
          return node;
        }),
      };
      reads.set(key, entry);
      found.set(id, entry.read);
      answer.catch(() => {
        if (reads.get(key) === entry) reads.delete(key);
      });
    });
    while (reads.size > CATALOGUE_NODE_ENTRIES) {
      const oldest = reads.keys().next().value;
      if (oldest === undefined) break;
      reads.delete(oldest);
    }
  }
  return Promise.all(ids.map(async (id) => ((await found.get(id)?.()) ?? null) as Node | null));
}

/**
 * Drops every kept catalogue read, those still on their way too: a read begun before a write may
 * bring the old data, so it serves the pages that asked for it and is not kept.
 */
export function forgetCatalogueReads() {
  catalogueReads().clear();
  catalogueNodeReads().clear();
}
