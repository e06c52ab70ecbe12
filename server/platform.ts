import { join } from "node:path";
import type { Hono } from "hono";
import { setContentLogger } from "#app/lib/content/content.server.ts";
import type { Database } from "#db/client.ts";
import {
  orderActionsForApi,
  recordGroceryProviderRefunds,
  recordRestaurantProviderRefunds,
} from "#platform/backoffice/index.ts";
import type { SlotBookings } from "#platform/commerce/index.ts";
import {
  catalogueSearchSource,
  checkoutRoutes,
  createImageRoutes,
  createImageService,
  IMAGE_ROUTE_PREFIX,
  onCatalogueChange,
  storefrontApi,
} from "#platform/commerce/index.ts";
import {
  type ContentChange,
  createContentApi,
  createContentManagementApi,
  createContentPreviewApi,
  pageKeysOfChange,
  type ScheduledChange,
  startScheduledActions,
} from "#platform/content/index.ts";
import {
  configureSmsRules,
  createMailDelivery,
  createSmppGateway,
  createSmsDelivery,
  createVonageGateway,
  type SmsGateway,
} from "#platform/notify/index.ts";
import { createOrderingApi, grocerySlots } from "#platform/ordering/index.ts";
import type { PaymentHandler, Payments } from "#platform/payments/index.ts";
import { limiterStore } from "#platform/rate-limit.ts";
import { searchApi, startPopularityRefresh, warmProductIndex } from "#platform/search/index.ts";
import { configureService } from "#platform/services.ts";
import { configureShopIdentity, shopIdentityFromEnv } from "#platform/shop-identity.ts";
import type { Env } from "#server/env.ts";
import type { Invalidations } from "#server/invalidation.ts";
import { forgetServiceReads } from "#server/invalidation-caches.ts";
import { yogaLogging } from "#server/log-errors.ts";
import type { Logger } from "#server/logger.ts";
import { onlineStoreContent } from "#server/online-store-content.ts";
import { createPaymentsFromEnv } from "#server/payments.ts";
import { clientIp, createIpMatcher } from "#server/rules/client-ip.ts";
import { catalogueSearch } from "#server/storefront-api-wiring.ts";

// biome-ignore lint/suspicious/noExplicitAny: sub-apps carry their own env, schema and base path
type SubApp = Hono<any, any, any>;

