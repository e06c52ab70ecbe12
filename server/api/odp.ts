import { Hono } from "hono";
import { z } from "zod";
import { orderPreparation } from "#platform/backoffice/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

const orderBody = z.object({ orderId: z.number().int().positive() });

/**
 * `POST /api/odp/order` with `{ orderId }` (an integer): the preparation sheet of an
 * ordering-service order, behind the verify header (ordering-and-server.md §5, §7).
 */
export function odpRoutes(deps: ApiDependencies) {
  const api = new Hono();
  api.post("/odp/order", requireVerify(deps.env), async (c) => {
    const parsed = orderBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ success: false, error: "orderId must be an integer" }, 400);
    }
    const preparation = await orderPreparation(deps.database.db, parsed.data.orderId);
    if (!preparation) return c.json({ success: false, error: "order not found" }, 404);
    return c.json({ success: true, response: preparation });
  });
  return api;
}
