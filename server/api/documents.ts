import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { SignedInCustomer } from "#platform/commerce/index.ts";
import { REVISION_PATTERN, readDocument, writeDocument } from "#platform/documents/index.ts";
import { type CustomerSession, forbidden, requireCustomer } from "#server/api/session.ts";
import type { ApiDependencies } from "#server/api/types.ts";

/** The documents of `/api/db/…`, and the field of `userData` each one carries. */
const KINDS = {
  bookmarks: "bookmarks",
  shoppinglists: "shoppingLists",
  cart: "cart",
} as const;
type Kind = keyof typeof KINDS;

const MAX_BODY_BYTES = 100 * 1024;
const id = z.union([z.string().max(200), z.number().int()]);
const jsonObject = z.record(z.string(), z.unknown());
const revision = z.string().regex(REVISION_PATTERN, "not a revision").nullish();

/** One zod schema per document body: `{ userData: { <field> }, _rev }`. */
const BODIES = {
  bookmarks: z.strictObject({
    userData: z.strictObject({ bookmarks: z.array(id).max(1000) }),
    _rev: revision,
  }),
  shoppinglists: z.strictObject({
    userData: z.strictObject({ shoppingLists: z.array(z.union([id, jsonObject])).max(500) }),
    _rev: revision,
  }),
  cart: z.strictObject({
    userData: z.strictObject({ cart: z.union([jsonObject, z.array(z.unknown()).max(500)]) }),
    _rev: revision,
  }),
} satisfies Record<Kind, z.ZodType>;

/**
 * Saved user documents (ordering-and-server.md §7): `GET/PUT /db/user/{id}-bookmarks`,
 * `GET/PUT /db/user/{id}-shoppinglists`, `GET/PUT /db/cart/{id}`. `{id}` is the signed-in
 * customer's own id (else 403), whatever the path or body claim. A PUT names the `_rev` it read;
 * a stale or missing one on an existing document answers 409 `{ error: "conflict" }`.
 */
export function documentRoutes(deps: ApiDependencies) {
  const api = new Hono<CustomerSession>();
  const signedIn = requireCustomer(deps.database.db);
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ success: false, error: "payload_too_large" }, 413),
  });

  api.get("/db/user/:doc", signedIn, (c) => {
    const target = userDocument(c.req.param("doc"));
    return target ? read(c, target.kind, target.id) : notFound(c);
  });
  api.put("/db/user/:doc", limit, signedIn, (c) => {
    const target = userDocument(c.req.param("doc"));
    return target ? write(c, target.kind, target.id) : notFound(c);
  });
  api.get("/db/cart/:id", signedIn, (c) => read(c, "cart", c.req.param("id")));
  api.put("/db/cart/:id", limit, signedIn, (c) => write(c, "cart", c.req.param("id")));

  async function read(c: Context<CustomerSession>, kind: Kind, id: string) {
    const customer = c.get("customer");
    if (!owns(customer, id)) return forbidden(c);
    const key = documentKey(kind, customer.id);
    const found = await readDocument(deps.database.db, key);
    if (!found) return notFound(c);
    return c.json({ _id: key, _rev: found.rev, [KINDS[kind]]: found.body[KINDS[kind]] });
  }

  async function write(c: Context<CustomerSession>, kind: Kind, id: string) {
    const customer = c.get("customer");
    if (!owns(customer, id)) return forbidden(c);
    const parsed = BODIES[kind].safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ success: false, error: describeIssue(parsed.error) }, 400);
    const field = KINDS[kind];
    const key = documentKey(kind, customer.id);
    const outcome = await writeDocument(
      deps.database.db,
      {
        key,
        ownerCustomerId: customer.id,
        rev: parsed.data._rev,
        body: { [field]: (parsed.data.userData as Record<string, unknown>)[field] },
      },
      new Date(),
    );
    if (!outcome.ok) return c.json({ success: false, error: "conflict" }, 409);
    return c.json({ ok: true, id: key, rev: outcome.rev });
  }

  return new Hono().route("/", api);
}

function userDocument(
  doc: string,
): { kind: "bookmarks" | "shoppinglists"; id: string } | undefined {
  const match = /^(.+)-(bookmarks|shoppinglists)$/.exec(doc);
  return match
    ? { id: match[1] ?? "", kind: match[2] as "bookmarks" | "shoppinglists" }
    : undefined;
}

/** Where a customer's document lives: `user/12-bookmarks`, `user/12-shoppinglists`, `cart/12`. */
function documentKey(kind: Kind, customerId: number): string {
  return kind === "cart" ? `cart/${customerId}` : `user/${customerId}-${kind}`;
}

/** Whether a path's `{id}` names the signed-in customer (plain id or customer GID). */
function owns(customer: SignedInCustomer, id: string): boolean {
  return id === String(customer.id) || id === `gid://shopify/Customer/${customer.id}`;
}

function notFound(c: Context) {
  return c.json({ success: false, error: "not_found" }, 404);
}

/** The first problem of a body, as `field: reason`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid_body";
  const path = issue.path.join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}