/** The embedded services, mounted on the shop's server and registered for the storefront. */
export function createPlatform({
  env,
  database,
  logger,
  invalidations,
}: {
  env: Env;
  database: Database;
  logger: Logger;
  /** Where catalogue and content writes tell every instance what they made stale. */
  invalidations: Invalidations;
}) {
  const isTrustedProxy = createIpMatcher(env.TRUSTED_PROXIES, "TRUSTED_PROXIES");
  // Sign-in, recovery and phone-code limits count in PostgreSQL, shared by every instance.
  const limits = limiterStore(database);
  // Receipts, emails and pages print the identity the deployment configured.
  configureShopIdentity(shopIdentityFromEnv(env));
  const search = catalogueSearch(database.db);
  // What an earlier composition in this process kept answered for other services.
  forgetServiceReads();

  // Card payments (docs/payments.md): the provider of PAYMENT_PROVIDER, its webhook at
  // /api/webhooks/stripe, the test provider's hosted page, and the reconciliation job; the
  // checkouts register how their payments settle. jobs.stop() on shutdown.
  const paying = createPaymentsFromEnv(env, database.db, logger);
  const { payments } = paying;

  // Grocery orders book their slot in the ordering service's capacity (docs/architecture.md, "Ports").
  const slots: SlotBookings = grocerySlots;

  const commerce = storefrontApi({
    db: database.db,
    search,
    publicToken: env.COMMERCE_STOREFRONT_TOKEN,
    privateToken: env.COMMERCE_PRIVATE_TOKEN,
    publicOrigin: env.PUBLIC_URL,
    exposeErrors: env.NODE_ENV === "development",
    clientIp: (c) => clientIp(c, isTrustedProxy),
    logging: yogaLogging(logger),
    limiterStore: limits,
    // Menus, pages, policies and blogs from the content service, as the storefront shows them.
    content: onlineStoreContent(),
    // Stores and slots price the carts' delivery groups (docs/cart.md, "Delivery groups").
    slots,
  });
  const images = createImageService({
    database,
    cacheDir: env.IMAGE_CACHE_DIR ?? join(env.DATA_DIR, "image-cache"),
    onCacheError: (err) => logger.warn({ err }, "image cache write failed"),
  });

  // The storefront calls the commerce service in-process unless COMMERCE_URL points elsewhere.
  configureService("commerce", {
    baseUrl: env.COMMERCE_URL ?? "http://commerce.embedded",
    handler: env.COMMERCE_URL ? undefined : (request) => commerce.fetch(request),
    headers: { "Shopify-Storefront-Private-Token": env.COMMERCE_PRIVATE_TOKEN },
  });
  // The storefront keeps catalogue reads a minute at most; a write here drops them at once.
  if (!env.COMMERCE_URL) onCatalogueChange(() => invalidations.publish({ kind: "catalogue" }));

  // The storefront reads content in-process, with the delivery token; content writes clear its cache.
  const content = createContentApi({ db: database.db, accessToken: env.CONTENT_DELIVERY_TOKEN });
  configureService("content", {
    baseUrl: "http://content.embedded",
    handler: (request) => content.fetch(request),
    headers: { Authorization: `Bearer ${env.CONTENT_DELIVERY_TOKEN}` },
  });
  // A page previewed from the admin area (`?preview=…`, server/rules/content-preview.ts) reads the
  // drafts through the Preview API, with its own token.
  const contentPreview = createContentPreviewApi({
    db: database.db,
    accessToken: env.CONTENT_PREVIEW_TOKEN,
  });
  configureService("contentPreview", {
    baseUrl: "http://content-preview.embedded",
    handler: (request) => contentPreview.fetch(request),
    headers: { Authorization: `Bearer ${env.CONTENT_PREVIEW_TOKEN}` },
  });
  setContentLogger(logger);
  // A publish or an unpublish changes what pages show (menus, footer, home blocks…): the content
  // client's copies and the pages that show the entry, or list its type, are dropped on every
  // instance at once. A draft saved changes nothing a shopper sees.
  const contentPublished = async (change: ContentChange | ScheduledChange) => {
    if ("live" in change && !change.live) return;
    const kind = "kind" in change ? change.kind : "Entry";
    const keys = await pageKeysOfChange(database.db, { ...change, kind });
    invalidations.publish({ kind: "content", keys });
  };
  // Scheduled publishing (docs/content.md, "Scheduled publishing"): the due actions, every 15 s,
  // each run once across instances; stop() on shutdown. Tests run the rounds themselves, with
  // their own clock (`runNow(at)`).
  const contentSchedule = startScheduledActions({
    db: database.db,
    logger: logger.child({ module: "content" }),
    onChange: contentPublished,
    ...(env.NODE_ENV === "test" ? { intervalMs: 0 } : {}),
  });

  // Emails of the outbox go out over SMTP when SMTP_URL is set; kick() after a commit that queued
  // one, stop() on shutdown. Leftovers of a previous run are sent at once.
  const mail = createMailDelivery({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    logger: logger.child({ module: "notify" }),
  });
  mail.kick();
  // SMS of the outbox go through the configured gateway (SMS_GATEWAY), on a worker of their own;
  // an HTTP provider's delivery receipts come to its webhook (mounted below).
  // Every queueSms refuses a number outside SMS_COUNTRIES at once, rather than leave it pending.
  const smsRules = { countries: env.SMS_COUNTRIES };
  configureSmsRules(smsRules);
  const gateway = smsGateway(env, logger);
  const sms = createSmsDelivery({
    db: database.db,
    gateway: gateway?.sms ?? null,
    rules: smsRules,
    claimTimeoutMs: env.SMS_CLAIM_TIMEOUT_SECONDS * 1000,
    logger: logger.child({ module: "notify" }),
  });
  sms.kick();

  // The ordering service (Flipdish-shaped, under /ordering): in-process unless ORDERING_URL is set.
  const ordering = createOrderingApi({
    db: database.db,
    apiToken: env.ORDERING_API_TOKEN,
    whiteLabel: env.ORDERING_WHITE_LABEL,
    publicOrigin: env.PUBLIC_URL,
    clientIp: (c) => clientIp(c, isTrustedProxy),
    // Accept, reject, dispatch and refund go through the order screen's flow (history, outbox).
    // (Refunds of orders paid through the payment provider go through it: issue 48, helper D.)
    orderActions: orderActionsForApi(database.db, payments.provider),
    onError: (err) => logger.error({ err }, "ordering request failed"),
    limiterStore: limits,
    // Saved cards on the provider, SubmitOrder settled by the payments core;
    // a refund made in the provider's dashboard shows on the order (the back office records it).
    payments,
    recordRefunds: (tx, report, now) =>
      recordRestaurantProviderRefunds(tx, report, now).then(() => undefined),
    smsRules,
  });
  configureService("ordering", {
    baseUrl: env.ORDERING_URL ?? "http://ordering.embedded",
    handler: env.ORDERING_URL ? undefined : (request) => ordering.fetch(request),
    headers: { Authorization: `Bearer ${env.ORDERING_API_TOKEN}` },
  });

  // The search index: the storefront's overlay asks it in-process for brands and artisans. Its
  // popularity key follows sales: refreshed hourly, by one instance at a time; stop() on shutdown.
  const searchIndex = searchApi(database.db);
  const popularity = startPopularityRefresh({
    db: database.db,
    source: catalogueSearchSource,
    logger: logger.child({ module: "search" }),
  });
  // Products are ranked from an in-memory copy of the index (decision 021): loaded now rather
  // than by the first shopper's search.
  warmProductIndex(database.db, logger.child({ module: "search" }));
  configureService("search", {
    baseUrl: "http://search.embedded",
    handler: (request) => searchIndex.fetch(request),
  });

  const routes: [string, SubApp][] = [
    ["/", commerce],
    ["/", ordering],
    [
      "/checkout",
      checkoutRoutes({ db: database.db, storefrontOrigin: env.PUBLIC_URL, slots, payments }),
    ],
    [IMAGE_ROUTE_PREFIX, createImageRoutes({ service: images })],
    ["/", searchIndex],
    ["/", content],
    ["/", contentPreview],
    [
      "/",
      createContentManagementApi({
        db: database.db,
        managementToken: env.CONTENT_MANAGEMENT_TOKEN,
        onChange: contentPublished,
      }),
    ],
  ];
  routes.push(...paying.routes);
  // Refunds the provider reports (its dashboard's too) show on the grocery order, through the
  // back office's records (docs/payments.md, "Refunds").
  withProviderRefunds(payments, "grocery", recordGroceryProviderRefunds);
  if (gateway?.webhook) routes.push(gateway.webhook);
  return {
    routes,
    images,
    search,
    mail,
    sms,
    popularity,
    contentSchedule,
    payments,
    paymentJobs: paying.jobs,
    // The test provider's webhook deliveries and expiries, for tests that run them (none with Stripe).
    deliverTestEvents: paying.deliverTestEvents,
  };
}

