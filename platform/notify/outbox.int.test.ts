import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { listOutbox, outboxBacklog, queueEmail, queueSms } from "#platform/notify/outbox.ts";
import { notifyOutbox } from "#platform/notify/schema.ts";
import { renderEmail } from "#platform/notify/templates/layout.ts";
import { latestMessage, linkIn } from "#platform/notify/testing.ts";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(notifyOutbox);
});

function activationEmail(url: string) {
  return renderEmail({
    subject: "Activez votre compte",
    paragraphs: ["Bonjour Camille,", "Merci de votre inscription."],
    action: { label: "Activer mon compte", url },
  });
}

describe("queueEmail and queueSms", () => {
  it("stores an email as pending with its text and HTML", async () => {
    const email = activationEmail("https://shop.test/account/activate/1/abc");
    const { id } = await queueEmail(database.db, { kind: "activation", to: "a@x.fr", ...email });
    const [message] = await listOutbox(database.db);
    expect(message).toMatchObject({
      id,
      channel: "email",
      kind: "activation",
      to: "a@x.fr",
      subject: "Activez votre compte",
      status: "pending",
      sentAt: null,
    });
    expect(message?.text).toContain("https://shop.test/account/activate/1/abc");
    expect(message?.html).toContain("Activer mon compte");
  });

  it("stores an SMS without subject or HTML", async () => {
    await queueSms(database.db, { kind: "phone_code", to: "+33612345678", text: "Code : 123456" });
    const [message] = await listOutbox(database.db, { channel: "sms" });
    expect(message).toMatchObject({ channel: "sms", subject: null, html: null, status: "pending" });
  });

  it("keeps no message when the caller's transaction rolls back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueEmail(tx, {
          kind: "activation",
          to: "b@x.fr",
          ...activationEmail("https://s/"),
        });
        throw new Error("the account could not be created");
      }),
    ).rejects.toThrow("could not be created");
    expect(await listOutbox(database.db, { to: "b@x.fr" })).toEqual([]);
  });

  it("keeps the message of a committed transaction", async () => {
    await database.db.transaction(async (tx) => {
      await queueEmail(tx, { kind: "activation", to: "c@x.fr", ...activationEmail("https://s/") });
    });
    expect(await listOutbox(database.db, { to: "c@x.fr" })).toHaveLength(1);
  });
});

describe("listOutbox", () => {
  it("lists newest first, filtered by recipient, channel and kind, within the limit", async () => {
    const reset = renderEmail({ subject: "Réinitialisation", paragraphs: ["Bonjour"] });
    await database.db.transaction(async (tx) => {
      await queueEmail(tx, { kind: "activation", to: "d@x.fr", ...activationEmail("https://s/1") });
      await queueEmail(tx, { kind: "password_reset", to: "d@x.fr", ...reset });
      await queueEmail(tx, { kind: "activation", to: "d@x.fr", ...activationEmail("https://s/2") });
    });
    await queueSms(database.db, { kind: "phone_code", to: "+33600000000", text: "Code : 1" });

    const all = await listOutbox(database.db, { to: "d@x.fr" });
    expect(all.map((m) => m.kind)).toEqual(["activation", "password_reset", "activation"]);
    const activations = await listOutbox(database.db, { to: "d@x.fr", kind: "activation" });
    expect(activations.map(linkIn)).toEqual(["https://s/2", "https://s/1"]);
    expect(await listOutbox(database.db, { limit: 2 })).toHaveLength(2);
    expect(await listOutbox(database.db, { channel: "sms" })).toHaveLength(1);
  });
});

describe("outboxBacklog", () => {
  it("counts what waits by channel, with the oldest one's age; failed for good apart", async () => {
    expect(await outboxBacklog(database.db)).toEqual([
      { channel: "email", pending: 0, oldestPendingSeconds: 0, givenUp: 0 },
      { channel: "sms", pending: 0, oldestPendingSeconds: 0, givenUp: 0 },
    ]);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const email = { subject: "S", text: "T", html: "<p>T</p>" };
    await database.db.insert(notifyOutbox).values([
      { channel: "email", kind: "a", to: "a@x.fr", ...email, createdAt: hourAgo },
      { channel: "email", kind: "b", to: "b@x.fr", ...email, status: "sending" },
      // Failed, due again later: still waiting.
      {
        channel: "email",
        kind: "c",
        to: "c@x.fr",
        ...email,
        status: "failed",
        nextAttemptAt: new Date(),
      },
      // Out of attempts, and sent: not waiting.
      { channel: "email", kind: "d", to: "d@x.fr", ...email, status: "failed" },
      { channel: "email", kind: "e", to: "e@x.fr", ...email, status: "sent", sentAt: new Date() },
      { channel: "sms", kind: "f", to: "+33612345678", text: "Code" },
    ]);
    const [emails, sms] = await outboxBacklog(database.db);
    expect(emails).toMatchObject({ channel: "email", pending: 3, givenUp: 1 });
    expect(emails?.oldestPendingSeconds).toBeGreaterThanOrEqual(3590);
    expect(emails?.oldestPendingSeconds).toBeLessThan(3700);
    expect(sms).toMatchObject({ channel: "sms", pending: 1, givenUp: 0 });
  });
});

describe("test helpers", () => {
  it("finds the latest message of a kind and follows its link", async () => {
    await queueEmail(database.db, {
      kind: "activation",
      to: "e@x.fr",
      ...activationEmail("https://shop.test/account/activate/7/old"),
    });
    await queueEmail(database.db, {
      kind: "activation",
      to: "e@x.fr",
      ...activationEmail("https://shop.test/account/activate/7/new"),
    });
    const message = await latestMessage(database.db, "e@x.fr", "activation");
    expect(linkIn(message)).toBe("https://shop.test/account/activate/7/new");
  });

  it("says so when no message was sent", async () => {
    await expect(latestMessage(database.db, "nobody@x.fr", "activation")).rejects.toThrow(
      'No "activation" message was sent to nobody@x.fr',
    );
    expect(() => linkIn({ text: "Bonjour" })).toThrow("No link");
  });
});
