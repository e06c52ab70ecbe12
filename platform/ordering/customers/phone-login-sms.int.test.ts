import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import {
  createSmsDelivery,
  listOutbox,
  queueSms,
  type SmsGateway,
  SmsGatewayError,
} from "#platform/notify/index.ts";
import { phoneLoginLimits } from "#platform/ordering/customers/phone-login.ts";
import { createOrderingApi, type OrderingApiOptions } from "#platform/ordering/http.ts";
import { orderingPhoneLoginCode } from "#platform/ordering/schema.ts";
import { callOrdering } from "#platform/ordering/testing.ts";

/**
 * Phone login and the SMS rules (issue 49): numbers outside `SMS_COUNTRIES` and malformed ones
 * refused in the API's shape with nothing stored, and a code whose SMS failed for good asked
 * again at once.
 */

let database: Database;
let api: ReturnType<typeof createOrderingApi>;
let clock: Date;
const START = new Date("2026-11-24T08:30:00Z");
const logger = pino({ level: "silent" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

function setClock(date: Date) {
  clock = date;
  vi.setSystemTime(date);
}

function createApi(options: Partial<OrderingApiOptions> = {}) {
  api = createOrderingApi({
    db: database.db,
    apiToken: "test-ordering-api-token",
    whiteLabel: "comptoir",
    publicOrigin: "https://shop.test",
    now: () => clock,
    clientIp: (c) => c.req.header("x-test-client") ?? "192.0.2.1",
    phoneLoginLimits: phoneLoginLimits(),
    ...options,
  });
}

afterEach(() => vi.useRealTimers());
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  setClock(START);
  await database.db.delete(orderingPhoneLoginCode);
  createApi();
});

const askCode = (phone: string, client = "192.0.2.1") =>
  callOrdering(api, "POST", "/Account/RequestPhoneLoginCodeSms", {
    body: { PhoneNumber: phone },
    headers: { "x-test-client": client },
  });

const smsCount = async () => (await listOutbox(database.db, { channel: "sms", limit: 500 })).length;

async function storedNothing(smsBefore: number) {
  expect(await smsCount()).toBe(smsBefore);
  expect(await database.db.select().from(orderingPhoneLoginCode)).toEqual([]);
}

describe("bad numbers at the API", () => {
  it("refuses a malformed number in the API's shape, in French, storing nothing", async () => {
    const before = await smsCount();
    for (const phone of ["06 12 34", "+33 6 12 34 56 78 90", "bonjour", "+0612345678"]) {
      const { status, body } = await askCode(phone);
      expect(status).toBe(400);
      expect(body).toEqual({
        Success: false,
        Code: "invalid_phone",
        UserMessage:
          "Ce numéro de téléphone n'est pas valide. Saisissez un numéro français, par exemple 06 12 34 56 78.",
        Field: "PhoneNumber",
      });
    }
    await storedNothing(before);
  });

  it("refuses a number outside the configured countries, storing nothing", async () => {
    const before = await smsCount();
    createApi({ smsRules: { countries: ["FR", "BE"] } });
    for (const phone of ["+44 7911 123456", "+1 415 555 0100", "+49 151 12345678"]) {
      const { status, body } = await askCode(phone);
      expect(status).toBe(400);
      expect(body).toEqual({
        Success: false,
        Code: "phone_country_unsupported",
        UserMessage:
          "Nous ne pouvons pas envoyer de SMS vers ce pays. Saisissez un numéro français, par exemple 06 12 34 56 78.",
        Field: "PhoneNumber",
      });
    }
    await storedNothing(before);

    // A country the configuration names gets its code, as an overseas department does.
    for (const phone of ["+32 470 12 34 56", "+262 692 12 34 56", "06 12 34 56 78"]) {
      expect((await askCode(phone)).status).toBe(200);
    }
    const sent = await listOutbox(database.db, { channel: "sms", limit: 3 });
    expect(sent.map((sms) => [sms.to, sms.status]).sort()).toEqual([
      ["+262692123456", "pending"],
      ["+32470123456", "pending"],
      ["+33612345678", "pending"],
    ]);
  });

  it("keeps France only by default: a Belgian number is refused", async () => {
    const before = await smsCount();
    const { status, body } = await askCode("+32 470 12 34 56");
    expect(status).toBe(400);
    expect(body.Code).toBe("phone_country_unsupported");
    await storedNothing(before);
  });
});

