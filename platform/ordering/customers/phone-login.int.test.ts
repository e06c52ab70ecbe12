import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { listOutbox } from "#platform/notify/index.ts";
import { setOrderingCustomerDisabled } from "#platform/ordering/customers/admin.ts";
import { phoneLoginLimits } from "#platform/ordering/customers/phone-login.ts";
import { createOrderingApi } from "#platform/ordering/http.ts";
import { orderingCustomer, orderingPaymentAccount } from "#platform/ordering/tables.ts";
import { callOrdering } from "#platform/ordering/testing.ts";

let database: Database;
let api: ReturnType<typeof createOrderingApi>;
let clock: Date;
const START = new Date("2026-11-24T08:30:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Moves the API's clock and Date.now(), which the rate limiter reads: no sleeps. */
function setClock(date: Date) {
  clock = date;
  vi.setSystemTime(date);
}

afterEach(() => vi.useRealTimers());

beforeEach(() => {
  // The memory store also drops records with timers: faked too, so that only the clock the
  // tests move expires them, however slow the database.
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  setClock(START);
  // A fresh API per test: its rate limits start empty.
  api = createOrderingApi({
    db: database.db,
    apiToken: "test-ordering-api-token",
    whiteLabel: "comptoir",
    publicOrigin: "https://shop.test",
    now: () => clock,
    clientIp: (c) => c.req.header("x-test-client") ?? "192.0.2.1",
    phoneLoginLimits: phoneLoginLimits(),
  });
});

const call = (method: string, path: string, options?: Parameters<typeof callOrdering>[3]) =>
  callOrdering(api, method, path, options);

/** Asks a code for a phone; answers the request id and the code read from the SMS outbox. */
async function requestCode(phone: string, client = "192.0.2.1") {
  const { status, body } = await call("POST", "/Account/RequestPhoneLoginCodeSms", {
    body: { PhoneNumber: phone },
    headers: { "x-test-client": client },
  });
  expect(status).toBe(200);
  const [sms] = await listOutbox(database.db, { to: body.Data.PhoneNumber, kind: "phone_code" });
  const code = /(\d{6})/.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error("no code in the outbox");
  return { requestId: body.Data.RequestId as string, code, e164: body.Data.PhoneNumber as string };
}

async function customerIdOf(phone: string): Promise<number> {
  const [row] = await database.db
    .select({ id: orderingCustomer.id })
    .from(orderingCustomer)
    .where(eq(orderingCustomer.phone, phone));
  if (!row) throw new Error("no customer");
  return row.id;
}

const login = (phone: string, requestId: string, code: string, client = "192.0.2.1") =>
  call("POST", "/Account/LoginUsingPhoneNumber", {
    body: { PhoneNumber: phone, RequestId: requestId, Code: code },
    headers: { "x-test-client": client },
  });

describe("phone login", () => {
  it("sends a 6-digit code by SMS and signs in with it, creating the customer", async () => {
    const { requestId, code, e164 } = await requestCode("06 12 34 56 78");
    expect(e164).toBe("+33612345678");
    const [sms] = await listOutbox(database.db, { to: e164, kind: "phone_code" });
    expect(sms).toMatchObject({ channel: "sms", status: "pending" });
    expect(sms?.text).toBe(`Votre code Comptoir : ${code}. Il expire dans 10 minutes.`);

    const { status, body } = await login("+33 6 12 34 56 78", requestId, code);
    expect(status).toBe(200);
    expect(body.Success).toBe(true);
    expect(body.Data.Token).toMatch(/^[\w-]{40,}$/);
    expect(body.Data.Customer).toMatchObject({ PhoneNumber: "+33612345678", Name: null });
  });

  it("refuses a reused code", async () => {
    const { requestId, code } = await requestCode("0033 6 11 11 11 11");
    expect((await login("0611111111", requestId, code)).status).toBe(200);
    const again = await login("0611111111", requestId, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      Success: false,
      Code: "code_used",
      UserMessage: "Ce code a déjà été utilisé. Demandez-en un nouveau.",
    });
  });

  it("refuses a customer the office disabled, with a message that says no more", async () => {
    const first = await requestCode("06 33 33 33 33");
    expect((await login("0633333333", first.requestId, first.code)).status).toBe(200);
    await setOrderingCustomerDisabled(database.db, await customerIdOf("+33633333333"), true, START);
    const { requestId, code } = await requestCode("06 33 33 33 33");
    const refused = await login("0633333333", requestId, code);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      Success: false,
      Code: "customer_disabled",
      UserMessage:
        "Connexion impossible avec ce compte. Contactez la boutique pour en savoir plus.",
    });
  });

  it("refuses an expired code: it works 10 minutes", async () => {
    const { requestId, code } = await requestCode("06 22 22 22 22");
    setClock(new Date(START.getTime() + 10 * 60_000));
    const late = await login("0622222222", requestId, code);
    expect(late.body).toMatchObject({ Success: false, Code: "code_expired" });
    expect(late.body.UserMessage).toBe("Ce code a expiré. Demandez-en un nouveau.");

    const fresh = await requestCode("06 22 22 22 22");
    setClock(new Date(clock.getTime() + 10 * 60_000 - 1));
    expect((await login("0622222222", fresh.requestId, fresh.code)).status).toBe(200);
  });

  it("refuses the sixth attempt, even with the right code", async () => {
    const { requestId, code } = await requestCode("06 33 33 33 33");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const { body } = await login("0633333333", requestId, wrong);
      expect(body).toMatchObject({
        Success: false,
        Code: "invalid_code",
        UserMessage: "Ce code est incorrect.",
      });
    }
    const sixth = await login("0633333333", requestId, code);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ Success: false, Code: "too_many_attempts" });
  });

  it("never signs another phone in with a code, nor a code with another request", async () => {
    const first = await requestCode("06 44 44 44 44");
    const second = await requestCode("06 55 55 55 55");
    const other = await login("0655555555", first.requestId, first.code);
    expect(other.body).toMatchObject({ Success: false, Code: "invalid_code" });
    const crossed = await login("0644444444", second.requestId, first.code);
    expect(crossed.body).toMatchObject({ Success: false, Code: "invalid_code" });
    // The rightful phone still signs in with its own code and request.
    const own = await login("0644444444", first.requestId, first.code);
    expect(own.body.Data.Customer.PhoneNumber).toBe("+33644444444");
  });

  it("refuses a number that is not French, with the spec's rule", async () => {
    const { status, body } = await call("POST", "/Account/RequestPhoneLoginCodeSms", {
      body: { PhoneNumber: "+44 7911 123456" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      Success: false,
      Code: "phone_country_unsupported",
      Field: "PhoneNumber",
    });
  });

  const askCode = (phone: string, client: string) =>
    call("POST", "/Account/RequestPhoneLoginCodeSms", {
      body: { PhoneNumber: phone },
      headers: { "x-test-client": client },
    });

  it("spaces out codes to a phone asked from elsewhere; its owner still signs in", async () => {
    const own = await requestCode("06 66 66 66 66", "192.0.2.60");
    expect((await login("0666666666", own.requestId, own.code, "192.0.2.60")).status).toBe(200);

    // Codes asked from ever new addresses: with the owner's, three are sent, then the phone's
    // delay starts (a code sent is never taken back: each one is an SMS).
    for (let i = 0; i < 2; i++) await requestCode("06 66 66 66 66", `198.51.100.${i}`);
    const fourth = await askCode("0666666666", "198.51.100.3");
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toBe("30");
    expect(fourth.body).toMatchObject({
      Success: false,
      Code: "rate_limited",
      UserMessage: "Trop de demandes. Réessayez dans 30 secondes.",
      RetryAfterSeconds: 30,
    });

    // The owner, from the address they signed in from, gets a code and signs in at once.
    const again = await requestCode("06 66 66 66 66", "192.0.2.60");
    const signedIn = await login("0666666666", again.requestId, again.code, "192.0.2.60");
    expect(signedIn.status).toBe(200);
  });

  it("makes each further code to a phone wait longer, up to 10 minutes", async () => {
    let client = 0;
    const ask = () => askCode("0688888888", `203.0.113.${client++}`);
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    let elapsed = 0;
    for (const [seconds, wait] of [
      [30, "30 secondes"],
      [60, "1 minute"],
      [120, "2 minutes"],
      [240, "4 minutes"],
      [480, "8 minutes"],
      [600, "10 minutes"],
      [600, "10 minutes"],
    ] as const) {
      expect((await ask()).body.UserMessage).toBe(`Trop de demandes. Réessayez dans ${wait}.`);
      elapsed += seconds * 1000;
      setClock(new Date(START.getTime() + elapsed));
      expect((await ask()).status).toBe(200);
    }
  });

  it("limits codes per phone from one address and per address across phones", async () => {
    let elapsed = 0;
    for (let i = 0; i < 5; i++) {
      await requestCode("06 99 99 99 99", "198.51.100.200");
      elapsed += 10 * 60_000; // past the phone's delay
      setClock(new Date(START.getTime() + elapsed));
    }
    const sixth = await askCode("0699999999", "198.51.100.200");
    expect(sixth.body).toMatchObject({ Code: "rate_limited", RetryAfterSeconds: 600 });

    for (let i = 10; i < 25; i++) await requestCode(`06 77 77 77 ${i}`, "198.51.100.200");
    const fromSameClient = await askCode("0677777799", "198.51.100.200");
    expect(fromSameClient.body.Code).toBe("rate_limited");
    expect((await askCode("0677777799", "198.51.100.201")).status).toBe(200);
  });

  it("delays code checks on a phone tried from many addresses, not its owner's", async () => {
    const own = await requestCode("06 12 12 12 12", "192.0.2.61");
    expect((await login("0612121212", own.requestId, own.code, "192.0.2.61")).status).toBe(200);
    const target = await requestCode("06 12 12 12 12", "192.0.2.61");
    const wrong = target.code === "000000" ? "111111" : "000000";
    // Guesses at codes of the phone from new addresses: six run, then each waits.
    for (let i = 0; i < 6; i++) {
      const guess = await login("0612121212", "inconnu", wrong, `198.51.100.${50 + i}`);
      expect(guess.body.Code).toBe("invalid_code");
    }
    const delayed = await login("0612121212", "inconnu", wrong, "198.51.100.60");
    expect(delayed.body).toMatchObject({ Code: "rate_limited", RetryAfterSeconds: 1 });
    const owner = await login("0612121212", target.requestId, target.code, "192.0.2.61");
    expect(owner.status).toBe(200);
  });

  it("limits code checks per address across phones", async () => {
    for (let i = 10; i < 40; i++) {
      const guess = await login(`06 13 13 13 ${i}`, "inconnu", "000000", "203.0.113.99");
      expect(guess.body.Code).toBe("invalid_code");
    }
    const blocked = await login("0613131340", "inconnu", "000000", "203.0.113.99");
    expect(blocked.body).toMatchObject({ Code: "rate_limited", RetryAfterSeconds: 600 });
  });
});

