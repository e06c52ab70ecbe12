import { once } from "node:events";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { listOutbox, queueSms } from "#platform/notify/outbox.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";
import { createSmsDelivery, type SmsDeliveryOptions } from "#platform/notify/sms/delivery.ts";
import type { DeliveryReceipt } from "#platform/notify/sms/gateway.ts";
import { createSmppGateway, type SmppGatewayOptions } from "#platform/notify/sms/smpp.ts";
import { startTestSmsc, type TestSmscServer } from "#platform/notify/sms/testing.ts";

const START = new Date("2026-11-22T08:00:00Z");
const LEA = "+33612345678";

let database: Database;
let smsc: TestSmscServer;
let clock: Date;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(notifyOutbox);
  smsc = await startTestSmsc();
  clock = START;
});

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await smsc.close();
});

function gateway(options: Partial<SmppGatewayOptions> = {}) {
  const created = createSmppGateway({
    url: smsc.url,
    systemId: smsc.systemId,
    password: smsc.password,
    bind: "transceiver",
    sender: "Comptoir",
    ratePerSecond: 1000,
    logger,
    responseTimeoutMs: 5000,
    linkWaitMs: 5000,
    reconnectMs: { first: 10, longest: 50 },
    ...options,
  });
  return created;
}

/** The SMS worker on a fresh SMPP link, with the test's clock. */
function delivery(
  options: Partial<SmsDeliveryOptions> = {},
  link: Partial<SmppGatewayOptions> = {},
) {
  const smpp = gateway(link);
  const created = createSmsDelivery({
    db: database.db,
    gateway: smpp,
    rules: { countries: ["FR"] },
    logger,
    now: () => clock,
    sweepIntervalMs: 0,
    ...options,
  });
  stops.push(created.stop);
  return { ...created, smpp };
}

