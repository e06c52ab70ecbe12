import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { queueSms } from "#platform/notify/outbox.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";
import { createSmsDelivery } from "#platform/notify/sms/delivery.ts";
import type { DeliveryReceipt } from "#platform/notify/sms/gateway.ts";
import { createVonageGateway, type VonageGatewayOptions } from "#platform/notify/sms/vonage.ts";
import {
  startVonageStandIn,
  type VonageStandIn,
  vonageReceipt,
} from "#platform/notify/sms/vonage-testing.ts";

const START = new Date("2026-11-22T08:00:00Z");
const LEA = "+33612345678";
const SIGNATURE_SECRET = "signature-secret-of-the-account";
const CALLBACK = "https://comptoir.example/api/webhooks/vonage/status";

let database: Database;
let vonage: VonageStandIn;
let clock: Date;
const logger = pino({ level: "silent" });
const later = (ms: number) => new Date(START.getTime() + ms);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(notifyOutbox);
  vonage = await startVonageStandIn();
  clock = START;
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await vonage.close();
});

/** The SMS worker on the Vonage adapter (the official SDK against the stand-in). */
function delivery(options: Partial<VonageGatewayOptions> = {}) {
  const recorded: [DeliveryReceipt, boolean][] = [];
  const gateway = createVonageGateway({
    apiKey: vonage.apiKey,
    apiSecret: vonage.apiSecret,
    signatureSecret: SIGNATURE_SECRET,
    signatureMethod: "sha256",
    sender: "Comptoir",
    statusCallbackUrl: CALLBACK,
    ratePerSecond: 1000,
    logger,
    restHost: vonage.restHost,
    now: () => clock,
    ...options,
  });
  const worker = createSmsDelivery({
    db: database.db,
    gateway,
    rules: { countries: ["FR"] },
    logger,
    now: () => clock,
    sweepIntervalMs: 0,
    onReceiptRecorded: (receipt, matched) => recorded.push([receipt, matched]),
  });
  stops.push(worker.stop);
  return { worker, gateway, recorded };
}

