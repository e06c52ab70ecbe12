import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  API_ACTOR,
  catalogueCategories,
  catalogueProduct,
  categoryDocument,
  categoryDocumentKey,
  logChange,
  OrderingUnavailable,
  orderingAdminCall,
  productDocumentKey,
  putShopDocument,
  SHOP_DOCUMENT_OWNER,
  storeMenuCsv,
  storeMenuRows,
} from "#platform/backoffice/index.ts";
import { fromGid } from "#platform/commerce/index.ts";
import { REVISION_PATTERN, readDocument, writeDocument } from "#platform/documents/index.ts";
import { describeIssue } from "#server/api/documents.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

const MAX_BODY_BYTES = 100 * 1024;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The content-side product (ordering-and-server.md §3) as a database document: the fields of
 * the content model's `product` type. Link fields are kept as sent (links or resolved entries).
 */
const productBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  slug: z.string().regex(HANDLE, "not a handle"),
  manufacturer: z.unknown().optional(),
  categories: z.array(z.unknown()).max(50).optional(),
  regimes: z
    .array(z.object({ slug: z.string(), label: z.string() }))
    .max(50)
    .optional(),
  allergens: z
    .array(z.object({ slug: z.string(), title: z.string() }))
    .max(50)
    .optional(),
  labels: z
    .array(z.object({ slug: z.string(), title: z.string() }))
    .max(50)
    .optional(),
  images: z.array(z.unknown()).max(50).optional(),
  short_description: z.string().max(5000).optional(),
  prediscount_price: z.number().nonnegative().max(100_000).optional(),
  isProvince: z.boolean().optional(),
  fd_content: z
    .strictObject({
      MenuItemId: z.number().int().positive(),
      Price: z.number().nonnegative().max(100_000),
      ImageUrl: z.string().max(2000),
    })
    .nullish(),
  tags: z.array(z.string().min(1).max(100)).max(100).optional(),
  products_in_bundle: z.array(z.unknown()).max(50).optional(),
});

const putProductBody = z.strictObject({
  product: productBody,
  _rev: z.string().regex(REVISION_PATTERN, "not a revision").nullish(),
});

/** A path id: a number, or the GID of that type. */
function pathId(value: string, type: "Product" | "Collection"): number | undefined {
  if (/^[1-9]\d{0,9}$/.test(value)) {
    const id = Number(value);
    return id <= 2_147_483_647 ? id : undefined;
  }
  return fromGid(value, type);
}

const notFound = (c: Context) => c.json({ success: false, error: "not_found" }, 404);

/**
 * The office's own routes on the database documents and the ordering export
 * (ordering-and-server.md §7), behind the verify header or `?password=` (§5): without it, 401
 * and nothing done.
 *
 * - `PUT /db/products/{id}` with `{ product, _rev? }`: writes the product's document
 *   `products/{id}` (CouchDB-style revisions, like the customer documents); `GET` reads it.
 * - `POST /db/category/{id}` (empty body): rebuilds the category's document `category/{id}` from
 *   the commerce service (its products in order); `GET` reads it.
 * - `GET /export/fd/products/{storeId}`: the restauration products of an ordering store, as a
 *   CSV download for the ordering service.
 */
export function officeRoutes(deps: ApiDependencies) {
  const api = new Hono();
  const verify = requireVerify(deps.env);
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ success: false, error: "payload_too_large" }, 413),
  });
  const db = deps.database.db;

  api.get("/db/products/:id", verify, async (c) => {
    const id = pathId(c.req.param("id"), "Product");
    const found = id === undefined ? undefined : await readDocument(db, productDocumentKey(id));
    if (id === undefined || !found || found.ownerCustomerId !== SHOP_DOCUMENT_OWNER)
      return notFound(c);
    return c.json({ _id: productDocumentKey(id), _rev: found.rev, ...found.body });
  });

  api.put("/db/products/:id", verify, limit, async (c) => {
    const id = pathId(c.req.param("id"), "Product");
    const product = id === undefined ? undefined : await catalogueProduct(db, id);
    if (id === undefined || !product) return notFound(c);
    const parsed = putProductBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ success: false, error: describeIssue(parsed.error) }, 400);
    const { product: body, _rev } = parsed.data;
    if (body.slug !== product.handle) {
      return c.json(
        { success: false, error: `product.slug: must be the product's handle (${product.handle})` },
        400,
      );
    }
    const key = productDocumentKey(id);
    const current = await readDocument(db, key);
    if (current && current.ownerCustomerId !== SHOP_DOCUMENT_OWNER) return notFound(c);
    const outcome = await db.transaction(async (tx) => {
      const written = await writeDocument(
        tx,
        { key, ownerCustomerId: SHOP_DOCUMENT_OWNER, rev: _rev, body: { product: body } },
        new Date(),
      );
      if (written.ok) {
        await logChange(
          tx,
          { id: null, email: API_ACTOR },
          {
            action: "document",
            subjectType: "product-document",
            subjectId: product.handle,
            before: current?.body ?? null,
            after: { product: body },
          },
        );
      }
      return written;
    });
    if (!outcome.ok) return c.json({ success: false, error: "conflict" }, 409);
    return c.json({ ok: true, id: key, rev: outcome.rev });
  });

  api.get("/db/category/:id", verify, async (c) => {
    const id = pathId(c.req.param("id"), "Collection");
    const found = id === undefined ? undefined : await readDocument(db, categoryDocumentKey(id));
    if (id === undefined || !found || found.ownerCustomerId !== SHOP_DOCUMENT_OWNER)
      return notFound(c);
    return c.json({ _id: categoryDocumentKey(id), _rev: found.rev, ...found.body });
  });

  api.post("/db/category/:id", verify, limit, async (c) => {
    const id = pathId(c.req.param("id"), "Collection");
    const [category] = id === undefined ? [] : await catalogueCategories(db, { id });
    if (id === undefined || !category) return notFound(c);
    const text = (await c.req.text()).trim();
    if (text !== "" && text !== "{}") {
      return c.json({ success: false, error: "the body must be empty" }, 400);
    }
    const key = categoryDocumentKey(id);
    const written = await db.transaction(async (tx) => {
      const result = await putShopDocument(tx, key, categoryDocument(category));
      if (result) {
        await logChange(
          tx,
          { id: null, email: API_ACTOR },
          {
            action: "document",
            subjectType: "category-document",
            subjectId: category.handle,
            after: { products: category.products.length },
          },
        );
      }
      return result;
    });
    const rev = written?.rev ?? (await readDocument(db, key))?.rev;
    return c.json({ ok: true, id: key, rev, products: category.products.length });
  });

  const ordering = orderingAdminCall(deps.env.ORDERING_API_TOKEN);
  api.get("/export/fd/products/:id", verify, async (c) => {
    const raw = c.req.param("id");
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) return notFound(c);
    const storeId = Number(raw);
    const found = await storeMenuRows(db, ordering, storeId);
    if (!found) return notFound(c);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(storeMenuCsv(found.rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="flipdish-produits-${storeId}-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });

  api.onError((error, c) => {
    if (!(error instanceof OrderingUnavailable)) throw error;
    deps.logger.warn({ err: error }, "ordering service call failed");
    return c.json({ success: false, error: "ordering_unavailable" }, 502);
  });
  return api;
}
