import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  archiveProductByHandle,
  csvRows,
  type ImportOutcome,
  type ImportRow,
  importCategories,
  importProducts,
  jsonRows,
} from "#platform/backoffice/index.ts";
import { CatalogueInputError } from "#platform/commerce/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

/** An import file may weigh this much (a catalogue of a few thousand lines). */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The rows of a CSV or JSON body; null when the body is neither. */
async function readRows(c: Context): Promise<ImportRow[] | null> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const value: unknown = await c.req.json().catch(() => undefined);
    return jsonRows(value);
  }
  if (type.includes("text/csv") || type.includes("text/plain")) return csvRows(await c.req.text());
  return null;
}

function answer(c: Context, outcome: ImportOutcome) {
  if (!outcome.ok) {
    return c.json({ success: false, error: "invalid lines", lines: outcome.lines }, 400);
  }
  return c.json({
    success: true,
    response: { created: outcome.created, updated: outcome.updated },
  });
}

const deleteBody = z.union([
  z.object({ product: z.object({ handle: z.string().trim().min(1) }) }),
  z.object({ handle: z.string().trim().min(1) }),
]);

/**
 * `POST /api/import/products`, `POST /api/import/categories` (CSV or JSON, every line checked
 * before anything is written; all or nothing) and `DELETE /api/import/delete/product`
 * (archives, never deletes), behind the verify header (ordering-and-server.md §5, §7).
 */
export function importRoutes(deps: ApiDependencies) {
  const api = new Hono();
  api.use("/import/*", requireVerify(deps.env));
  const limit = bodyLimit({
    maxSize: MAX_IMPORT_BYTES,
    onError: (c) => c.json({ success: false, error: "file larger than 10 MB" }, 413),
  });

  const importWith = (run: typeof importProducts, kind: string) => async (c: Context) => {
    const rows = await readRows(c);
    if (!rows) {
      return c.json(
        { success: false, error: "send a CSV (text/csv) or a JSON array (application/json)" },
        400,
      );
    }
    try {
      const outcome = await run(deps.database.db, rows);
      if (outcome.ok) {
        deps.logger.info({ event: "import", kind, ...outcome }, "catalogue import");
        // Prices and unit prices show on product pages, listings and the home page alike: a
        // batch import makes every kept page stale, not only its products' own.
        deps.invalidations.publish({ kind: "pages" });
      }
      return answer(c, outcome);
    } catch (error) {
      if (error instanceof CatalogueInputError) {
        return c.json({ success: false, error: error.message }, 400);
      }
      throw error;
    }
  };

  api.post("/import/products", limit, importWith(importProducts, "products"));
  api.post("/import/categories", limit, importWith(importCategories, "categories"));

  api.delete("/import/delete/product", async (c) => {
    const parsed = deleteBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ success: false, error: "send { product: { handle } } or { handle }" }, 400);
    }
    const handle = "product" in parsed.data ? parsed.data.product.handle : parsed.data.handle;
    const archived = await archiveProductByHandle(deps.database.db, handle);
    if (!archived) return c.json({ success: false, error: "product not found" }, 404);
    deps.logger.info({ event: "product-archive", handle }, "product archived through the API");
    return c.json({ success: true });
  });
  return api;
}