describe("the shopper's address on in-process calls", () => {
  it("counts by the shopper address header only when the request has no network peer", async () => {
    const inProcess = createOrderingApi({
      db: database.db,
      apiToken: "test-ordering-api-token",
      whiteLabel: "comptoir",
      publicOrigin: "https://shop.test",
      now: () => clock,
      clientIp: () => undefined,
      phoneLoginLimits: phoneLoginLimits(),
    });
    const ask = (phone: string, shopper: string) =>
      callOrdering(inProcess, "POST", "/Account/RequestPhoneLoginCodeSms", {
        body: { PhoneNumber: phone },
        headers: { "X-Comptoir-Shopper-Ip": shopper },
      });
    for (let i = 10; i < 30; i++) {
      expect((await ask(`07 12 12 12 ${i}`, "198.51.100.7")).status).toBe(200);
    }
    expect((await ask("0712121299", "198.51.100.7")).body.Code).toBe("rate_limited");
    expect((await ask("0712121299", "198.51.100.8")).status).toBe(200);
  });
});

async function signIn(phone: string) {
  const { requestId, code } = await requestCode(phone);
  const { body } = await login(phone, requestId, code);
  return body.Data.Token as string;
}

describe("account", () => {
  it("refuses account calls without a valid customer token", async () => {
    const none = await call("PUT", "/Account/CustomerName", { body: { customerName: "Léa" } });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ Success: false, Code: "unauthorized" });
    const forged = await call("GET", "/Account/Details", { token: "not-a-token" });
    expect(forged.status).toBe(401);
  });

  it("sets the name, the email and the SMS promotions flag", async () => {
    const token = await signIn("06 01 02 03 04");
    const named = await call("PUT", "/Account/CustomerName", {
      token,
      body: { customerName: "  Léa Martin " },
    });
    expect(named.body.Data.Name).toBe("Léa Martin");
    const mailed = await call("POST", "/Account/SetEmailAddress", {
      token,
      body: { Email: "lea@example.fr" },
    });
    expect(mailed.body.Data.EmailAddress).toBe("lea@example.fr");
    const flagged = await call("PUT", "/Account/SmsPromotionsEnabledFlag", {
      token,
      body: { enabled: true },
    });
    expect(flagged.body.Data.SmsPromotionsEnabled).toBe(true);
    const details = await call("GET", "/Account/Details", { token });
    expect(details.body.Data).toMatchObject({
      Name: "Léa Martin",
      EmailAddress: "lea@example.fr",
      SmsPromotionsEnabled: true,
    });
  });

  it("validates bodies with a clear 400", async () => {
    const token = await signIn("06 01 02 03 05");
    const bad = await call("POST", "/Account/SetEmailAddress", { token, body: { Email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ Success: false, Code: "bad_request", Field: "Email" });
    const extra = await call("PUT", "/Account/SmsPromotionsEnabledFlag", {
      token,
      body: { enabled: "yes" },
    });
    expect(extra.body).toMatchObject({ Success: false, Field: "enabled" });
  });

  it("signs out: the token no longer works", async () => {
    const token = await signIn("06 01 02 03 06");
    expect((await call("POST", "/Account/Logout", { token })).status).toBe(200);
    expect((await call("GET", "/Account/Details", { token })).status).toBe(401);
  });
});

