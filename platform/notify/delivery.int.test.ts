import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { tryBackgroundLock } from "#platform/background-lock.ts";
import {
  createMailDelivery,
  type MailDeliveryOptions,
  SWEEP_LOCK,
} from "#platform/notify/delivery.ts";
import { listOutbox, queueEmail, queueSms } from "#platform/notify/outbox.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";
import { renderEmail } from "#platform/notify/templates/layout.ts";
import {
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#platform/notify/testing.ts";

const FROM = "Comptoir <bonjour@comptoir.example>";
const START = new Date("2026-11-22T08:00:00Z");

let database: Database;
let smtp: TestSmtpServer;
let clock: Date;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(notifyOutbox);
  smtp.received.length = 0;
  smtp.failWith = null;
  clock = START;
});

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

function delivery(options: Partial<MailDeliveryOptions> = {}) {
  const created = createMailDelivery({
    db: database.db,
    smtpUrl: smtp.url,
    from: FROM,
    logger,
    now: () => clock,
    sweepIntervalMs: 0,
    ...options,
  });
  stops.push(created.stop);
  return created;
}

async function queueActivation(to: string) {
  const email = renderEmail({
    subject: "Activez votre compte",
    paragraphs: ["Bonjour Léa,", "Votre compte est presque prêt."],
    action: { label: "Activer mon compte", url: "https://shop.test/account/activate/1/tok" },
  });
  return queueEmail(database.db, { kind: "activation", to, ...email });
}