async function row(id: string) {
  const [found] = await database.db.select().from(notifyOutbox).where(eq(notifyOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

const later = (ms: number) => new Date(START.getTime() + ms);

describe("the SMPP adapter", () => {
  it("binds as transceiver, or as transmitter, with the configured credentials", async () => {
    const transceiver = gateway();
    await transceiver.whenBound();
    const transmitter = gateway({ bind: "transmitter" });
    await transmitter.whenBound();
    expect(smsc.binds).toEqual([
      { command: "bind_transceiver", systemId: "comptoir" },
      { command: "bind_transmitter", systemId: "comptoir" },
    ]);
    await transceiver.close();
    await transmitter.close();
  });

  it("submits a phone code in GSM-7 from the alphanumeric sender and marks it sent with the provider's id", async () => {
    const { id } = await queueSms(database.db, {
      kind: "phone_code",
      to: "06 12 34 56 78",
      // The ordering service's phone code (phone-login.ts): no STOP mention in a one-time code.
      text: "Votre code Comptoir : 123456. Il expire dans 10 minutes.",
    });
    expect(await delivery().deliverPending()).toBe(1);

    expect(smsc.submits).toEqual([
      {
        messageId: "smsc-1",
        from: "Comptoir",
        to: "33612345678",
        dataCoding: 0,
        esmClass: 0,
        registeredDelivery: 1,
        concatenation: null,
        text: "Votre code Comptoir : 123456. Il expire dans 10 minutes.",
      },
    ]);
    expect(smsc.submits[0]?.text).not.toMatch(/STOP/i);
    expect(await row(id)).toMatchObject({
      to: LEA,
      status: "sent",
      attempts: 1,
      providerMessageIds: ["smsc-1"],
      sentAt: START,
      lastError: null,
    });
    const [listed] = await listOutbox(database.db, { channel: "sms" });
    expect(listed).toMatchObject({ status: "sent", attempts: 1, providerMessageId: "smsc-1" });
  });

  it("sends a long message as concatenated parts of 153 GSM-7 characters with one reference", async () => {
    const text = `Comptoir : ${"votre commande vous attend. ".repeat(14)}`.trim();
    expect(text.length).toBeGreaterThan(306);
    const { id } = await queueSms(database.db, { kind: "order-status", to: LEA, text });
    expect(await delivery().deliverPending()).toBe(1);

    expect(smsc.submits).toHaveLength(3);
    const references = new Set(smsc.submits.map((submit) => submit.concatenation?.[0]));
    expect(references.size).toBe(1);
    expect(smsc.submits.map((submit) => submit.concatenation?.slice(1))).toEqual([
      [3, 1],
      [3, 2],
      [3, 3],
    ]);
    expect(smsc.submits.every((submit) => submit.esmClass === 0x40)).toBe(true);
    expect(smsc.submits.every((submit) => submit.dataCoding === 0)).toBe(true);
    expect(smsc.submits[0]?.text).toHaveLength(153);
    expect(smsc.submits.map((submit) => submit.text).join("")).toBe(text);
    expect((await row(id)).providerMessageIds).toEqual(["smsc-1", "smsc-2", "smsc-3"]);
  });

  it("sends UCS-2 when a character is outside GSM-7, in parts of 67 characters", async () => {
    const text =
      "Comptoir : 2 × Tarte fine aux pommes – à retirer chez Comptoir Opéra, côté rue. Merci !";
    expect(text.length).toBeGreaterThan(70);
    await queueSms(database.db, { kind: "order-confirmation", to: LEA, text });
    expect(await delivery().deliverPending()).toBe(1);

    expect(smsc.submits).toHaveLength(2);
    expect(smsc.submits.every((submit) => submit.dataCoding === 8)).toBe(true);
    expect(smsc.submits[0]?.text).toHaveLength(67);
    expect(smsc.submits.map((submit) => submit.text).join("")).toBe(text);
  });

  it("records the delivery receipts: delivered, failed, expired", async () => {
    const recorded: [DeliveryReceipt, boolean][] = [];
    let allRecorded = () => {};
    const three = new Promise<void>((resolve) => {
      allRecorded = resolve;
    });
    const worker = delivery({
      onReceiptRecorded: (receipt, matched) => {
        recorded.push([receipt, matched]);
        if (recorded.length === 4) allRecorded();
      },
    });
    const ids: string[] = [];
    for (const phone of ["+33612345601", "+33612345602", "+33612345603"]) {
      ids.push(
        (await queueSms(database.db, { kind: "phone_code", to: phone, text: "Code : 1" })).id,
      );
    }
    expect(await worker.deliverPending()).toBe(3);

    clock = later(30_000);
    await smsc.sendReceipt("smsc-1", "DELIVRD");
    await smsc.sendReceipt("smsc-2", "UNDELIV");
    await smsc.sendReceipt("smsc-3", "EXPIRED");
    await smsc.sendReceipt("smsc-99", "DELIVRD");
    await three;

    // Each receipt is recorded in its own transaction: on PostgreSQL they may end in any order.
    const outcomes = recorded.map(([receipt, matched]) => `${receipt.status} ${matched}`).sort();
    expect(outcomes).toEqual(["delivered false", "delivered true", "expired true", "failed true"]);
    const [delivered, failed, expired] = await Promise.all(ids.map(row));
    expect(delivered).toMatchObject({ status: "sent", deliveryStatus: "delivered" });
    expect(delivered?.deliveredAt).toEqual(later(30_000));
    expect(failed).toMatchObject({ status: "sent", deliveryStatus: "failed" });
    expect(failed?.lastError).toMatch(/UNDELIVERABLE/);
    expect(expired).toMatchObject({ status: "sent", deliveryStatus: "expired" });
    const listed = await listOutbox(database.db, { to: "+33612345601" });
    expect(listed[0]?.deliveryStatus).toBe("delivered");
  });
});

describe("the SMS worker", () => {
  it("loses nothing and sends nothing acknowledged twice when the SMSC drops the link mid-batch", async () => {
    const phones = [1, 2, 3, 4, 5].map((n) => `+3361234560${n}`);
    for (const to of phones)
      await queueSms(database.db, { kind: "phone_code", to, text: "Code : 42" });
    smsc.answer = (_submit, index) => (index === 2 ? "drop" : 0);
    const worker = delivery();

    // Two acknowledged, the third lost with the link: tried again later; the pass stops there.
    expect(await worker.deliverPending()).toBe(2);
    const third = (await listOutbox(database.db, { to: phones[2] }))[0];
    expect(third).toMatchObject({ status: "failed", attempts: 1 });
    expect(third?.lastError).toMatch(/link was lost/);

    // The adapter binds again by itself; the next run sends the two that waited.
    smsc.answer = null;
    expect(await worker.deliverPending()).toBe(2);
    expect(smsc.binds).toHaveLength(2);
    clock = later(15_000);
    expect(await worker.deliverPending()).toBe(1);

    const all = await listOutbox(database.db, { channel: "sms" });
    expect(all.every((message) => message.status === "sent")).toBe(true);
    const acknowledged = smsc.submits.filter((submit) => submit.messageId !== null);
    expect(acknowledged.map((submit) => `+${submit.to}`).sort()).toEqual(phones);
    // Only the one whose submit_sm_resp never came went twice.
    expect(smsc.submits.map((submit) => `+${submit.to}`)).toEqual([
      phones[0],
      phones[1],
      phones[2],
      phones[3],
      phones[4],
      phones[2],
    ]);
  });

  it("never sends again a part of a long message that was acknowledged before the link dropped", async () => {
    const text = "Comptoir : votre commande vous attend. ".repeat(9).trim();
    const { id } = await queueSms(database.db, { kind: "order-status", to: LEA, text });
    smsc.answer = (_submit, index) => (index === 1 ? "drop" : 0);
    const worker = delivery();
    expect(await worker.deliverPending()).toBe(0);
    expect(await row(id)).toMatchObject({ status: "failed", providerMessageIds: ["smsc-1"] });

    smsc.answer = null;
    clock = later(15_000);
    expect(await worker.deliverPending()).toBe(1);
    expect(smsc.submits.map((submit) => submit.concatenation?.[2])).toEqual([1, 2, 2, 3]);
    expect(new Set(smsc.submits.map((submit) => submit.concatenation?.[0])).size).toBe(1);
    expect(await row(id)).toMatchObject({
      status: "sent",
      attempts: 2,
      providerMessageIds: ["smsc-1", "smsc-2", "smsc-3"],
    });
  });

  it("backs off when the SMSC throttles (ESME_RTHROTTLED), then sends", async () => {
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 7" });
    const other = await queueSms(database.db, {
      kind: "phone_code",
      to: "+33698765432",
      text: "Code : 8",
    });
    smsc.answer = (_submit, index) => (index === 0 ? 0x58 : 0);
    const worker = delivery();

    expect(await worker.deliverPending()).toBe(0);
    const throttled = await row(id);
    expect(throttled).toMatchObject({ status: "failed", attempts: 1 });
    expect(throttled.lastError).toMatch(/ESME_RTHROTTLED \(0x58\)/);
    expect(throttled.nextAttemptAt).toEqual(later(15_000));
    // The pass stopped: the other SMS did not hammer a throttling SMSC.
    expect((await row(other.id)).status).toBe("pending");

    expect(await worker.deliverPending()).toBe(1);
    expect((await row(id)).status).toBe("failed");
    clock = later(15_000);
    expect(await worker.deliverPending()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("fails at once on a permanent refusal (ESME_RINVDSTADR)", async () => {
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 9" });
    smsc.answer = () => 0x0b;
    const worker = delivery();
    expect(await worker.deliverPending()).toBe(0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null });
    expect(failed.lastError).toMatch(/ESME_RINVDSTADR \(0x0B\)/);
    clock = later(86_400_000);
    expect(await worker.deliverPending()).toBe(0);
    expect(smsc.submits).toHaveLength(1);
  });

  it("gives up after the last attempt of temporary refusals", async () => {
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 5" });
    smsc.answer = () => 0x14;
    const worker = delivery({ maxAttempts: 2 });
    await worker.deliverPending();
    clock = later(15_000);
    await worker.deliverPending();
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, nextAttemptAt: null });
    expect((await row(id)).lastError).toMatch(/ESME_RMSGQFUL/);
  });

  it("refuses bad input without leaving anything pending", async () => {
    const malformed = await queueSms(database.db, { kind: "phone_code", to: "06 12", text: "x" });
    expect(malformed.refused).toMatch(/malformed phone number/);
    const long = await queueSms(database.db, {
      kind: "order-status",
      to: LEA,
      text: "a".repeat(153 * 6 + 1),
    });
    expect(long.refused).toMatch(/7 GSM-7 parts, at most 6/);
    // A well-formed Belgian number queued where every country is allowed (the rules given here:
    // another test file of the worker may have composed a server that set the process's), then
    // refused by the worker, FR being its only country.
    const abroad = await queueSms(
      database.db,
      { kind: "phone_code", to: "+32 470 12 34 56", text: "Code : 1" },
      {},
    );
    expect(abroad.refused).toBeUndefined();

    expect(await delivery().deliverPending()).toBe(0);
    expect(smsc.submits).toHaveLength(0);
    for (const { id } of [malformed, long, abroad]) {
      expect((await row(id)).status).toBe("failed");
      expect((await row(id)).nextAttemptAt).toBeNull();
    }
    expect((await row(abroad.id)).lastError).toBe(
      "+32470123456 is outside the countries SMS go to (FR)",
    );
    const statuses = await listOutbox(database.db, { channel: "sms" });
    expect(statuses.map((message) => message.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("keeps SMS in the outbox without a gateway", async () => {
    const { id } = await queueSms(database.db, { kind: "phone_code", to: LEA, text: "Code : 3" });
    const idle = createSmsDelivery({ db: database.db, gateway: null, rules: {}, logger });
    expect(await idle.deliverPending()).toBe(0);
    await idle.stop();
    expect((await row(id)).status).toBe("pending");
  });

  it("binds again after the SMSC goes away and comes back on the same link settings", async () => {
    const smpp = gateway();
    await smpp.whenBound();
    const rebound = smsc.nextBind();
    // The server drops the link on a submit; the adapter's reconnect binds again.
    const submit = once(smsc.events, "submit");
    smsc.answer = () => "drop";
    const dropped = smpp
      .submit({ to: LEA, text: "Code : 4", reference: 1, acknowledgedParts: 0 }, async () => {})
      .catch((error: Error) => error.message);
    await submit;
    expect(await dropped).toMatch(/link was lost/);
    await rebound;
    await smpp.whenBound();
    expect(smsc.binds).toHaveLength(2);
    await smpp.close();
  });
});
