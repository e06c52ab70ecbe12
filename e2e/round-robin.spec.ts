import { once } from "node:events";
import { createServer, request as forward, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN, savePrice, signInStaff } from "./admin-account.ts";
import { type Instances, startInstances } from "./instances.ts";
import { hydrated, payOnHostedCheckout, pickUpAtFirstSlot } from "./journeys.ts";

/**
 * Any instance answers anyone (issue 20, item 5): two production servers on one PostgreSQL
 * database behind a proxy that sends each request to the next one in turn. A shopper browses,
 * fills a cart, books a slot and pays, and finds the order in the confirmation; a member of staff
 * signs in and works in the admin area — every step answered by one instance or the other, with
 * nothing kept in one instance's memory that the other needs. Needs PostgreSQL
 * (TEST_DATABASE_URL, set by CI), since PGlite belongs to one process.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
test.skip(!databaseUrl, "two instances need PostgreSQL: set TEST_DATABASE_URL");
test.skip(({ isMobile }) => isMobile, "one browser shape is enough to cross instances");
test.setTimeout(240_000);
// Both journeys share the two instances started once below: one worker runs them in turn.
test.describe.configure({ mode: "serial" });

const PROXY_PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const INSTANCE_PORTS = [PROXY_PORT + 1, PROXY_PORT + 2];
const base = `http://127.0.0.1:${PROXY_PORT}`;

let proxy: Server;
let instances: Instances | undefined;
/** Requests each instance answered, and 5xx answers seen, through the proxy. */
const answered = [0, 0];
let serverErrors = 0;

/** A proxy sending each request to the next instance in turn, as a balancer in round robin. */
function roundRobin(): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % INSTANCE_PORTS.length;
    answered[index] = (answered[index] ?? 0) + 1;
    const upstream = forward(
      {
        host: "127.0.0.1",
        port: INSTANCE_PORTS[index],
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        if ((response.statusCode ?? 500) >= 500) serverErrors++;
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      serverErrors++;
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  instances = await startInstances({
    databaseUrl: databaseUrl as string,
    name: `comptoir_e2e_rr_${process.pid}`,
    ports: INSTANCE_PORTS,
    env: {
      PUBLIC_URL: base,
      // Each instance is also reached on its own address, to see what one shows after the other
      // wrote.
      ALLOWED_HOSTS: INSTANCE_PORTS.map((p) => `127.0.0.1:${p}`).join(","),
    },
  });
  proxy = roundRobin();
  proxy.listen(PROXY_PORT, "127.0.0.1");
  await once(proxy, "listening");
});

test.afterAll(async () => {
  proxy?.close();
  await instances?.stop();
});

test("a shopper and a member of staff, each request answered by the next instance", async ({
  browser,
}) => {
  const shopper = await browser.newContext({ baseURL: base });
  try {
    const page = await shopper.newPage();
    await pickUpAtFirstSlot(page);

    await page.goto("/c/fromagerie/");
    await hydrated(page);
    const add = page.getByRole("article").getByRole("button", { name: /^Ajouter .+ au panier$/ });
    await add.first().click();
    await expect(page.getByRole("button", { name: /^Panier, 1 article$/ })).not.toHaveAttribute(
      "aria-busy",
      "true",
    );
    await add.nth(1).click();
    await expect(page.getByRole("button", { name: /^Panier, 2 articles$/ })).toBeVisible();

    // The cart page, read again and again: whichever instance answers knows the cart.
    for (let i = 0; i < 3; i++) {
      await page.goto("/panier/");
      await expect(page.getByRole("button", { name: "Passer commande" })).toBeVisible();
    }
    await hydrated(page);
    await page.getByRole("button", { name: "Passer commande" }).click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
    await payOnHostedCheckout(page);
    await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
    await expect(page.getByText(/n° \d+/).first()).toBeVisible();
  } finally {
    await shopper.close();
  }

  const office = await browser.newContext({ baseURL: base });
  try {
    const page = await office.newPage();
    await signInStaff(page);
    // The staff session holds on every screen, whichever instance answers.
    for (const screen of [
      "/middleware/orders/",
      "/middleware/customers/",
      "/middleware/dashboard/",
    ]) {
      await page.goto(screen);
      await expect(page).toHaveURL(new RegExp(`${screen}$`));
      await expect(page.getByText(`${E2E_ADMIN.email} · Administrateur`)).toBeVisible();
    }
    await page.goto("/middleware/orders/");
    await expect(page.getByRole("row").filter({ hasText: "Léa Martin" }).first()).toBeVisible();
  } finally {
    await office.close();
  }

  expect(serverErrors).toBe(0);
  expect(answered[0]).toBeGreaterThan(10);
  expect(answered[1]).toBeGreaterThan(10);
});

test("a price change and a purge made on one instance show on the other's next page within a second", async ({
  browser,
}) => {
  const [a, b] = INSTANCE_PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const office = await browser.newContext({ baseURL: a });
  try {
    const page = await office.newPage();
    await signInStaff(page);
    await page.goto("/middleware/products/?archive=non&dispo=en-vente");
    await page.getByRole("table").getByRole("row").nth(2).getByRole("link").click();
    await expect(page).toHaveURL(/\/middleware\/products\/[a-z0-9-]+\/$/);
    const handle = new URL(page.url()).pathname.split("/")[3] ?? "";
    const onB = () => fetch(`${b}/p/${handle}/`);

    // B renders the product page, then keeps it in its page cache.
    expect((await onB()).headers.get("x-cache")).toBe("MISS");
    expect((await onB()).headers.get("x-cache")).toBe("HIT");

    // A changes the price: B's next page shows it within a second (its page cache and its
    // catalogue reads were told). The second counts until B is asked for the page that shows
    // it, not until B has rendered it, which a busy machine can take longer than that to do.
    await savePrice(page, "19,87");
    const changed = Date.now();
    const shownFrom = await firstAskedWhen(async () =>
      (await (await onB()).text()).includes("19,87"),
    );
    expect(shownFrom - changed).toBeLessThan(1_000);

    // A purge on A's admin screen empties B's page cache too.
    expect((await onB()).headers.get("x-cache")).toBe("HIT");
    await page.goto("/middleware/purge/");
    await page.getByRole("button", { name: /Vider tout le cache/ }).click();
    // The second counts from A's answer, as for the price: not from the click, which a busy
    // machine can take longer than that to send and answer.
    await expect(page.getByRole("status")).toContainText("Cache vidé");
    const purged = Date.now();
    const missFrom = await firstAskedWhen(
      async () => (await onB()).headers.get("x-cache") === "MISS",
    );
    expect(missFrom - purged).toBeLessThan(1_000);
  } finally {
    await office.close();
  }
});

/**
 * When the first request that `shows` was sent: one every 100 ms, each without waiting for the
 * ones before it to be answered, until one answers true (15 s at most).
 */
function firstAskedWhen(shows: () => Promise<boolean>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const sent = Date.now();
      if (sent - started > 15_000) {
        clearInterval(timer);
        reject(new Error("never shown"));
        return;
      }
      shows().then(
        (shown) => {
          if (!shown) return;
          clearInterval(timer);
          resolve(sent);
        },
        () => {},
      );
    }, 100);
  });
}
