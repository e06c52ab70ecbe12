import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { commerceProduct } from "#platform/commerce/catalogue-schema.ts";
import { setWishlist } from "#platform/commerce/customers.ts";
import { toGid } from "#platform/commerce/gid.ts";
import { storefrontApi } from "#platform/commerce/graphql/http.ts";
import { commerceOrder } from "#platform/commerce/order-schema.ts";
import type { CatalogueSearch } from "#platform/commerce/search-port.ts";
import { listOutbox } from "#platform/notify/index.ts";

const PUBLIC_TOKEN = "test-public-token-0123456789";
const PRIVATE_TOKEN = "test-private-token-0123456789";
const ORIGIN = "http://shop.test";
const START = new Date("2026-03-02T10:00:00.000Z");
const HOUR = 60 * 60 * 1000;

const noSearch: CatalogueSearch = {
  predictive: async () => ({ productIds: [], collectionIds: [], queries: [] }),
  matchingProductIds: async () => [],
};

let database: Database;
let api: ReturnType<typeof storefrontApi>;
// The API's clock: tests move it to expire links and tokens.
let clock = START;

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the assertions check them
type Json = Record<string, any>;

async function gql(
  query: string,
  variables: Json = {},
  headers: Record<string, string> = { "X-Shopify-Storefront-Access-Token": PUBLIC_TOKEN },
): Promise<{ data?: Json; errors?: Json[] }> {
  const response = await api.fetch(
    new Request(`${ORIGIN}/api/2024-01/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { data?: Json; errors?: Json[] };
}

/** Calls one mutation and answers its payload, failing on top-level errors. */
async function mutate(query: string, variables: Json, headers?: Record<string, string>) {
  const body = await gql(query, variables, headers);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Json;
}

const CREATE = `#graphql
  mutation Create($input: CustomerCreateInput!) {
    customerCreate(input: $input) {
      customer { id email firstName lastName phone acceptsMarketing displayName }
      customerUserErrors { code field message }
      userErrors { field message }
    }
  }`;
const ACTIVATE = `#graphql
  mutation Activate($id: ID!, $input: CustomerActivateInput!) {
    customerActivate(id: $id, input: $input) {
      customer { id email }
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }`;
const ACTIVATE_BY_URL = `#graphql
  mutation ActivateByUrl($url: URL!, $password: String!) {
    customerActivateByUrl(activationUrl: $url, password: $password) {
      customer { email }
      customerAccessToken { accessToken }
      customerUserErrors { code field message }
    }
  }`;
const LOGIN = `#graphql
  mutation Login($input: CustomerAccessTokenCreateInput!) {
    customerAccessTokenCreate(input: $input) {
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }`;
const RECOVER = `#graphql
  mutation Recover($email: String!) {
    customerRecover(email: $email) { customerUserErrors { code field message } }
  }`;
const RESET = `#graphql
  mutation Reset($id: ID!, $input: CustomerResetInput!) {
    customerReset(id: $id, input: $input) {
      customer { email }
      customerAccessToken { accessToken expiresAt }
      customerUserErrors { code field message }
    }
  }`;
const RESET_BY_URL = `#graphql
  mutation ResetByUrl($url: URL!, $password: String!) {
    customerResetByUrl(resetUrl: $url, password: $password) {
      customerAccessToken { accessToken }
      customerUserErrors { code field message }
    }
  }`;
const CUSTOMER = `#graphql
  query Customer($token: String!) {
    customer(customerAccessToken: $token) {
      id email firstName lastName displayName phone acceptsMarketing createdAt updatedAt tags
      defaultAddress { id address1 zip city country countryCodeV2 formatted(withName: true) }
      addresses(first: 10) { nodes { id address1 city } pageInfo { hasNextPage } }
      wishlist: metafield(namespace: "custom", key: "wishlist") {
        type value references(first: 10) { nodes { ... on Product { handle } } }
      }
      lists: metafields(identifiers: [{ namespace: "custom", key: "shopping_lists" }]) { value }
    }
  }`;
const UPDATE = `#graphql
  mutation Update($token: String!, $customer: CustomerUpdateInput!) {
    customerUpdate(customerAccessToken: $token, customer: $customer) {
      customer { email firstName lastName phone acceptsMarketing }
      customerAccessToken { accessToken }
      customerUserErrors { code field message }
    }
  }`;
const ADDRESS_CREATE = `#graphql
  mutation AddressCreate($token: String!, $address: MailingAddressInput!) {
    customerAddressCreate(customerAccessToken: $token, address: $address) {
      customerAddress { id address1 city zip country countryCodeV2 name formattedArea }
      customerUserErrors { code field message }
    }
  }`;
const ADDRESS_UPDATE = `#graphql
  mutation AddressUpdate($token: String!, $id: ID!, $address: MailingAddressInput!) {
    customerAddressUpdate(customerAccessToken: $token, id: $id, address: $address) {
      customerAddress { id address1 city }
      customerUserErrors { code field message }
    }
  }`;
const ADDRESS_DELETE = `#graphql
  mutation AddressDelete($token: String!, $id: ID!) {
    customerAddressDelete(customerAccessToken: $token, id: $id) {
      deletedCustomerAddressId
      customerUserErrors { code field message }
    }
  }`;
const ADDRESS_DEFAULT = `#graphql
  mutation AddressDefault($token: String!, $id: ID!) {
    customerDefaultAddressUpdate(customerAccessToken: $token, addressId: $id) {
      customer { defaultAddress { id } }
      customerUserErrors { code field message }
    }
  }`;

/** The newest link of a kind in an address's outbox, split into its id and token. */
async function linkFromOutbox(to: string, kind: string) {
  const [message] = await listOutbox(database.db, { to, kind });
  if (!message) throw new Error(`no ${kind} email for ${to}`);
  const match = /(http:\/\/shop\.test\/(?:account\/activate|auth\/reset)\/(\d+)\/([\w-]+))/.exec(
    message.text,
  );
  if (!match) throw new Error(`no link in ${message.text}`);
  return { message, url: match[1] as string, id: match[2] as string, token: match[3] as string };
}

/** Registers, activates through the email's link and answers the access token. */
async function registeredCustomer(email: string, password = "motdepasse-1") {
  const created = await mutate(CREATE, { input: { email, password, firstName: "Test" } });
  expect(created.customerUserErrors).toEqual([]);
  const link = await linkFromOutbox(email, "customer-activation");
  const activated = await mutate(ACTIVATE, {
    id: `gid://shopify/Customer/${link.id}`,
    input: { activationToken: link.token, password },
  });
  expect(activated.customerUserErrors).toEqual([]);
  return {
    id: Number(link.id),
    token: activated.customerAccessToken.accessToken as string,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  api = storefrontApi({
    db: database.db,
    search: noSearch,
    publicToken: PUBLIC_TOKEN,
    privateToken: PRIVATE_TOKEN,
    publicOrigin: ORIGIN,
    exposeErrors: true,
    now: () => clock,
    // The network peer, as the server's trusted-proxy rule would find it.
    clientIp: (c) => c.req.header("x-test-peer"),
  });
});

afterAll(async () => {
  await database.close();
});

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

describe("customerUpdate", () => {
  it("updates the profile, rotates the token on a new password and checks every field", async () => {
    clock = START;
    const { token } = await registeredCustomer("profil@example.com");
    await registeredCustomer("autre@example.com");
    const updated = await mutate(UPDATE, {
      token,
      customer: {
        firstName: "Paul",
        lastName: "Durand",
        phone: "0033 1 23 45 67 89",
        acceptsMarketing: true,
      },
    });
    expect(updated).toMatchObject({
      customer: {
        email: "profil@example.com",
        firstName: "Paul",
        lastName: "Durand",
        phone: "+33123456789",
        acceptsMarketing: true,
      },
      customerAccessToken: null,
      customerUserErrors: [],
    });

    const taken = await mutate(UPDATE, { token, customer: { email: "Autre@example.com" } });
    expect(taken.customerUserErrors).toEqual([
      { code: "TAKEN", field: ["customer", "email"], message: expect.any(String) },
    ]);
    const badPhone = await mutate(UPDATE, { token, customer: { phone: "12" } });
    expect(badPhone.customerUserErrors[0]).toMatchObject({
      code: "INVALID",
      field: ["customer", "phone"],
    });
    const shortPassword = await mutate(UPDATE, { token, customer: { password: "abc" } });
    expect(shortPassword.customerUserErrors[0].code).toBe("TOO_SHORT");
    const badToken = await mutate(UPDATE, { token: "nope", customer: { firstName: "X" } });
    expect(badToken.customerUserErrors).toEqual([
      {
        code: "TOKEN_INVALID",
        field: ["customerAccessToken"],
        message: "Votre session a expiré. Veuillez vous reconnecter.",
      },
    ]);

    const rotated = await mutate(UPDATE, {
      token,
      customer: { password: "tout-nouveau-1", email: "paul@example.com" },
    });
    expect(rotated.customerUserErrors).toEqual([]);
    const newToken = rotated.customerAccessToken.accessToken;
    expect(newToken).not.toBe(token);
    expect((await gql(CUSTOMER, { token })).data?.customer).toBeNull();
    expect((await gql(CUSTOMER, { token: newToken })).data?.customer.email).toBe(
      "paul@example.com",
    );
    const login = await mutate(LOGIN, {
      input: { email: "paul@example.com", password: "tout-nouveau-1" },
    });
    expect(login.customerUserErrors).toEqual([]);
  }, 60_000);
});

describe("addresses", () => {
  it("creates, updates, sets as default and deletes, only the customer's own", async () => {
    clock = START;
    const { token } = await registeredCustomer("adresses@example.com");
    const other = await registeredCustomer("voisin@example.com");

    const missing = await mutate(ADDRESS_CREATE, {
      token,
      address: { address1: " ", country: "FR" },
    });
    expect(missing.customerUserErrors).toEqual([
      { code: "BLANK", field: ["address", "address1"], message: "Veuillez saisir l'adresse." },
      { code: "BLANK", field: ["address", "zip"], message: "Veuillez saisir le code postal." },
      { code: "BLANK", field: ["address", "city"], message: "Veuillez saisir la ville." },
    ]);
    const home = await mutate(ADDRESS_CREATE, {
      token,
      address: {
        firstName: "Anne",
        lastName: "Roy",
        address1: "3 rue Lafayette",
        zip: "75009",
        city: "Paris",
      },
    });
    expect(home.customerAddress).toMatchObject({
      address1: "3 rue Lafayette",
      country: "France",
      countryCodeV2: "FR",
      name: "Anne Roy",
      formattedArea: "Paris, France",
    });
    expect(home.customerAddress.id).toMatch(
      /^gid:\/\/shopify\/MailingAddress\/\d+\?model_name=CustomerAddress$/,
    );
    const office = await mutate(ADDRESS_CREATE, {
      token,
      address: {
        address1: "1 place de la Bourse",
        zip: "69002",
        city: "Lyon",
        country: "Belgique",
      },
    });
    expect(office.customerAddress.countryCodeV2).toBe("BE");
    const abroad = await mutate(ADDRESS_CREATE, {
      token,
      address: { address1: "1 Main St", zip: "10001", city: "New York", country: "US" },
    });
    expect(abroad.customerUserErrors).toEqual([
      {
        code: "INVALID",
        field: ["address", "country"],
        message: "Nous ne livrons pas dans ce pays.",
      },
    ]);

    let me = (await gql(CUSTOMER, { token })).data?.customer;
    expect(me.defaultAddress).toMatchObject({
      id: home.customerAddress.id,
      formatted: ["Anne Roy", "3 rue Lafayette", "75009 Paris", "France"],
    });
    expect(me.addresses.nodes.map((a: Json) => a.city)).toEqual(["Lyon", "Paris"]);

    const updated = await mutate(ADDRESS_UPDATE, {
      token,
      id: office.customerAddress.id,
      address: { address1: "2 place de la Bourse", zip: "69002", city: "Lyon" },
    });
    expect(updated.customerAddress.address1).toBe("2 place de la Bourse");
    const notTheirs = await mutate(ADDRESS_UPDATE, {
      token: other.token,
      id: office.customerAddress.id,
      address: { address1: "volé", zip: "1", city: "X" },
    });
    expect(notTheirs.customerUserErrors).toEqual([
      { code: "NOT_FOUND", field: ["id"], message: "Adresse introuvable." },
    ]);
    const notTheirDefault = await mutate(ADDRESS_DEFAULT, {
      token: other.token,
      id: office.customerAddress.id,
    });
    expect(notTheirDefault.customerUserErrors[0].code).toBe("NOT_FOUND");
    const notTheirDelete = await mutate(ADDRESS_DELETE, {
      token: other.token,
      id: home.customerAddress.id,
    });
    expect(notTheirDelete.customerUserErrors[0].code).toBe("NOT_FOUND");

    const defaulted = await mutate(ADDRESS_DEFAULT, { token, id: office.customerAddress.id });
    expect(defaulted.customer.defaultAddress.id).toBe(office.customerAddress.id);
    const deleted = await mutate(ADDRESS_DELETE, { token, id: office.customerAddress.id });
    expect(deleted).toMatchObject({
      deletedCustomerAddressId: office.customerAddress.id,
      customerUserErrors: [],
    });
    me = (await gql(CUSTOMER, { token })).data?.customer;
    expect(me.defaultAddress.id).toBe(home.customerAddress.id);
    expect(me.addresses.nodes).toHaveLength(1);

    const badToken = await mutate(ADDRESS_CREATE, {
      token: "nope",
      address: { address1: "a", zip: "1", city: "b" },
    });
    expect(badToken.customerUserErrors[0].code).toBe("TOKEN_INVALID");
  }, 60_000);
});

describe("customer metafields", () => {
  it("serves the wishlist with its products and the shopping lists", async () => {
    const [product] = await database.db
      .insert(commerceProduct)
      .values({ handle: "comte-aop", title: "Comté AOP" })
      .returning();
    const { id, token } = await registeredCustomer("favoris@example.com");
    await setWishlist(database.db, id, [toGid("Product", product?.id ?? 0)], START);
    const me = (await gql(CUSTOMER, { token })).data?.customer;
    expect(me.wishlist).toEqual({
      type: "list.product_reference",
      value: JSON.stringify([toGid("Product", product?.id ?? 0)]),
      references: { nodes: [{ handle: "comte-aop" }] },
    });
    expect(me.lists).toEqual([null]);
  }, 30_000);
});

describe("customer orders", () => {
  const ORDERS = `#graphql
    query Orders($token: String!, $after: String) {
      customer(customerAccessToken: $token) {
        numberOfOrders
        orders(first: 2, after: $after, sortKey: PROCESSED_AT, reverse: true) {
          nodes { name totalPrice { amount } }
          pageInfo { hasNextPage endCursor }
        }
      }
    }`;

  it("lists only the customer's own orders, newest first, page by page", async () => {
    const anne = await registeredCustomer("commandes@example.com");
    const bob = await registeredCustomer("autres-commandes@example.com");
    const order = (customerId: number, day: number, totalCents: number) => ({
      customerId,
      statusKey: `key-${customerId}-${day}`,
      processedAt: new Date(Date.UTC(2026, 1, day)),
      financialStatus: "PAID" as const,
      subtotalCents: totalCents,
      totalTaxCents: 0,
      totalCents,
      deliveryMethod: "standard",
    });
    await database.db
      .insert(commerceOrder)
      .values([
        order(anne.id, 1, 1000),
        order(anne.id, 3, 3000),
        order(bob.id, 4, 9900),
        order(anne.id, 2, 2000),
      ]);

    const first = (await gql(ORDERS, { token: anne.token })).data?.customer;
    expect(first.numberOfOrders).toBe("3");
    expect(first.orders.nodes.map((o: Json) => o.totalPrice.amount)).toEqual(["30.0", "20.0"]);
    expect(first.orders.pageInfo.hasNextPage).toBe(true);
    const next = (await gql(ORDERS, { token: anne.token, after: first.orders.pageInfo.endCursor }))
      .data?.customer;
    expect(next.orders.nodes.map((o: Json) => o.totalPrice.amount)).toEqual(["10.0"]);
    expect(next.orders.pageInfo.hasNextPage).toBe(false);

    // Another customer's cursor or token never reaches these orders.
    const theirs = (await gql(ORDERS, { token: bob.token, after: first.orders.pageInfo.endCursor }))
      .data?.customer;
    expect(theirs.numberOfOrders).toBe("1");
    expect(theirs.orders.nodes.map((o: Json) => o.totalPrice.amount)).toEqual(["99.0"]);
    expect((await gql(ORDERS, { token: "inconnu" })).data?.customer).toBeNull();
  }, 60_000);
});

describe("rate limits", () => {
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
  });

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
  });

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
  });

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
  });

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