async function row(id: string) {
  const [found] = await database.db.select().from(notifyOutbox).where(eq(notifyOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** A header of a raw message, unfolded. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.data.split("\r\n\r\n")[0]?.replace(/\r\n[ \t]+/g, " ") ?? "";
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded text/plain part of a raw message. */
function textPart(mail: ReceivedMail): string {
  const part = mail.data
    .split(/\r\n--[^\r\n]+\r\n/)
    .find((chunk) => /^content-type: text\/plain/im.test(chunk));
  if (!part) throw new Error("no text/plain part");
  const [head = "", ...rest] = part.split("\r\n\r\n");
  const body = rest.join("\r\n\r\n");
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (/content-transfer-encoding: base64/i.test(head)) {
    return Buffer.from(body, "base64").toString("utf8");
  }
  return body;
}

describe("with an SMTP server", () => {
  it("sends a pending email with its subject and body and marks it sent", async () => {
    const { id } = await queueActivation("lea@exemple.fr");
    expect(await delivery().deliverPending()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received as [ReceivedMail];
    expect(mail.from).toBe("bonjour@comptoir.example");
    expect(mail.to).toEqual(["lea@exemple.fr"]);
    expect(header(mail, "Subject")).toBe("Activez votre compte");
    expect(header(mail, "Message-ID")).toBe(`<${id}@comptoir.outbox>`);
    expect(textPart(mail)).toContain("Bonjour Léa,");
    expect(textPart(mail)).toContain("https://shop.test/account/activate/1/tok");
    expect(mail.data).toMatch(/content-type: text\/html/i);

    const stored = await row(id);
    expect(stored).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(stored.sentAt).toEqual(START);
    const [listed] = await listOutbox(database.db, { to: "lea@exemple.fr" });
    expect(listed?.status).toBe("sent");
  });

  it("leaves SMS in the outbox", async () => {
    await queueSms(database.db, { kind: "phone_code", to: "+33612345678", text: "Code : 123456" });
    expect(await delivery().deliverPending()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const [sms] = await listOutbox(database.db, { channel: "sms" });
    expect(sms?.status).toBe("pending");
  });

  it("marks a refused email failed with the error and sends it on a later attempt", async () => {
    const { id } = await queueActivation("refus@exemple.fr");
    smtp.failWith = "451 4.3.0 Mailbox busy, try later";
    const mailer = delivery();
    expect(await mailer.deliverPending()).toBe(0);

    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toContain("451 4.3.0 Mailbox busy, try later");
    expect(failed.nextAttemptAt).toEqual(new Date(START.getTime() + 60_000));
    expect((await listOutbox(database.db, { to: "refus@exemple.fr" }))[0]?.status).toBe("failed");

    smtp.failWith = null;
    expect(await mailer.deliverPending()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    clock = new Date(START.getTime() + 60_000);
    expect(await mailer.deliverPending()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("backs off twice as long after each failure and gives up after the last attempt", async () => {
    const { id } = await queueActivation("jamais@exemple.fr");
    smtp.failWith = "550 5.1.1 No such user";
    const mailer = delivery({ maxAttempts: 3 });
    await mailer.deliverPending();
    clock = new Date(START.getTime() + 60_000);
    await mailer.deliverPending();
    expect((await row(id)).nextAttemptAt).toEqual(new Date(clock.getTime() + 120_000));
    clock = new Date(clock.getTime() + 120_000);
    await mailer.deliverPending();

    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3, nextAttemptAt: null });
    smtp.failWith = null;
    clock = new Date(START.getTime() + 86_400_000);
    expect(await mailer.deliverPending()).toBe(0);
  });

  it("marks an email failed when the SMTP server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { id } = await queueActivation("hors-ligne@exemple.fr");
    const mailer = delivery({ smtpUrl: `smtp://127.0.0.1:${address.port}` });
    expect(await mailer.deliverPending()).toBe(0);
    const failed = await row(id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
  });

  it("never sends one email twice when two instances deliver at once", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add((await queueActivation(`client${i}@exemple.fr`)).id);
    const counts = await Promise.all([delivery().deliverPending(), delivery().deliverPending()]);

    expect(counts[0] + counts[1]).toBe(12);
    const messageIds = smtp.received.map((mail) => header(mail, "Message-ID"));
    expect(new Set(messageIds).size).toBe(12);
    expect(messageIds).toHaveLength(12);
    const statuses = await listOutbox(database.db);
    expect(statuses.every((message) => message.status === "sent")).toBe(true);
  });

  it("sends again an email whose worker died while sending, after ten minutes", async () => {
    const { id } = await queueActivation("relance@exemple.fr");
    await database.db
      .update(notifyOutbox)
      .set({ status: "sending", claimedAt: START })
      .where(eq(notifyOutbox.id, id));
    const mailer = delivery();
    clock = new Date(START.getTime() + 9 * 60_000);
    expect(await mailer.deliverPending()).toBe(0);
    clock = new Date(START.getTime() + 11 * 60_000);
    expect(await mailer.deliverPending()).toBe(1);
  });

  it("delivers in the background after a kick, and stop waits for the run", async () => {
    await queueActivation("kick@exemple.fr");
    const mailer = delivery();
    mailer.kick();
    mailer.kick();
    await mailer.stop();
    expect(smtp.received).toHaveLength(1);
    mailer.kick();
    expect((await listOutbox(database.db))[0]?.status).toBe("sent");
  });

  it("sweeps on its timer only when no other instance is sweeping", async () => {
    await queueActivation("balayage@exemple.fr");
    // Another instance is sweeping: it holds the sweep's lock.
    const elsewhere = await tryBackgroundLock(database.db, SWEEP_LOCK);
    expect(elsewhere).not.toBeNull();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const skipping = delivery({ sweepIntervalMs: 1000 });
      vi.advanceTimersByTime(1000);
      await skipping.stop();
      expect(smtp.received).toHaveLength(0);

      await elsewhere?.release();
      const sweeping = delivery({ sweepIntervalMs: 1000 });
      vi.advanceTimersByTime(1000);
      await sweeping.stop();
      expect(smtp.received).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("without an SMTP server", () => {
  it("keeps emails pending in the outbox as the record", async () => {
    const { id } = await queueActivation("local@exemple.fr");
    const mailer = delivery({ smtpUrl: undefined });
    expect(await mailer.deliverPending()).toBe(0);
    mailer.kick();
    await mailer.stop();
    expect((await row(id)).status).toBe("pending");
    expect(smtp.received).toHaveLength(0);
  });
});
