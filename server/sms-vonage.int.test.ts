import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { startVonageStandIn, type VonageStandIn, vonageReceipt } from "#platform/notify/testing.ts";
import { createServerApp } from "#server/app.ts";
import { testEnv } from "#server/test-env.ts";

/**
 * Vonage as the server composes it (`SMS_GATEWAY=vonage`, server/platform.ts): a login code
 * asked through the ordering API goes out through the official SDK to a stand-in of Vonage's
 * API, and its delivery receipt comes back to `/api/webhooks/vonage/status` through the whole
 * server stack (guards, origin checks, body limits): signed, it updates the row; badly signed,
 * it is refused and changes nothing.
 */
const SIGNATURE_SECRET = "SignatureSecretOfTheTest";
const PHONE = "+33612345678";

let database: Database;
let composed: ReturnType<typeof createServerApp>;
let vonage: VonageStandIn;

const request = (path: string, init?: RequestInit) =>
  Promise.resolve(
    composed.app.request(path, init, { incoming: { socket: { remoteAddress: "203.0.113.9" } } }),
  );

const postForm = (path: string, fields: Record<string, string>) =>
  request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  vonage = await startVonageStandIn();
  composed = createServerApp({
    env: testEnv({
      PUBLIC_URL: "https://comptoir.example",
      SMS_GATEWAY: "vonage",
      VONAGE_API_KEY: vonage.apiKey,
      VONAGE_API_SECRET: vonage.apiSecret,
      VONAGE_SIGNATURE_SECRET: SIGNATURE_SECRET,
      VONAGE_SIGNATURE_METHOD: "sha256",
      VONAGE_REST_HOST: vonage.restHost,
      SMS_SENDER: "Comptoir",
    }),
    database,
    logger: pino({ level: "silent" }),
    build: () => Promise.reject(new Error("no page is asked for here")),
  });
}, 60_000);
afterAll(async () => {
  await composed?.platform.sms.stop();
  await composed?.platform.mail.stop();
  await vonage?.close();
  await database?.close();
});

describe("Vonage in the server", () => {
  it("sends a login code through Vonage and takes its signed receipt; refuses a forged one", async () => {
    const asked = await request("/ordering/Account/RequestPhoneLoginCodeSms", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ PhoneNumber: "06 12 34 56 78" }),
    });
    expect(asked.status).toBe(200);
    // The request kicked a delivery run of its own: this one may find the code already claimed
    // by it and return before it is sent; the submit is then awaited.
    await composed.platform.sms.deliverPending();
    await expect.poll(() => vonage.submits.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () => (await listOutbox(database.db, { to: PHONE, kind: "phone_code" }))[0]?.status,
      )
      .toBe("sent");
    const [submit] = vonage.submits;
    expect(submit).toMatchObject({
      from: "Comptoir",
      to: "33612345678",
      callback: "https://comptoir.example/api/webhooks/vonage/status",
    });
    const messageId = submit?.messageIds[0] as string;
    const [sent] = await listOutbox(database.db, { to: PHONE, kind: "phone_code" });
    expect(sent).toMatchObject({ status: "sent", providerMessageId: messageId });
    expect(sent?.deliveryStatus).toBeNull();

    // Forged: signed with another secret, or tampered after signing. 401, nothing changes.
    const now = new Date();
    const forged = vonageReceipt(
      { messageId, status: "failed", at: now },
      "NotTheSecret",
      "sha256",
    );
    const tampered = {
      ...vonageReceipt({ messageId, status: "delivered", at: now }, SIGNATURE_SECRET, "sha256"),
      status: "failed",
    };
    const unsigned = { messageId, status: "failed", msisdn: "33612345678" };
    for (const receipt of [forged, tampered, unsigned]) {
      expect((await postForm("/api/webhooks/vonage/status", receipt)).status).toBe(401);
    }
    const [untouched] = await listOutbox(database.db, { to: PHONE, kind: "phone_code" });
    expect(untouched?.deliveryStatus).toBeNull();

    // Signed as Vonage signs it: the row says delivered.
    const signed = vonageReceipt(
      { messageId, status: "delivered", at: now },
      SIGNATURE_SECRET,
      "sha256",
    );
    const taken = await postForm("/api/webhooks/vonage/status", signed);
    expect(taken.status).toBeLessThan(300);
    const [delivered] = await listOutbox(database.db, { to: PHONE, kind: "phone_code" });
    expect(delivered).toMatchObject({ status: "sent", deliveryStatus: "delivered" });
  });
});
