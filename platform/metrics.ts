import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { processGlobal } from "#platform/process-global.ts";

/**
 * The shop's Prometheus metrics: one registry per process and every metric of it, defined here
 * and bumped through the small functions below, never through the registry from elsewhere. It sits
 * in the kernel so that the modules that see the events (an order placed, a card declined, a slot
 * booked) can count them without importing the server; the server serves the registry
 * (server/metrics.ts) and plugs in what is read at scrape time (the database pool, the outbox
 * backlog, the page cache's size). See docs/operations.md, "Metrics", and decision 011.
 */

/**
 * What a request was for: a small fixed set, never a path (one series per path would grow
 * without bound). server/metrics.ts maps a path to its kind.
 */
export const ROUTE_KINDS = [
  "page",
  "data",
  "api-storefront",
  "api-ordering",
  "api-content",
  "asset",
  "image",
  "admin",
  "health",
  "other",
] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

export type OrderKind = "grocery" | "restauration";
export type PageCacheResult = "hit" | "miss" | "bypass";
export type SlotBookingOutcome = "booked" | "refused";

/** The database's connections as the pool reports them (PGlite: one, always open). */
export type PoolFigures = { engine: string; total: number; idle: number; waiting: number };

/** Messages of one channel waiting to be sent, and how long the oldest has waited. */
export type OutboxBacklog = {
  channel: string;
  pending: number;
  oldestPendingSeconds: number;
  /** Failed for good: out of attempts, never retried. */
  givenUp: number;
};

/** What the server hands in to be read at each scrape; absent ones are left out. */
export type ScrapeSources = {
  databasePool?: () => PoolFigures;
  outboxBacklog?: () => Promise<OutboxBacklog[]>;
  pageCacheEntries?: () => number;
};

/**
 * Latency buckets for a web shop: a cached page answers in a millisecond or two, a rendered one in
 * tens, a checkout in hundreds; past ten seconds the client has gone.
 */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;
const ORDER_KINDS: readonly OrderKind[] = ["grocery", "restauration"];
const PAYMENT_FAILURES = [
  "invalid_number",
  "invalid_expiry",
  "invalid_cvc",
  "card_declined",
  "unknown_card",
  "amount_invalid",
  "not_meal_voucher",
  "meal_voucher_as_card",
  "meal_voucher_daily_limit",
  // Refusals the payment provider reports (its hosted page, a saved card charged).
  "authentication_required",
  "payment_intent_authentication_failure",
  "other",
] as const;

export type PaymentFailureReason = (typeof PAYMENT_FAILURES)[number];

/** A provider's refusal code as a reason of the counter: one of ours, or `other`. */
export function paymentFailureReason(code: string | null | undefined): PaymentFailureReason {
  return (PAYMENT_FAILURES as readonly string[]).includes(code ?? "")
    ? (code as PaymentFailureReason)
    : "other";
}

