import { createHmac } from "node:crypto";
import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import {
  cardEntryRoutes,
  createPayments,
  createSandboxApi,
  createStripeProvider,
  createTestProvider,
  deliverDueEvents,
  expireDueSessions,
  type PaymentProvider,
  type Payments,
  paymentWebhookRoutes,
  STRIPE_WEBHOOK_PATH,
  startPaymentJobs,
} from "#platform/payments/index.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/logger.ts";

/** The test provider's hosted page, on the shop's own origin. */
export const TEST_PAYMENTS_PATH = "/test-payments";

/** How often the reconciliation job (and the test provider's deliveries) run. */
export const PAYMENT_JOBS_INTERVAL_MS = 10_000;

/**
 * The payment provider of `PAYMENT_PROVIDER` and what the server mounts for it: Stripe through
 * its SDK, or the embedded test provider with its hosted page at `/test-payments/`, whose
 * webhooks are delivered in-process to the same `/api/webhooks/stripe` Stripe's would reach.
 */
export function createPaymentsFromEnv(env: Env, db: Db, logger: Logger) {
  const log = logger.child({ module: "payments" });
  const webhookApp = new Hono();
  let provider: PaymentProvider;
  let extra: (() => Promise<unknown>) | undefined;
  // Titres-restaurant are typed on the test card processor's own page whatever the provider
  // (Stripe does not take them; docs/payments.md, "The hosted card-entry page").
  const routes: [string, Hono][] = [
    ["/", webhookApp],
    ["/", cardEntryRoutes({ db })],
  ];

  if (env.PAYMENT_PROVIDER === "stripe" && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    provider = createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    });
  } else {
    // A secret of this deployment's own, never a published one: derived from its generated
    // verification secret.
    const secret = `whsec_${createHmac("sha256", env.ADMIN_VERIFY_SECRET)
      .update("test-payments-webhook")
      .digest("hex")}`;
    const context = {
      db,
      now: () => new Date(),
      pageBase: `${env.PUBLIC_URL}${TEST_PAYMENTS_PATH}`,
      webhook: { url: `${env.PUBLIC_URL}${STRIPE_WEBHOOK_PATH}`, secret },
    };
    provider = createTestProvider({ ...context, webhookSecret: secret });
    const sandbox = createSandboxApi(context);
    const page = new Hono();
    // Only the hosted page: the test provider's REST API is not served on the shop's origin.
    page.all(`${TEST_PAYMENTS_PATH}/*`, (c) => sandbox.fetch(c.req.raw));
    routes.push(["/", page]);
    extra = async () => {
      await expireDueSessions(context);
      await deliverDueEvents(db, {
        now: new Date(),
        secret,
        // Delivered to this process's own endpoint, whatever PUBLIC_URL's network path is.
        fetch: (url, init) => Promise.resolve(webhookApp.fetch(new Request(url, init))),
      });
    };
  }

  const payments: Payments = createPayments({ db, provider, logger: log });
  webhookApp.route("/", paymentWebhookRoutes(payments));
  // Tests run the same rounds themselves, with their own clock (`reconcilePayments`).
  const jobs =
    env.NODE_ENV === "test"
      ? { stop: async () => {}, runNow: async () => {} }
      : startPaymentJobs({ payments, intervalMs: PAYMENT_JOBS_INTERVAL_MS, extra });
  return { payments, routes, jobs, deliverTestEvents: extra };
}