describe("payment accounts", () => {
  // Cards are saved on the provider's hosted setup page (provider-payments.int.test.ts): this
  // API never takes a number, and shows a saved card by brand, last four digits and expiry only.
  const card = { CardNumber: "4242 4242 4242 4242", ExpiryMonth: 12, ExpiryYear: 2030, Cvc: "123" };

  /** A bank card as a setup session saves it (the provider's payment method, never a number). */
  async function savedAccount(token: string) {
    const { body } = await call("GET", "/Account/Details", { token });
    const [account] = await database.db
      .insert(orderingPaymentAccount)
      .values({
        customerId: body.Data.CustomerId,
        paymentMethodId: `pm_test_${body.Data.CustomerId}`,
        setupSessionId: `cs_test_${body.Data.CustomerId}`,
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2030,
      })
      .returning();
    if (!account) throw new Error("account not stored");
    return account.id;
  }

  it("refuses a card number in the API's shape, in French, and saves nothing", async () => {
    const token = await signIn("06 09 08 07 05");
    const { status, body } = await call("POST", "/Payment/CardPaymentAccount", {
      token,
      body: card,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ Success: false, Code: "card_number_refused" });
    expect((await call("GET", "/Payment/PaymentAccounts", { token })).body.Data).toEqual([]);
  });

  it("lists a saved card by brand, last four digits and expiry only", async () => {
    const token = await signIn("06 09 08 07 06");
    await savedAccount(token);
    const listed = await call("GET", "/Payment/PaymentAccounts", { token });
    expect(listed.body.Data).toEqual([
      expect.objectContaining({
        PaymentAccountType: "Card",
        CardBrand: "visa",
        Last4: "4242",
        ExpiryMonth: 12,
        ExpiryYear: 2030,
        Description: "Visa •••• 4242",
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain("pm_");
  });

  it("deletes the customer's own cards only", async () => {
    const owner = await signIn("06 09 08 07 04");
    const stranger = await signIn("06 09 08 07 03");
    const id = await savedAccount(owner);
    const theft = await call("DELETE", "/Payment/PaymentAccount", {
      token: stranger,
      body: { PaymentAccountId: id },
    });
    expect(theft.status).toBe(404);
    expect(theft.body).toMatchObject({ Success: false, Code: "not_found" });
    expect(
      (await call("GET", "/Payment/PaymentAccounts", { token: owner })).body.Data,
    ).toHaveLength(1);
    const own = await call("DELETE", "/Payment/PaymentAccount", {
      token: owner,
      body: { PaymentAccountId: id },
    });
    expect(own.body).toEqual({ Success: true, Data: null });
    expect((await call("GET", "/Payment/PaymentAccounts", { token: owner })).body.Data).toEqual([]);
  });
});

describe("routes", () => {
  it("answers an unknown route with a 404 in Flipdish's shape", async () => {
    const { status, body } = await call("GET", "/Nothing/Here");
    expect(status).toBe(404);
    expect(body).toMatchObject({ Success: false, Code: "not_found" });
  });

  it("answers malformed JSON with a 400", async () => {
    const res = await api.request("/ordering/Account/RequestPhoneLoginCodeSms", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Success: false, Code: "bad_request" });
  });
});
