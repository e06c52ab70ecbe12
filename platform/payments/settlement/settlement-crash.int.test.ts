import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { createTestDatabase, testEngine } from "#db/testing/index.ts";
import { deliverDueEvents } from "#platform/payments/sandbox/events.ts";
import {
  payOnPage,
  startSandbox,
  TEST_WEBHOOK_SECRET,
} from "#platform/payments/sandbox/testing.ts";
import {
  attemptById,
  createPayments,
  openPaymentAttempt,
  type Payments,
} from "#platform/payments/settlement/attempts.ts";
import { startCheckoutSession } from "#platform/payments/settlement/settle.ts";
import { receiveWebhook } from "#platform/payments/settlement/webhook.ts";
import { createTestProvider } from "#platform/payments/test-provider.ts";

/**
 * `kill -9` between the provider's success and our order: a process receives the webhook of a
 * paid session and is killed in the middle of placing the order (its transaction open). The
 * provider then retries the delivery, to the process that took over: the order is placed once,
 * the payment captured once. On PGlite the two processes take turns on one data folder; on
 * PostgreSQL they share the test database.
 */

const child = join(import.meta.dirname, "crash-testing.ts");
let folder: string;
let database: Database;
let spec: { url?: string; dataDir?: string };

async function openShared(): Promise<Database> {
  return spec.url ? openDatabase({ url: spec.url, poolSize: 2 }) : openDatabase(spec);
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "comptoir-payment-crash-"));
  if (testEngine() === "postgres") {
    database = await createTestDatabase();
    const client = database.client as { options?: { connectionString?: string } };
    spec = { url: client.options?.connectionString ?? "" };
  } else {
    spec = { dataDir: join(folder, "pglite") };
    database = await openShared();
    await migrate(database);
  }
  await database.db.execute(sql`create table crash_order (id serial primary key, attempt text)`);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

function killWhilePlacing(deliveryFile: string): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [child, JSON.stringify(spec), deliveryFile], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    process_.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("placing")) process_.kill("SIGKILL");
    });
    process_.once("error", reject);
    process_.once("exit", (_code, signal) => resolve(signal));
  });
}

describe("a crash while placing the order", () => {
  it("leaves nothing half-done, and the webhook's retry places the order once", async () => {
    const clock = { now: new Date() };
    const sandbox = await startSandbox(database, clock);
    const placeFor = (db: Database): Payments => {
      const payments = createPayments({
        db: db.db,
        provider: createTestProvider({
          ...sandbox.context,
          db: db.db,
          webhookSecret: TEST_WEBHOOK_SECRET,
        }),
        logger: { info() {}, warn() {}, error() {} },
        now: () => clock.now,
      });
      payments.register("crash", {
        async place(tx, attempt) {
          await tx.execute(sql`insert into crash_order (attempt) values (${attempt.id})`);
          return { ok: true, resultRef: "1001" };
        },
        async release() {},
      });
      return payments;
    };
    const payments = placeFor(database);
    const attempt = await database.db.transaction((tx) =>
      openPaymentAttempt(tx, {
        purpose: "crash",
        reference: "cart-crash",
        amountCents: 2590,
        expiresAt: new Date(clock.now.getTime() + 30 * 60_000),
        now: clock.now,
      }),
    );
    const started = await startCheckoutSession(payments, attempt, {
      lines: [{ name: "Terrine de campagne", unitAmount: 2590, quantity: 1 }],
      successUrl: "https://comptoir.example/retour?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://comptoir.example/checkout",
    });
    if (!started.ok) throw new Error(started.message);
    await payOnPage(started.url, { number: "4242424242424242" });
    await sandbox.close();

    // The provider's first delivery of checkout.session.completed, to the process that dies.
    const deliveries: { body: string; signature: string }[] = [];
    await deliverDueEvents(database.db, {
      now: clock.now,
      secret: TEST_WEBHOOK_SECRET,
      fetch: async (_url, init) => {
        const signature = new Headers(init?.headers).get("Stripe-Signature") ?? "";
        deliveries.push({ body: String(init?.body), signature });
        // The endpoint's process is gone: the provider keeps the event for a retry.
        throw new Error("connection reset");
      },
    });
    const completed = deliveries.find((one) => one.body.includes('"checkout.session.completed"'));
    if (!completed) throw new Error("no checkout.session.completed delivery");
    const deliveryFile = join(folder, "delivery.json");
    await writeFile(deliveryFile, JSON.stringify({ ...completed, secret: TEST_WEBHOOK_SECRET }));

    // PGlite: one process at a time on its folder.
    if (!spec.url) await database.close();
    expect(await killWhilePlacing(deliveryFile)).toBe("SIGKILL");
    if (!spec.url) database = await openShared();

    // Nothing of the killed transaction is left; the event was stored, not processed.
    const before = await database.db.execute(sql`select count(*)::int as n from crash_order`);
    expect((before as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect((await attemptById(database.db, attempt.id))?.status).toBe("open");

    // The provider's retry, a minute later, to the process that took over.
    const retried = placeFor(database);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const retries: { body: string; signature: string }[] = [];
    await deliverDueEvents(database.db, {
      now: clock.now,
      secret: TEST_WEBHOOK_SECRET,
      fetch: async (_url, init) => {
        const body = String(init?.body);
        const signature = new Headers(init?.headers).get("Stripe-Signature") ?? "";
        retries.push({ body, signature });
        const answer = await receiveWebhook(retried, body, signature);
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      },
    });
    expect(retries.some((one) => one.body.includes('"checkout.session.completed"'))).toBe(true);
    const after = await database.db.execute(sql`select count(*)::int as n from crash_order`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    const settled = await attemptById(database.db, attempt.id);
    expect(settled?.status).toBe("placed");
    const payment = await retried.provider.retrievePayment(settled?.paymentIntentId ?? "");
    expect(payment).toMatchObject({ status: "succeeded", amountReceived: 2590 });
  }, 120_000);
});
