import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { Database } from "#db/client.ts";
import { createSandboxApi } from "./api.ts";
import type { SandboxContext } from "./context.ts";

/**
 * The test provider served over real HTTP on a random local port, with a webhook endpoint of
 * its own that keeps what it receives, for the tests that drive it with Stripe's SDK.
 */

export const TEST_SECRET_KEY = "sk_test_comptoir_sandbox_key";
export const TEST_WEBHOOK_SECRET = "whsec_comptoir_sandbox_secret";

export type Received = { body: string; signature: string };

async function listen(fetch: (request: Request) => Response | Promise<Response>) {
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  // A test may pause longer than Node's 5 s keep-alive between two requests (compiling the
  // OpenAPI schemas, a busy CI machine): the client would then reuse a socket the server is
  // closing and get ECONNRESET. Idle sockets are kept a minute instead.
  if (server && "keepAliveTimeout" in server) server.keepAliveTimeout = 60_000;
  const close = () =>
    new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { port, close };
}

export async function startSandbox(database: Database, clock: { now: Date }) {
  const received: Received[] = [];
  // The endpoint answers 500 while `failing` is above 0, counting down: Stripe then retries.
  const endpoint = { failing: 0 };
  const receiver = await listen(async (request) => {
    received.push({
      body: await request.text(),
      signature: request.headers.get("Stripe-Signature") ?? "",
    });
    if (endpoint.failing > 0) {
      endpoint.failing--;
      return new Response("indisponible", { status: 500 });
    }
    return new Response(null, { status: 204 });
  });
  let handler: ReturnType<typeof createSandboxApi> | undefined;
  const api = await listen((request) =>
    handler ? handler.fetch(request) : new Response(null, { status: 503 }),
  );
  const context: SandboxContext = {
    db: database.db,
    now: () => clock.now,
    pageBase: `http://127.0.0.1:${api.port}/test-payments`,
    webhook: { url: `http://127.0.0.1:${receiver.port}/webhooks`, secret: TEST_WEBHOOK_SECRET },
  };
  handler = createSandboxApi({ ...context, apiKey: TEST_SECRET_KEY });
  return {
    context,
    port: api.port,
    origin: `http://127.0.0.1:${api.port}`,
    received,
    endpoint,
    close: async () => {
      await api.close();
      await receiver.close();
    },
  };
}

/** Pays a session on its hosted page as a browser without JavaScript does: plain form posts. */
export async function payOnPage(
  url: string,
  card: { number: string; expiry?: string; cvc?: string },
  challenge?: "pass" | "fail",
  // Another way to send the requests (a composed shop's in-process `request`).
  send: (url: string, init?: RequestInit) => Promise<Response> = fetch,
): Promise<Response> {
  const answer = await send(url, {
    method: "POST",
    body: new URLSearchParams({
      number: card.number,
      expiry: card.expiry ?? "12/30",
      cvc: card.cvc ?? "123",
    }),
    redirect: "manual",
  });
  const location = answer.headers.get("Location") ?? "";
  if (!challenge || !location.endsWith("/3ds")) return answer;
  const page = await send(new URL(location, url).href);
  if (!(await page.text()).includes("Authentification 3-D Secure")) {
    throw new Error("No 3-D Secure page");
  }
  return send(new URL(location, url).href, {
    method: "POST",
    body: new URLSearchParams({ result: challenge }),
    redirect: "manual",
  });
}
