import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The office staff who use the admin area (`/middleware/…`), their sign-in sessions, and the log
 * of what they changed. Roles (roles.ts): `admin` (everything, staff accounts included),
 * `editor` (catalogue and content, publishing included), `writer` (content drafts only),
 * `operator` (orders, customers, slots).
 */
export const STAFF_ROLES = ["admin", "editor", "writer", "operator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const adminStaff = pgTable(
  "admin_staff",
  {
    id: serial("id").primaryKey(),
    // Stored lower-cased: one account per address whatever its case.
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    passwordHash: text("password_hash").notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("admin_staff_email_key").on(table.email)],
);

/** A signed-in browser: only the SHA-256 of its cookie's token is kept. */
export const adminSession = pgTable(
  "admin_session",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => adminStaff.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("admin_session_staff_idx").on(table.staffId)],
);

/**
 * The one-time links that create the first administrator from the browser
 * (first-admin-setup.ts): printed on the console at a start with no administrator, kept hashed,
 * valid once and for a short time.
 */
export const adminSetupToken = pgTable("admin_setup_token", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** Who changed what and when, with the values before and after (`products-maj-log`). */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").references(() => adminStaff.id, { onDelete: "set null" }),
    // Kept as written at the time, so the log still reads after an account is deleted.
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index("admin_audit_log_subject_idx").on(table.subjectType, table.subjectId),
    index("admin_audit_log_created_idx").on(table.createdAt),
  ],
);

/**
 * The history of an order of either kind (`grocery`: the commerce module's, `restaurant`: the
 * ordering module's): every status change and refund the back office made, with who and when.
 */
export const adminOrderEvent = pgTable(
  "admin_order_event",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    orderId: integer("order_id").notNull(),
    // "status" | "refund".
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    amountCents: integer("amount_cents"),
    staffId: integer("staff_id").references(() => adminStaff.id, { onDelete: "set null" }),
    staffEmail: text("staff_email").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("admin_order_event_order_idx").on(table.kind, table.orderId, table.id)],
);

/**
 * One run of a background job (search index rebuild, exports, syncs), written as it advances so
 * that every instance reads the same state: the latest row of a job is where it stands. A
 * `running` row whose job's advisory lock nobody holds was left by an instance that died: it reads
 * as failed ("interrompu"), and the next start marks it so for good.
 */
export const adminJobRun = pgTable(
  "admin_job_run",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    status: text("status").$type<"running" | "done" | "failed">().notNull(),
    startedBy: text("started_by").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // The last time the run wrote its progress: when an interrupted run was last seen alive.
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    progress: jsonb("progress"),
    result: jsonb("result"),
    error: text("error"),
  },
  (table) => [index("admin_job_run_name_idx").on(table.name, table.id)],
);
