import {
  bigint,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** One row per seeding, so an operator can tell which demo data a database holds. */
export const seedRuns = pgTable("seed_runs", {
  id: serial("id").primaryKey(),
  seed: integer("seed").notNull(),
  // `SEED_VERSION` of seed/index.ts: the same seed and version give the same rows.
  version: integer("version").notNull(),
  // Comma-separated names of the seeders that ran.
  seeders: text("seeders").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's one order number series, shared by both kinds of order (docs/orders.md): a grocery
 * order (`commerce_order.order_number`) and a restauration order (`ordering_order.order_number`)
 * each draw their number from it, so the numbers never collide and every French screen names an
 * order « n° 1001 » (`orderNumberLabel`). It lives here, below both modules, because neither owns it.
 */
export const shopOrderNumber = pgSequence("shop_order_number_seq", {
  startWith: 1001,
  minValue: 1001,
});

/**
 * The attempt counters of every rate limit on PostgreSQL (platform/rate-limit.ts), shared by all
 * the shop's instances: one row per counted key, in the shape `RateLimiterPostgres` of
 * rate-limiter-flexible reads and writes (`key`, `points`, `expire` in epoch milliseconds). The
 * key is `text` rather than the library's `varchar(255)`: it holds an email and an address.
 */
export const shopRateLimit = pgTable(
  "shop_rate_limit",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (table) => [index("shop_rate_limit_expire_idx").on(table.expire)],
);
