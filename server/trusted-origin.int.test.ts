import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { latestMessage, linkIn } from "#platform/notify/testing.ts";
import { TEST_SECRETS } from "#server/test-env.ts";
import { composedShops, type ShopRequest } from "#server/testing.ts";

/**
 * One origin the shop trusts (security issue, item 2): every absolute link comes from
 * PUBLIC_URL, whatever Host a request names, and production answers only under its own names.
 */
const PUBLIC_URL = "https://comptoir.example";

let database: Database;
let shops: Awaited<ReturnType<typeof composedShops>>;

beforeAll(async () => {
  database = await createTestDatabase();
  shops = await composedShops(database);
});

afterAll(async () => {
  await shops?.close();
  await database?.close();
});

const shop = (overrides: Record<string, string> = {}) => shops.shop({ PUBLIC_URL, ...overrides });

async function storefrontApi(
  request: ShopRequest,
  host: string,
  query: string,
  variables: Record<string, unknown>,
) {
  const res = await request(`http://${host}/api/2024-01/graphql.json`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Storefront-Access-Token": TEST_SECRETS.COMMERCE_STOREFRONT_TOKEN,
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

describe("the trusted origin", () => {
  it("links account emails to PUBLIC_URL, never to the Host a request names", async () => {
    const { request } = shop();
    const email = "hote-force@example.com";
    const created = await storefrontApi(
      request,
      "evil.example",
      `mutation ($input: CustomerCreateInput!) {
        customerCreate(input: $input) { customer { id } customerUserErrors { code } }
      }`,
      { input: { email, password: "motdepasse-1", firstName: "Anne" } },
    );
    expect(created.errors).toBeUndefined();
    const activation = linkIn(await latestMessage(database.db, email, "customer-activation"));
    expect(activation.startsWith(`${PUBLIC_URL}/account/activate/`)).toBe(true);
    const activated = await storefrontApi(
      request,
      "comptoir.example",
      `mutation ($url: URL!, $password: String!) {
        customerActivateByUrl(activationUrl: $url, password: $password) {
          customerUserErrors { code }
        }
      }`,
      { url: activation, password: "motdepasse-2" },
    );
    expect(activated.data?.customerActivateByUrl).toEqual({ customerUserErrors: [] });

    await storefrontApi(
      request,
      "evil.example",
      "mutation ($email: String!) { customerRecover(email: $email) { customerUserErrors { code } } }",
      { email },
    );
    const reset = linkIn(await latestMessage(database.db, email, "customer-password-reset"));
    expect(reset.startsWith(`${PUBLIC_URL}/auth/reset/`)).toBe(true);
  }, 30_000);

  it("signs up through the storefront with an activation link a customer can open", async () => {
    const { request } = shop();
    const email = "par-la-boutique@example.com";
    const res = await request(`${PUBLIC_URL}/compte/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL },
      body: new URLSearchParams({
        intent: "register",
        firstName: "Léa",
        lastName: "Martin",
        email,
        password: "motdepasse-1",
      }).toString(),
    });
    expect(res.status).toBeLessThan(500);
    const link = linkIn(await latestMessage(database.db, email, "customer-activation"));
    expect(link).not.toContain(".embedded");
    expect(link.startsWith(`${PUBLIC_URL}/account/activate/`)).toBe(true);
  }, 30_000);

  it("renders canonical links on PUBLIC_URL for a forged Host, and caches that page for everyone", async () => {
    const { request } = shop();
    const forged = await request("http://evil.example/");
    expect(forged.status).toBe(200);
    const html = await forged.text();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"/>`);
    expect(html).not.toContain("evil.example");
    const hit = await request(`${PUBLIC_URL}/`);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(await hit.text()).not.toContain("evil.example");
  }, 30_000);

  it("answers 400 in production to a Host that is not the shop's, health checks excepted", async () => {
    const { request } = shop({ NODE_ENV: "production", ALLOWED_HOSTS: "www.comptoir.example" });
    expect((await request("http://evil.example/")).status).toBe(400);
    expect(
      (
        await request("http://evil.example/api/2024-01/graphql.json", {
          method: "POST",
          body: "{}",
        })
      ).status,
    ).toBe(400);
    expect((await request("http://10.0.0.5/healthz")).status).toBe(200);
    expect((await request(`${PUBLIC_URL}/healthz`)).status).toBe(200);
    expect((await request("http://www.comptoir.example/robots.txt")).status).not.toBe(400);
  });
});
