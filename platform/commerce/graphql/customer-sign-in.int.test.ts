/**
 * The customer API: access tokens (sign-in, renewal, expiry) and the sign-in and recovery rate
 * limits.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import {
  CUSTOMER,
  customerHelpers,
  HOUR,
  LOGIN,
  openCustomerTestShop,
  RECOVER,
  START,
} from "#platform/commerce/graphql/customer-testing.ts";
import { PRIVATE_TOKEN, PUBLIC_TOKEN, type TestStorefrontApi } from "#platform/commerce/testing.ts";

let database: Database;
let api: TestStorefrontApi;
// The API's clock: tests move it to expire links and tokens.
let clock = START;
const { gql, mutate, registeredCustomer } = customerHelpers(() => ({ database, api }));

beforeAll(async () => {
  ({ database, api } = await openCustomerTestShop(() => clock));
});
afterAll(() => database.close());

describe("access tokens", () => {
  it("refuses a wrong password and an unknown email alike", async () => {
    await registeredCustomer("login@example.com");
    const wrong = await mutate(LOGIN, {
      input: { email: "login@example.com", password: "pas-le-bon" },
    });
    const unknown = await mutate(LOGIN, {
      input: { email: "personne@example.com", password: "pas-le-bon" },
    });
    const expected = [
      {
        code: "UNIDENTIFIED_CUSTOMER",
        field: null,
        message: "Adresse e-mail ou mot de passe incorrect.",
      },
    ];
    expect(wrong.customerUserErrors).toEqual(expected);
    expect(unknown.customerUserErrors).toEqual(expected);
  }, 30_000);

  it("renews, deletes and expires tokens", async () => {
    clock = START;
    const { token } = await registeredCustomer("tokens@example.com");
    clock = new Date(START.getTime() + 10 * 24 * HOUR);
    const renewed = await mutate(
      `mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) {
        customerAccessToken { accessToken expiresAt } userErrors { field message } } }`,
      { t: token },
    );
    expect(renewed.customerAccessToken).toEqual({
      accessToken: token,
      expiresAt: new Date(clock.getTime() + 30 * 24 * HOUR).toISOString(),
    });
    // 35 days after the start, the renewed token (40 days) still works; after 41 it does not.
    clock = new Date(START.getTime() + 35 * 24 * HOUR);
    expect((await gql(CUSTOMER, { token })).data?.customer.email).toBe("tokens@example.com");
    clock = new Date(START.getTime() + 41 * 24 * HOUR);
    expect((await gql(CUSTOMER, { token })).data?.customer).toBeNull();
    const tooLate = await mutate(
      `mutation($t: String!) { customerAccessTokenRenew(customerAccessToken: $t) {
        customerAccessToken { accessToken } userErrors { field message } } }`,
      { t: token },
    );
    expect(tooLate).toEqual({
      customerAccessToken: null,
      userErrors: [{ field: ["customerAccessToken"], message: "Access denied" }],
    });

    clock = START;
    const fresh = await mutate(LOGIN, {
      input: { email: "tokens@example.com", password: "motdepasse-1" },
    });
    const freshToken = fresh.customerAccessToken.accessToken;
    const DELETE = `mutation($t: String!) { customerAccessTokenDelete(customerAccessToken: $t) {
      deletedAccessToken deletedCustomerAccessTokenId userErrors { field message } } }`;
    const deleted = await mutate(DELETE, { t: freshToken });
    expect(deleted).toMatchObject({ deletedAccessToken: freshToken, userErrors: [] });
    expect((await gql(CUSTOMER, { token: freshToken })).data?.customer).toBeNull();
    const again = await mutate(DELETE, { t: freshToken });
    expect(again.userErrors).toEqual([
      { field: ["customerAccessToken"], message: "Access denied" },
    ]);
  }, 30_000);
});

describe("rate limits", () => {
  // The heavier tests hash a password some fifty times: slow on a loaded machine.
  // The limiter reads Date.now(): a fixed clock, moved by the tests, never a sleep.
  const at = (ms: number) => {
    clock = new Date(START.getTime() + ms);
    vi.setSystemTime(clock);
  };
  beforeEach(() => {
    // The memory store also drops records with timers: faked too, so that only the clock the
    // tests move expires them, however slow the database.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    at(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    clock = START;
  });

  const fromPeer = (peer: string, extra: Record<string, string> = {}) => ({
    "X-Shopify-Storefront-Access-Token": PUBLIC_TOKEN,
    "x-test-peer": peer,
    ...extra,
  });
  const login = (email: string, password: string, headers: Record<string, string>) =>
    gql(LOGIN, { input: { email, password } }, headers);
  const throttled = (wait: string) => ({
    message: `Trop de tentatives. Veuillez réessayer dans ${wait}.`,
    extensions: { code: "THROTTLED" },
  });

  it("delays an account attacked from elsewhere; its owner still signs in from home", async () => {
    await registeredCustomer("proprietaire@example.com", "motdepasse-maison");
    const home = fromPeer("192.0.2.10");
    const signedIn = await login("proprietaire@example.com", "motdepasse-maison", home);
    expect(signedIn.data?.customerAccessTokenCreate.customerAccessToken).not.toBeNull();

    // Wrong passwords from ever new addresses: three run, then the account's delay starts.
    const attacker = (i: number) => fromPeer(`198.51.100.${i}`);
    for (let i = 0; i < 3; i++) {
      const failed = await login("proprietaire@example.com", "mauvais", attacker(i));
      expect(failed.errors).toBeUndefined();
      expect(failed.data?.customerAccessTokenCreate.customerUserErrors[0].code).toBe(
        "UNIDENTIFIED_CUSTOMER",
      );
    }
    const delayed = await login("proprietaire@example.com", "mauvais", attacker(3));
    expect(delayed.errors?.[0]).toMatchObject(throttled("1 seconde"));

    // The owner, from the address they signed in from, is not kept waiting.
    const owner = await login("proprietaire@example.com", "motdepasse-maison", home);
    expect(owner.errors).toBeUndefined();
    expect(owner.data?.customerAccessTokenCreate.customerAccessToken).not.toBeNull();
  });

  it("makes each further failure on an account wait longer, up to a minute", async () => {
    let peer = 0;
    const attempt = () => login("cible@example.com", "mauvais", fromPeer(`203.0.113.${peer++}`));
    for (let i = 0; i < 3; i++) expect((await attempt()).errors).toBeUndefined();
    let elapsed = 0;
    for (const [seconds, wait] of [
      [1, "1 seconde"],
      [2, "2 secondes"],
      [4, "4 secondes"],
      [8, "8 secondes"],
      [16, "16 secondes"],
      [32, "32 secondes"],
      [60, "1 minute"],
      [60, "1 minute"],
    ] as const) {
      expect((await attempt()).errors?.[0]).toMatchObject(throttled(wait));
      elapsed += seconds * 1000;
      at(elapsed);
      expect((await attempt()).errors).toBeUndefined();
    }
    // Someone signing in to the account from a new address waits too, never more than a minute.
    expect((await attempt()).errors?.[0]).toMatchObject(throttled("1 minute"));
  }, 60_000);

  it("limits one address on one account, and across accounts", async () => {
    const office = fromPeer("203.0.113.200");
    let elapsed = 0;
    for (let i = 0; i < 5; i++) {
      const failed = await login("bureau-cible@example.com", "mauvais", office);
      expect(failed.errors).toBeUndefined();
      elapsed += 60_000; // past the account's delay
      at(elapsed);
    }
    const sixth = await login("bureau-cible@example.com", "mauvais", office);
    expect(sixth.errors?.[0]).toMatchObject(throttled("10 minutes"));

    // Fifteen more wrong passwords on other accounts use up the address's 20.
    for (let i = 0; i < 15; i++) {
      expect((await login(`essai${i}@example.com`, "mauvais", office)).errors).toBeUndefined();
    }
    const blocked = await login("essai15@example.com", "mauvais", office);
    expect(blocked.errors?.[0]?.extensions.code).toBe("THROTTLED");
    const elsewhere = await login("essai15@example.com", "mauvais", fromPeer("203.0.113.201"));
    expect(elsewhere.errors).toBeUndefined();
  }, 60_000);

  it("counts failed sign-ins against a client address, not successful ones", async () => {
    const fromOffice = {
      "Shopify-Storefront-Private-Token": PRIVATE_TOKEN,
      "Shopify-Storefront-Buyer-IP": "203.0.113.50",
    };
    await registeredCustomer("bureau@example.com", "motdepasse-bureau");
    const signIn = (email: string, password: string) => login(email, password, fromOffice);
    // Many customers behind one address sign in: more than the address's 20 attempts.
    for (let i = 0; i < 25; i++) {
      const signedIn = await signIn("bureau@example.com", "motdepasse-bureau");
      expect(signedIn.errors).toBeUndefined();
      expect(signedIn.data?.customerAccessTokenCreate.customerAccessToken).not.toBeNull();
    }
    // Wrong passwords for many emails still use it up.
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`erreur${i}@example.com`, "mauvais")).errors).toBeUndefined();
    }
    const blocked = await signIn("erreur20@example.com", "mauvais");
    expect(blocked.errors?.[0]).toMatchObject(throttled("15 minutes"));
  }, 60_000);

  it("believes Shopify-Storefront-Buyer-IP only with the private token", async () => {
    // With the public token (and a wrong private one), rotating the header changes nothing:
    // attempts count against the request's own address.
    const rotating = (i: number) =>
      fromPeer("192.0.2.77", {
        "Shopify-Storefront-Private-Token": "not-the-private-token",
        "Shopify-Storefront-Buyer-IP": `198.51.100.${i}`,
      });
    for (let i = 0; i < 20; i++) {
      expect(
        (await login(`rotation${i}@example.com`, "mauvais", rotating(i))).errors,
      ).toBeUndefined();
    }
    const blocked = await login("rotation20@example.com", "mauvais", rotating(20));
    expect(blocked.errors?.[0]?.extensions.code).toBe("THROTTLED");

    // With the private token, the shop's server names the shopper: each counts on their own.
    const shopper = (i: number) => ({
      "Shopify-Storefront-Private-Token": PRIVATE_TOKEN,
      "Shopify-Storefront-Buyer-IP": `198.51.100.${i}`,
      "x-test-peer": "192.0.2.77",
    });
    expect((await login("rotation20@example.com", "mauvais", shopper(1))).errors).toBeUndefined();
  }, 60_000);

  it("throttles the 21st recovery from one client address", async () => {
    const fromBuyer = {
      "Shopify-Storefront-Private-Token": PRIVATE_TOKEN,
      "Shopify-Storefront-Buyer-IP": "203.0.113.7",
    };
    for (let i = 0; i < 20; i++) {
      const ok = await gql(RECOVER, { email: `visiteur${i}@example.com` }, fromBuyer);
      expect(ok.errors).toBeUndefined();
    }
    const blocked = await gql(RECOVER, { email: "visiteur20@example.com" }, fromBuyer);
    expect(blocked.errors?.[0]?.extensions.code).toBe("THROTTLED");
    const elsewhere = await gql(
      RECOVER,
      { email: "visiteur20@example.com" },
      {
        ...fromBuyer,
        "Shopify-Storefront-Buyer-IP": "198.51.100.1",
      },
    );
    expect(elsewhere.errors).toBeUndefined();
  });

  it("spaces out recovery emails to one address by minutes, whoever asks", async () => {
    let peer = 0;
    const ask = () =>
      gql(RECOVER, { email: "boite@example.com" }, fromPeer(`198.51.100.${100 + peer++}`));
    for (let i = 0; i < 3; i++) expect((await ask()).errors).toBeUndefined();
    expect((await ask()).errors?.[0]).toMatchObject(throttled("1 minute"));
    at(60_000);
    expect((await ask()).errors).toBeUndefined();
    expect((await ask()).errors?.[0]).toMatchObject(throttled("2 minutes"));
  });
});