/** Adds `refunded` to the handler a consumer registered for `purpose`. */
function withProviderRefunds(
  payments: Payments,
  purpose: string,
  refunded: NonNullable<PaymentHandler["refunded"]>,
) {
  const handler = payments.handlers.get(purpose);
  if (handler) payments.register(purpose, { ...handler, refunded });
}

/** Where Vonage's delivery receipts come (`…/status`), mounted only with `SMS_GATEWAY=vonage`. */
const VONAGE_WEBHOOK = "/api/webhooks/vonage";

/**
 * The SMS gateway of `SMS_GATEWAY`, with the delivery-receipt webhook of an HTTP provider and
 * where it is mounted; none (SMS stay in the outbox) for `outbox`.
 */
function smsGateway(
  env: Env,
  logger: Logger,
): { sms: SmsGateway; webhook?: [string, SubApp] } | null {
  if (env.SMS_GATEWAY === "smpp" && env.SMPP_URL && env.SMPP_SYSTEM_ID && env.SMPP_PASSWORD) {
    const sms = createSmppGateway({
      url: env.SMPP_URL,
      systemId: env.SMPP_SYSTEM_ID,
      password: env.SMPP_PASSWORD,
      bind: env.SMPP_BIND,
      sender: env.SMS_SENDER,
      ratePerSecond: env.SMS_RATE_PER_SECOND,
      logger: logger.child({ module: "notify", gateway: "smpp" }),
    });
    return { sms };
  }
  if (
    env.SMS_GATEWAY === "vonage" &&
    env.VONAGE_API_KEY &&
    env.VONAGE_API_SECRET &&
    env.VONAGE_SIGNATURE_SECRET
  ) {
    const sms = createVonageGateway({
      apiKey: env.VONAGE_API_KEY,
      apiSecret: env.VONAGE_API_SECRET,
      signatureSecret: env.VONAGE_SIGNATURE_SECRET,
      signatureMethod: env.VONAGE_SIGNATURE_METHOD,
      sender: env.SMS_SENDER,
      statusCallbackUrl: `${env.PUBLIC_URL}${VONAGE_WEBHOOK}/status`,
      ratePerSecond: env.SMS_RATE_PER_SECOND,
      logger: logger.child({ module: "notify", gateway: "vonage" }),
      ...(env.VONAGE_REST_HOST ? { restHost: env.VONAGE_REST_HOST } : {}),
    });
    return { sms, webhook: [VONAGE_WEBHOOK, sms.statusWebhook] };
  }
  return null;
}