function createMetrics() {
  const registry = new Registry();
  // Process figures (CPU, memory, handles, GC) and the event-loop lag, under their usual names.
  collectDefaultMetrics({ register: registry });
  const sources: ScrapeSources = {};

  const requests = new Counter({
    name: "comptoir_http_requests_total",
    help: "HTTP requests answered, by route kind and status class.",
    labelNames: ["kind", "status"] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: "comptoir_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until its headers), by route kind.",
    labelNames: ["kind"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "comptoir_page_cache_requests_total",
    help: "Cacheable page requests: served from the page cache (hit), rendered (miss), or personal and never cached (bypass).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "comptoir_page_cache_entries",
    help: "Pages held in the page cache.",
    registers: [registry],
    collect() {
      const entries = sources.pageCacheEntries?.();
      if (entries !== undefined) this.set(entries);
    },
  });

  const poolGauge = (name: string, help: string, read: (pool: PoolFigures) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["engine"] as const,
      registers: [registry],
      collect() {
        this.reset();
        const pool = sources.databasePool?.();
        if (pool) this.set({ engine: pool.engine }, read(pool));
      },
    });
  poolGauge(
    "comptoir_db_pool_connections",
    "Database connections open (PGlite: its one in-process connection).",
    (pool) => pool.total,
  );
  poolGauge(
    "comptoir_db_pool_idle_connections",
    "Open database connections not running a query.",
    (pool) => pool.idle,
  );
  poolGauge(
    "comptoir_db_pool_waiting_requests",
    "Queries waiting for a free database connection.",
    (pool) => pool.waiting,
  );

  // The three outbox gauges are read by one query per scrape, shared through this promise.
  let backlogRead: Promise<OutboxBacklog[] | undefined> | undefined;
  const readBacklog = () => {
    backlogRead ??= (sources.outboxBacklog?.() ?? Promise.resolve(undefined))
      // A scrape with the database down still answers the rest; the backlog series go missing.
      .catch(() => undefined)
      .finally(() => setImmediate(() => (backlogRead = undefined)));
    return backlogRead;
  };
  const outboxGauge = (name: string, help: string, read: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["channel"] as const,
      registers: [registry],
      async collect() {
        const backlog = await readBacklog();
        this.reset();
        for (const channel of backlog ?? []) this.set({ channel: channel.channel }, read(channel));
      },
    });
  outboxGauge(
    "comptoir_outbox_pending_messages",
    "Outbox messages waiting to be sent (new, being sent, or failed and due for a retry), by channel.",
    (backlog) => backlog.pending,
  );
  outboxGauge(
    "comptoir_outbox_oldest_pending_age_seconds",
    "Age of the oldest outbox message waiting to be sent, by channel (0 when none waits).",
    (backlog) => backlog.oldestPendingSeconds,
  );
  outboxGauge(
    "comptoir_outbox_given_up_messages",
    "Outbox messages that failed for good (out of attempts), by channel.",
    (backlog) => backlog.givenUp,
  );

  const slotBookings = new Counter({
    name: "comptoir_slot_bookings_total",
    help: "Slot bookings committed with their order (booked) or refused because the slot was full or no longer offered, by order kind.",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  const orders = new Counter({
    name: "comptoir_orders_total",
    help: "Orders placed (committed), by kind: grocery (hosted checkout) or restauration (ordering service).",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const paymentFailures = new Counter({
    name: "comptoir_payment_failures_total",
    help: "Card payments refused by the payment provider or processor, by reason.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });

  // Every series of a counter at 0 from the start: a rate over a series that appears with its
  // first event misses that event, and an absent series cannot be told from a broken exporter.
  for (const kind of ROUTE_KINDS) {
    for (const status of STATUS_CLASSES) requests.inc({ kind, status }, 0);
    requestDuration.zero({ kind });
  }
  for (const result of ["hit", "miss", "bypass"] as const) pageCache.inc({ result }, 0);
  for (const kind of ORDER_KINDS) {
    orders.inc({ kind }, 0);
    for (const outcome of ["booked", "refused"] as const) slotBookings.inc({ kind, outcome }, 0);
  }
  for (const reason of PAYMENT_FAILURES) paymentFailures.inc({ reason }, 0);

  return {
    registry,
    sources,
    requests,
    requestDuration,
    pageCache,
    slotBookings,
    orders,
    paymentFailures,
  };
}

/** Shared by every copy of this module in the process (platform/process-global.ts). */
const metrics = () => processGlobal("metrics", createMetrics);

/** One answered request. */
export function observeRequest(kind: RouteKind, status: number, seconds: number): void {
  const { requests, requestDuration } = metrics();
  requests.inc({ kind, status: `${Math.trunc(status / 100)}xx` });
  requestDuration.observe({ kind }, seconds);
}

/** One cacheable page request, and whether the page cache answered it. */
export function countPageCache(result: PageCacheResult): void {
  metrics().pageCache.inc({ result });
}

/** A slot booked with a committed order, or refused. */
export function countSlotBooking(kind: OrderKind, outcome: SlotBookingOutcome): void {
  metrics().slotBookings.inc({ kind, outcome });
}

/** An order committed (not a replay of one already placed). */
export function countOrder(kind: OrderKind): void {
  metrics().orders.inc({ kind });
}

/** A charge the processor refused; `reason` is its failure code. */
export function countPaymentFailure(reason: (typeof PAYMENT_FAILURES)[number]): void {
  metrics().paymentFailures.inc({ reason });
}

/** Plugs in what is read at scrape time (the last server composed in the process wins). */
export function setScrapeSources(sources: ScrapeSources): void {
  Object.assign(metrics().sources, sources);
}

/** The registry in Prometheus's text format, with its content type. */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
