import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { getScheduledAction, listScheduledActions } from "#platform/content/index.ts";
import { requireVerify } from "#server/api/verify.ts";
import type { Env } from "#server/env.ts";
import { clientIp, createIpMatcher, type IpMatcher } from "#server/rules/client-ip.ts";

/**
 * Routes for browser journeys only, mounted when `TEST_HOOKS` is on (server/env.ts refuses it
 * in production unless PUBLIC_URL is on this machine): a journey with a fixed clock makes the
 * server's periodic work run "at" an instant of its choosing instead of waiting for it. Each
 * one also needs the verify secret (`X-Comptoir-Verify`) and a client on this machine; any
 * other caller gets 404, as when the hooks are off.
 *
 * `POST /__test/content-schedule/run` `{ "at": ISO 8601 }`: one round of the content schedule
 * (`contentSchedule.runNow(at)`), and the actions that were due at `at` as they stand after it.
 */
export const TEST_HOOKS_PREFIX = "/__test";

const runBody = z.object({ at: z.iso.datetime({ offset: true }) }).strict();

const isLoopback = createIpMatcher(["127.0.0.0/8", "::1", "::ffff:127.0.0.0/104"], "loopback");

export function testHookRoutes(deps: {
  env: Pick<Env, "ADMIN_VERIFY_SECRET">;
  db: Db;
  contentSchedule: { runNow(at?: Date): Promise<void> };
  isTrustedProxy: IpMatcher;
}) {
  const hooks = new Hono();
  const fromThisMachine = (c: Context) => {
    const ip = clientIp(c, deps.isTrustedProxy);
    return ip !== undefined && isLoopback(ip);
  };
  hooks.use("*", async (c, next) => {
    if (!fromThisMachine(c)) return c.notFound();
    await next();
  });
  hooks.use("*", requireVerify(deps.env));

  hooks.post("/content-schedule/run", async (c) => {
    const parsed = runBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) {
      return c.json({ error: "at must be an ISO 8601 date and time with an offset" }, 400);
    }
    const at = new Date(parsed.data.at);
    // What is due at `at`: reported after the round whichever round took it (this one, or the
    // job's own timer a moment before).
    const due = await listScheduledActions(deps.db, {
      status: "scheduled",
      to: new Date(at.getTime() + 1),
    });
    await deps.contentSchedule.runNow(at);
    const ran = await Promise.all(due.map((row) => getScheduledAction(deps.db, row.id)));
    return c.json({
      at: at.toISOString(),
      ran: ran.map((row) => ({
        id: row.id,
        entityId: row.entityId,
        action: row.action,
        scheduledFor: row.scheduledFor.toISOString(),
        status: row.status,
        ...(row.error ? { error: row.error } : {}),
      })),
    });
  });
  return hooks;
}
