/**
 * The process `settlement-crash.int.test.ts` kills: it opens the database it is given, receives
 * one webhook delivery, and stops dead in the middle of placing the order — the transaction open,
 * the attempt's row locked — after saying so on its output. Run with Node:
 * `node crash-testing.ts '<{"url"} or {"dataDir"}>' <delivery file>`.
 */
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";
import { createTestProvider } from "#platform/payments/test-provider.ts";
import { createPayments } from "./attempts.ts";
import { receiveWebhook } from "./webhook.ts";

const [spec = "{}", deliveryFile = ""] = process.argv.slice(2);
const database = await openDatabase(JSON.parse(spec) as { url?: string; dataDir?: string });
const delivery = JSON.parse(await readFile(deliveryFile, "utf8")) as {
  body: string;
  signature: string;
  secret: string;
};
const provider = createTestProvider({
  db: database.db,
  now: () => new Date(),
  pageBase: "http://127.0.0.1/test-payments",
  webhookSecret: delivery.secret,
});
const silent = { info() {}, warn() {}, error() {} };
const payments = createPayments({ db: database.db, provider, logger: silent });
payments.register("crash", {
  async place(tx, attempt) {
    await tx.execute(sql`insert into crash_order (attempt) values (${attempt.id})`);
    process.stdout.write("placing\n");
    // Never returns: the test kills this process here.
    await new Promise(() => {});
    return { ok: true, resultRef: "never" };
  },
  async release() {},
});
await receiveWebhook(payments, delivery.body, delivery.signature);