async function row(id: string) {
  const [found] = await database.db.select().from(notifyOutbox).where(eq(notifyOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

function post(
  gateway: ReturnType<typeof delivery>["gateway"],
  params: Record<string, string>,
  as: "form" | "json" = "form",
) {
  return gateway.statusWebhook.request("/status", {
    method: "POST",
    headers: {
      "content-type": as === "json" ? "application/json" : "application/x-www-form-urlencoded",
    },
    body: as === "json" ? JSON.stringify(params) : new URLSearchParams(params).toString(),
  });
}

describe("the Vonage adapter", () => {
  it("sends from the alphanumeric sender to the E.164 number and stores Vonage's message id", async () => {
    const { worker } = delivery();
    const text = "Votre code Comptoir : 123456. Il expire dans 10 minutes.";
    const { id } = await queueSms(database.db, { kind: "phone_code", to: "06 12 34 56 78", text });
    expect(await worker.deliverPending()).toBe(1);

    expect(vonage.submits).toEqual([
      {
        from: "Comptoir",
        // Vonage's SMS API takes E.164 without the leading +.
        to: "33612345678",
        text,
        type: undefined,
        callback: CALLBACK,
        messageIds: ["1A00000000000001"],
      },
    ]);
    expect(await row(id)).toMatchObject({
      to: LEA,
      status: "sent",
      attempts: 1,
      providerMessageIds: ["1A00000000000001"],
      sentAt: START,
      lastError: null,
    });
  });

  it("lets Vonage concatenate a long text, as unicode when it needs to, and stores each part's id", async () => {
    const { worker } = delivery();
    const text =
      `Comptoir : 2 × Tarte fine – ${"à retirer chez Comptoir Opéra. ".repeat(4)}`.trim();
    const { id } = await queueSms(database.db, { kind: "order-status", to: LEA, text });
    expect(await worker.deliverPending()).toBe(1);

    expect(vonage.submits).toHaveLength(1);
    expect(vonage.submits[0]).toMatchObject({ text, type: "unicode" });
    const parts = vonage.submits[0]?.messageIds ?? [];
    expect(parts.length).toBeGreaterThan(1);
    expect((await row(id)).providerMessageIds).toEqual(parts);
  });

  it("tries again with a growing delay when Vonage answers 429 or 5xx or throttles", async () => {
    const { worker } = delivery();
    vonage.answerNext({ http: 429 }, { http: 503 }, { status: "1", errorText: "Throttled" });
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 1" });
    const other = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 2" });

    expect(await worker.deliverPending()).toBe(0);
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Vonage answered HTTP 429",
      nextAttemptAt: later(15_000),
    });
    // The pass stopped there: a busy provider is not pressed with the rest of the queue.
    expect(await row(other.id)).toMatchObject({ status: "pending" });
    expect(vonage.submits).toHaveLength(1);

    clock = later(15_000);
    expect(await worker.deliverPending()).toBe(0);
    expect(await row(id)).toMatchObject({
      attempts: 2,
      lastError: "Vonage answered HTTP 503",
      nextAttemptAt: later(15_000 + 30_000),
    });

    clock = later(45_000);
    expect(await worker.deliverPending()).toBe(0);
    const throttled = await row(id);
    expect(throttled).toMatchObject({ status: "failed", attempts: 3 });
    expect(throttled.lastError).toMatch(/status 1 \(Throttled\)/);

    clock = later(45_000 + 60_000);
    expect(await worker.deliverPending()).toBe(2);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 4, lastError: null });
  });

  it("fails an SMS at once when Vonage refuses it for good (an invalid number), with the reason", async () => {
    const { worker } = delivery();
    vonage.answerNext({ status: "3", errorText: "Invalid to parameter" });
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 1" });

    expect(await worker.deliverPending()).toBe(0);
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      nextAttemptAt: null,
      lastError: "Vonage refused the message: status 3 (Invalid to parameter)",
      providerMessageIds: [],
    });
  });

  it("updates the delivery status from signed receipts (form or JSON), and acknowledges unknown ids", async () => {
    const { worker, gateway, recorded } = delivery();
    const ids: string[] = [];
    for (const phone of ["+33612345601", "+33612345602"]) {
      ids.push(
        (await queueSms(database.db, { kind: "phone_code", to: phone, text: "Code : 1" })).id,
      );
    }
    expect(await worker.deliverPending()).toBe(2);
    clock = later(30_000);

    const at = clock;
    const delivered = vonageReceipt(
      { messageId: "1A00000000000001", status: "delivered", at },
      SIGNATURE_SECRET,
      "sha256",
    );
    const failed = vonageReceipt(
      { messageId: "1A00000000000002", status: "failed", errCode: "1", at },
      SIGNATURE_SECRET,
      "sha256",
    );
    const buffered = vonageReceipt(
      { messageId: "1A00000000000002", status: "buffered", at },
      SIGNATURE_SECRET,
      "sha256",
    );
    const unknown = vonageReceipt(
      { messageId: "1A00000000009999", status: "delivered", at },
      SIGNATURE_SECRET,
      "sha256",
    );
    expect((await post(gateway, delivered)).status).toBe(204);
    expect((await post(gateway, buffered, "json")).status).toBe(204);
    expect((await post(gateway, failed, "json")).status).toBe(204);
    expect((await post(gateway, unknown)).status).toBe(204);

    expect(recorded.map(([receipt, matched]) => [receipt.status, matched])).toEqual([
      ["delivered", true],
      ["failed", true],
      ["delivered", false],
    ]);
    expect(await row(ids[0] as string)).toMatchObject({
      status: "sent",
      deliveryStatus: "delivered",
      deliveredAt: at,
    });
    expect(await row(ids[1] as string)).toMatchObject({
      deliveryStatus: "failed",
      lastError: "receipt: failed err-code:1",
    });
  });

  it("refuses a receipt with a forged, missing or stale signature and leaves the row as it was", async () => {
    const { worker, gateway, recorded } = delivery();
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 1" });
    expect(await worker.deliverPending()).toBe(1);
    const before = await row(id);

    const fields = { messageId: "1A00000000000001", status: "failed", at: clock };
    const forged = vonageReceipt(fields, "not-the-secret", "sha256");
    const tampered = { ...vonageReceipt(fields, SIGNATURE_SECRET, "sha256"), status: "delivered" };
    const { sig: _sig, ...unsigned } = vonageReceipt(fields, SIGNATURE_SECRET, "sha256");
    const stale = vonageReceipt({ ...fields, at: later(-10 * 60_000) }, SIGNATURE_SECRET, "sha256");
    const otherMethod = vonageReceipt(fields, SIGNATURE_SECRET, "md5hash");

    for (const params of [forged, tampered, unsigned, stale, otherMethod]) {
      expect((await post(gateway, params)).status).toBe(401);
    }
    expect(recorded).toEqual([]);
    expect(await row(id)).toEqual(before);
  });

  it("verifies receipts sent with GET and the md5hash method when the account uses them", async () => {
    const { worker, gateway } = delivery({ signatureMethod: "md5hash" });
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 1" });
    expect(await worker.deliverPending()).toBe(1);
    const params = vonageReceipt(
      { messageId: "1A00000000000001", status: "expired", at: clock },
      SIGNATURE_SECRET,
      "md5hash",
    );
    const response = await gateway.statusWebhook.request(
      `/status?${new URLSearchParams(params).toString()}`,
    );
    expect(response.status).toBe(204);
    expect(await row(id)).toMatchObject({ deliveryStatus: "expired" });
  });
});
