import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  MAX_EMAIL_LENGTH,
  newsletterLimiter,
  normaliseEmail,
  subscribeToNewsletter,
} from "#platform/notify/index.ts";
import { limiterStore } from "#platform/rate-limit.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { clientIp, createIpMatcher } from "#server/rules/client-ip.ts";

const subscription = z.object({ email: z.string().max(MAX_EMAIL_LENGTH * 2) });

/**
 * `POST /api/newsletter` `{ email }`: subscribes an address to the newsletter (docs/own-api.md).
 * `{ success: true, response: { email, created } }` (the address as stored; `created` false when it
 * was there already);
 * 400 `invalid_email`, 429 past 10 tries per client address in 10 minutes.
 */
export function newsletterRoutes(deps: Pick<ApiDependencies, "database" | "logger" | "env">) {
  const isTrustedProxy = createIpMatcher(deps.env.TRUSTED_PROXIES, "TRUSTED_PROXIES");
  const limiter = newsletterLimiter(limiterStore(deps.database));
  const api = new Hono();
  api.post(
    "/newsletter",
    bodyLimit({
      maxSize: 4096,
      onError: (c) => c.json({ success: false, error: "too large" }, 413),
    }),
    async (c) => {
      const parsed = subscription.safeParse(await c.req.json().catch(() => null));
      const email = parsed.success ? normaliseEmail(parsed.data.email) : null;
      if (email === null) return c.json({ success: false, error: "invalid_email" }, 400);
      if (!(await limiter.hit(`ip:${clientIp(c, isTrustedProxy) ?? "unknown"}`))) {
        return c.json({ success: false, error: "too many attempts" }, 429);
      }
      try {
        const { created } = await subscribeToNewsletter(deps.database.db, email);
        return c.json({ success: true, response: { email, created } });
      } catch (error) {
        deps.logger.error({ err: error }, "newsletter subscription failed");
        return c.json({ success: false, error: "failed" }, 500);
      }
    },
  );
  return api;
}