describe("order messages and the configured rules", () => {
  it("stores an SMS over the part limit or outside the countries failed at once, never pending", async () => {
    const rules = { countries: ["FR"] };
    const long = await queueSms(
      database.db,
      { kind: "order-status", to: "+33611111111", text: "Votre commande est prête. ".repeat(60) },
      rules,
    );
    expect(long.refused).toMatch(/^text too long: \d+ UCS-2 parts, at most 6$/);
    const abroad = await queueSms(
      database.db,
      { kind: "order-confirmation", to: "+44 7911 123456", text: "Commande 12 reçue." },
      rules,
    );
    expect(abroad.refused).toBe("+447911123456 is outside the countries SMS go to (FR)");
    const rows = await listOutbox(database.db, { channel: "sms", limit: 2 });
    expect(rows.map((sms) => sms.status)).toEqual(["failed", "failed"]);
    expect(rows.every((sms) => sms.lastError !== null && sms.attempts === 0)).toBe(true);
  });
});

describe("asking again after a code's SMS failed for good", () => {
  /**
   * Runs the SMS worker with a gateway that refuses every submit as temporary, until the SMS to
   * `phone` is no longer pending: with one attempt allowed, that is its final failure.
   */
  async function runWorker(phone: string, maxAttempts: number) {
    const gateway: SmsGateway = {
      async submit() {
        throw new SmsGatewayError("submit_sm refused: ESME_RSUBMITFAIL", false, 0x45);
      },
      onReceipt() {},
      async close() {},
    };
    const delivery = createSmsDelivery({
      db: database.db,
      gateway,
      rules: { countries: ["FR"] },
      logger,
      now: () => clock,
      sweepIntervalMs: 0,
      maxAttempts,
    });
    // A temporary refusal ends a pass: one SMS per pass.
    for (let pass = 0; pass < 50; pass++) {
      const [latest] = await listOutbox(database.db, { to: phone, limit: 1 });
      if (latest?.status !== "pending") break;
      await delivery.deliverPending();
    }
    await delivery.stop();
  }
  const failEverySmsForGood = (phone: string) => runWorker(phone, 1);

  it("lets the shopper ask at once when the last code's SMS failed for good", async () => {
    // Three codes to a phone from new addresses are free; the fourth waits 30 seconds…
    for (let i = 0; i < 3; i++)
      expect((await askCode("0677777777", `198.51.100.${i}`)).status).toBe(200);
    const waiting = await askCode("0677777777", "198.51.100.3");
    expect(waiting.status).toBe(429);
    expect(waiting.body.RetryAfterSeconds).toBe(30);

    // …unless the last one's SMS failed after its last try: the request that came to nothing
    // does not count in the phone's delay.
    await failEverySmsForGood("+33677777777");
    const [failed] = await listOutbox(database.db, { to: "+33677777777" });
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    const again = await askCode("0677777777", "198.51.100.4");
    expect(again.status).toBe(200);
    const [fresh] = await listOutbox(database.db, { to: "+33677777777" });
    expect(fresh?.status).toBe("pending");
    expect(fresh?.id).not.toBe(failed?.id);

    // The new code's SMS is on its way: the delay applies again.
    expect((await askCode("0677777777", "198.51.100.5")).status).toBe(429);
  });

  it("still applies the per-address limits after a failure", async () => {
    // One address gets 5 codes an hour for one phone, whatever became of their SMS.
    for (let i = 0; i < 5; i++) {
      expect((await askCode("0655555555", "192.0.2.9")).status).toBe(200);
      await failEverySmsForGood("+33655555555");
    }
    const sixth = await askCode("0655555555", "192.0.2.9");
    expect(sixth.status).toBe(429);
    expect(sixth.body.Code).toBe("rate_limited");
  });

  it("does not forgive a code whose SMS is only waiting for a retry", async () => {
    for (let i = 0; i < 3; i++)
      expect((await askCode("0644444444", `203.0.113.${i}`)).status).toBe(200);
    // A temporary refusal with tries left: the SMS will still go.
    await runWorker("+33644444444", 6);
    const [retrying] = await listOutbox(database.db, { to: "+33644444444", limit: 1 });
    expect(retrying).toMatchObject({ status: "failed", attempts: 1 });
    expect((await askCode("0644444444", "203.0.113.9")).status).toBe(429);
  });
});
