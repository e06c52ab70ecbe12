/**
 * The customer API: registration, activation and password recovery, by token and by URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  ACTIVATE,
  ACTIVATE_BY_URL,
  CREATE,
  CUSTOMER,
  customerHelpers,
  HOUR,
  LOGIN,
  openCustomerTestShop,
  RECOVER,
  RESET,
  RESET_BY_URL,
  START,
} from "#platform/commerce/graphql/customer-testing.ts";
import { CUSTOMER_LINK_STATE_PATH } from "#platform/commerce/graphql/http.ts";
import {
  ORIGIN,
  PRIVATE_TOKEN,
  PUBLIC_TOKEN,
  type TestStorefrontApi,
} from "#platform/commerce/testing.ts";
import { listOutbox } from "#platform/notify/index.ts";

let database: Database;
let api: TestStorefrontApi;
// The API's clock: tests move it to expire links and tokens.
let clock = START;
const { gql, mutate, linkFromOutbox, registeredCustomer } = customerHelpers(() => ({
  database,
  api,
}));

beforeAll(async () => {
  ({ database, api } = await openCustomerTestShop(() => clock));
});
afterAll(() => database.close());

describe("registration, activation, sign-in and recovery, end to end", () => {
  it("follows the activation and reset emails to a sign-in with the new password", async () => {
    clock = START;
    const email = "jeanne.martin@example.com";
    const created = await mutate(CREATE, {
      input: {
        email: "Jeanne.Martin@Example.com ",
        password: "premier-secret",
        firstName: "Jeanne",
        lastName: "Martin",
        phone: "+33 6 12 34 56 78",
        acceptsMarketing: true,
      },
    });
    expect(created).toMatchObject({
      customer: {
        email,
        firstName: "Jeanne",
        lastName: "Martin",
        phone: "+33612345678",
        acceptsMarketing: true,
        displayName: "Jeanne Martin",
      },
      customerUserErrors: [],
      userErrors: [],
    });

    // Not activated yet: the right password is refused with CUSTOMER_DISABLED.
    const early = await mutate(LOGIN, { input: { email, password: "premier-secret" } });
    expect(early.customerAccessToken).toBeNull();
    expect(early.customerUserErrors[0].code).toBe("CUSTOMER_DISABLED");

    const activation = await linkFromOutbox(email, "customer-activation");
    expect(activation.message.subject).toBe("Activez votre compte Comptoir");
    expect(activation.message.html).toContain(activation.url);
    expect(created.customer.id).toBe(`gid://shopify/Customer/${activation.id}`);
    const activated = await mutate(ACTIVATE, {
      id: created.customer.id,
      input: { activationToken: activation.token, password: "premier-secret" },
    });
    expect(activated.customerUserErrors).toEqual([]);
    expect(activated.customer.email).toBe(email);

    const login = await mutate(LOGIN, { input: { email, password: "premier-secret" } });
    expect(login.customerUserErrors).toEqual([]);
    expect(new Date(login.customerAccessToken.expiresAt).getTime()).toBe(
      START.getTime() + 30 * 24 * HOUR,
    );
    const token = login.customerAccessToken.accessToken as string;

    const recovered = await mutate(RECOVER, { email });
    expect(recovered.customerUserErrors).toEqual([]);
    const reset = await linkFromOutbox(email, "customer-password-reset");
    expect(reset.message.subject).toBe("Réinitialisez votre mot de passe");
    const afterReset = await mutate(RESET, {
      id: `gid://shopify/Customer/${reset.id}`,
      input: { resetToken: reset.token, password: "second-secret" },
    });
    expect(afterReset.customerUserErrors).toEqual([]);
    expect(afterReset.customerAccessToken.accessToken).not.toBe(token);

    // The reset revoked the old session and the old password.
    expect((await gql(CUSTOMER, { token })).data?.customer).toBeNull();
    const oldPassword = await mutate(LOGIN, { input: { email, password: "premier-secret" } });
    expect(oldPassword.customerUserErrors[0].code).toBe("UNIDENTIFIED_CUSTOMER");
    const newPassword = await mutate(LOGIN, { input: { email, password: "second-secret" } });
    expect(newPassword.customerUserErrors).toEqual([]);
    const me = await gql(CUSTOMER, { token: newPassword.customerAccessToken.accessToken });
    expect(me.data?.customer).toMatchObject({ email, firstName: "Jeanne", tags: [] });
  }, 60_000);
});

describe("customerCreate", () => {
  it("refuses a taken email, whatever its case", async () => {
    await mutate(CREATE, { input: { email: "taken@example.com", password: "motdepasse-1" } });
    const again = await mutate(CREATE, {
      input: { email: "TAKEN@example.com", password: "motdepasse-2" },
    });
    expect(again.customer).toBeNull();
    expect(again.customerUserErrors).toEqual([
      {
        code: "TAKEN",
        field: ["input", "email"],
        message: "Un compte existe déjà avec cette adresse e-mail.",
      },
    ]);
    expect(again.userErrors).toEqual([
      { field: ["input", "email"], message: "Un compte existe déjà avec cette adresse e-mail." },
    ]);
  }, 30_000);

  it.each([
    [{ email: "", password: "motdepasse-1" }, "BLANK", ["input", "email"]],
    [{ email: "pas-une-adresse", password: "motdepasse-1" }, "INVALID", ["input", "email"]],
    [{ email: "a@example.com", password: "court" }, "TOO_SHORT", ["input", "password"]],
    [{ email: "a@example.com", password: "x".repeat(41) }, "TOO_LONG", ["input", "password"]],
    [{ email: "a@example.com", password: "        " }, "BLANK", ["input", "password"]],
    [
      { email: "a@example.com", password: " motdepasse " },
      "PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE",
      ["input", "password"],
    ],
    [
      { email: "a@example.com", password: "motdepasse-1", phone: "0612345678" },
      "INVALID",
      ["input", "phone"],
    ],
    [
      { email: "a@example.com", password: "motdepasse-1", firstName: "<b>Jo</b>" },
      "CONTAINS_HTML_TAGS",
      ["input", "firstName"],
    ],
  ])("refuses %j with %s", async (input, code, field) => {
    const payload = await mutate(CREATE, { input });
    expect(payload.customer).toBeNull();
    expect(payload.customerUserErrors).toEqual([
      { code, field, message: expect.stringMatching(/\S/) },
    ]);
    expect(await listOutbox(database.db, { to: "a@example.com" })).toEqual([]);
  });
});

describe("customerActivate", () => {
  it("refuses a wrong token, then an already used one", async () => {
    await mutate(CREATE, { input: { email: "active@example.com", password: "motdepasse-1" } });
    const link = await linkFromOutbox("active@example.com", "customer-activation");
    const wrong = await mutate(ACTIVATE, {
      id: link.id,
      input: { activationToken: "A".repeat(43), password: "motdepasse-1" },
    });
    expect(wrong.customerUserErrors).toEqual([
      {
        code: "TOKEN_INVALID",
        field: ["input", "activationToken"],
        message: "Ce lien d'activation n'est plus valide.",
      },
    ]);
    const right = await mutate(ACTIVATE, {
      id: link.id,
      input: { activationToken: link.token, password: "motdepasse-1" },
    });
    expect(right.customerAccessToken.accessToken).toMatch(/^[\w-]{43}$/);
    const twice = await mutate(ACTIVATE, {
      id: link.id,
      input: { activationToken: link.token, password: "motdepasse-1" },
    });
    expect(twice.customerUserErrors[0].code).toBe("ALREADY_ENABLED");
  }, 30_000);

  it("lets one of two simultaneous clicks on the same link activate the account", async () => {
    await mutate(CREATE, { input: { email: "double@example.com", password: "motdepasse-1" } });
    const link = await linkFromOutbox("double@example.com", "customer-activation");
    const answers = await Promise.all(
      [1, 2].map(() =>
        mutate(ACTIVATE, {
          id: link.id,
          input: { activationToken: link.token, password: "motdepasse-1" },
        }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.customerAccessToken !== null);
    expect(succeeded).toHaveLength(1);
    expect(answers.flatMap((answer) => answer.customerUserErrors)).toHaveLength(1);
  }, 30_000);

  it("activates by URL, and refuses an expired link", async () => {
    clock = START;
    await mutate(CREATE, { input: { email: "byurl@example.com", password: "motdepasse-1" } });
    await mutate(CREATE, { input: { email: "late@example.com", password: "motdepasse-1" } });
    const link = await linkFromOutbox("byurl@example.com", "customer-activation");
    const late = await linkFromOutbox("late@example.com", "customer-activation");
    const byUrl = await mutate(ACTIVATE_BY_URL, { url: link.url, password: "motdepasse-1" });
    expect(byUrl.customerUserErrors).toEqual([]);
    expect(byUrl.customer.email).toBe("byurl@example.com");
    clock = new Date(START.getTime() + 7 * 24 * HOUR + 1);
    const expired = await mutate(ACTIVATE_BY_URL, { url: late.url, password: "motdepasse-1" });
    expect(expired.customerUserErrors[0].code).toBe("TOKEN_INVALID");
    const malformed = await mutate(ACTIVATE_BY_URL, {
      url: "http://shop.test/ailleurs",
      password: "motdepasse-1",
    });
    expect(malformed.customerUserErrors[0].code).toBe("TOKEN_INVALID");
    clock = START;
  }, 30_000);
});

describe("customerRecover and customerReset", () => {
  it("answers the same for an unknown email and sends nothing", async () => {
    const payload = await mutate(RECOVER, { email: "inconnu@example.com" });
    expect(payload.customerUserErrors).toEqual([]);
    expect(await listOutbox(database.db, { to: "inconnu@example.com" })).toEqual([]);
    const invalid = await mutate(RECOVER, { email: "pas une adresse" });
    expect(invalid.customerUserErrors[0].code).toBe("INVALID");
  });

  it("sends the activation link again to an account never activated", async () => {
    await mutate(CREATE, { input: { email: "dormant@example.com", password: "motdepasse-1" } });
    await mutate(RECOVER, { email: "dormant@example.com" });
    const messages = await listOutbox(database.db, { to: "dormant@example.com" });
    expect(messages.map((m) => m.kind)).toEqual(["customer-activation", "customer-activation"]);
  }, 30_000);

  it("refuses a used, an expired or a wrong reset token (fixed clock)", async () => {
    clock = START;
    const customer = await registeredCustomer("reset@example.com");
    await mutate(RECOVER, { email: "reset@example.com" });
    const first = await linkFromOutbox("reset@example.com", "customer-password-reset");
    const used = await mutate(RESET_BY_URL, { url: first.url, password: "nouveau-secret-1" });
    expect(used.customerUserErrors).toEqual([]);
    const reused = await mutate(RESET, {
      id: String(customer.id),
      input: { resetToken: first.token, password: "nouveau-secret-2" },
    });
    expect(reused.customerUserErrors).toEqual([
      {
        code: "TOKEN_INVALID",
        field: ["input", "resetToken"],
        message: "Ce lien de réinitialisation n'est plus valide. Demandez-en un nouveau.",
      },
    ]);

    await mutate(RECOVER, { email: "reset@example.com" });
    const second = await linkFromOutbox("reset@example.com", "customer-password-reset");
    clock = new Date(START.getTime() + 24 * HOUR);
    const expired = await mutate(RESET, {
      id: String(customer.id),
      input: { resetToken: second.token, password: "nouveau-secret-2" },
    });
    expect(expired.customerUserErrors[0].code).toBe("TOKEN_INVALID");

    clock = START;
    await mutate(RECOVER, { email: "reset@example.com" });
    const third = await linkFromOutbox("reset@example.com", "customer-password-reset");
    const otherCustomer = await mutate(RESET, {
      id: String(customer.id + 1000),
      input: { resetToken: third.token, password: "nouveau-secret-2" },
    });
    expect(otherCustomer.customerUserErrors[0].code).toBe("TOKEN_INVALID");
    const tooShort = await mutate(RESET, {
      id: String(customer.id),
      input: { resetToken: third.token, password: "court" },
    });
    expect(tooShort.customerUserErrors[0].code).toBe("TOO_SHORT");
    clock = new Date(START.getTime() + 24 * HOUR - 1);
    const inTime = await mutate(RESET, {
      id: String(customer.id),
      input: { resetToken: third.token, password: "nouveau-secret-2" },
    });
    expect(inTime.customerUserErrors).toEqual([]);
    clock = START;
  }, 60_000);
});

describe("the link check beside the Storefront API (issue 47)", () => {
  const check = (body: unknown, token: string | null = PRIVATE_TOKEN) =>
    api.request(`${ORIGIN}${CUSTOMER_LINK_STATE_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { "Shopify-Storefront-Private-Token": token } : {}),
      },
      body: JSON.stringify(body),
    });
  const stateOf = async (body: unknown) =>
    ((await (await check(body)).json()) as { state: string }).state;

  it("tells a valid, used, expired or unknown link without using it, to the shop's server only", async () => {
    clock = START;
    await mutate(CREATE, { input: { email: "verifie@example.com", password: "motdepasse-1" } });
    const link = await linkFromOutbox("verifie@example.com", "customer-activation");
    const activation = { kind: "activation", customerId: Number(link.id), token: link.token };

    expect((await check(activation, null)).status).toBe(401);
    expect((await check(activation, PUBLIC_TOKEN)).status).toBe(401);
    expect((await check({ ...activation, kind: "access" })).status).toBe(400);

    // Asked twice, the link still works: the check does not use it.
    expect(await stateOf(activation)).toBe("valid");
    expect(await stateOf(activation)).toBe("valid");
    expect(await stateOf({ ...activation, token: "autre-jeton" })).toBe("unknown");
    expect(await stateOf({ ...activation, kind: "reset" })).toBe("unknown");
    clock = new Date(START.getTime() + 7 * 24 * HOUR + 1);
    expect(await stateOf(activation)).toBe("expired");
    clock = START;
    const activated = await mutate(ACTIVATE, {
      id: `gid://shopify/Customer/${link.id}`,
      input: { activationToken: link.token, password: "motdepasse-1" },
    });
    expect(activated.customerUserErrors).toEqual([]);
    expect(await stateOf(activation)).toBe("used");
  }, 30_000);
});
