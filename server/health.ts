import { Hono } from "hono";
import type { Database } from "#db/client.ts";

/** `/healthz`: the process answers. `/readyz`: and its database does too. */
export function healthRoutes(database: Pick<Database, "ping">) {
  const health = new Hono();
  health.get("/healthz", (c) => c.json({ status: "ok" }));
  health.get("/readyz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });
  return health;
}
