import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { connect as tlsConnect } from "node:tls";
import {
  type Browser,
  type BrowserType,
  expect,
  test as journey,
  type LaunchOptions,
  type Page,
  type Response,
} from "@playwright/test";
import { nginxMainConfig } from "../scripts/nginx.ts";
import { startVarnish, VARNISHD, type Varnish, varnishConfig } from "../scripts/varnish.ts";
import {
  E2E_ADMIN,
  openTypedPriceProduct,
  outboxLink,
  savePrice,
  signInStaff,
} from "./admin-account.ts";
import { publish } from "./admin-content.ts";
import { type Instances, startInstances } from "./instances.ts";
import {
  DEMO_CUSTOMER,
  hydrated,
  payOnHostedCheckout,
  pickUpAtFirstSlot,
  signIn,
} from "./journeys.ts";
import { consentGiven } from "./shop-config.ts";

/**
 * The production topology of docs/deployment.md (issue 20, item 8; issue 51): Debian's nginx,
 * running the repository's own deploy/nginx/comptoir.conf, ends TLS in front of Debian's
 * Varnish, running deploy/varnish/comptoir.vcl, in front of two instances on one PostgreSQL
 * database. A shopper signs in, fills a cart, pays and finds the order in the account; the office
 * works in the admin area; a visitor from elsewhere does not reach it, even with a forged
 * X-Forwarded-For. The instances see the visitors' addresses through TRUSTED_PROXIES. Varnish
 * serves a page's second visitor; a price or a content published in the admin area shows within a
 * second; nothing of a signed-in shopper is stored or shown to another.
 *
 * The shop's name, comptoir.test, resolves to 127.0.0.1 for the shopper's browser and to ::1 for
 * the office's (Chromium's host resolver rules): two visitors from two addresses, on one machine.
 * Only ::1, the office, is in ADMIN_ALLOWLIST. nginx connects to Varnish, and Varnish to the
 * instances, from 127.0.0.1, the one trusted proxy.
 */

/** The shopper's browser (comptoir.test on 127.0.0.1) and the office's (on ::1), for a journey. */
const test = journey.extend<{ shopperBrowser: Browser; officeBrowser: Browser }>({
  shopperBrowser: async ({ playwright, launchOptions }, use) => {
    const browser = await browserAt(playwright.chromium, launchOptions, "127.0.0.1");
    await use(browser);
    await browser.close();
  },
  officeBrowser: async ({ playwright, launchOptions }, use) => {
    const browser = await browserAt(playwright.chromium, launchOptions, "[::1]");
    await use(browser);
    await browser.close();
  },
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
test.skip(!databaseUrl, "two instances need PostgreSQL: set TEST_DATABASE_URL");
// `npm test` installs nginx (scripts/ensure-nginx.sh); in CI a missing nginx fails the journey.
test.skip(
  !existsSync(NGINX) && !process.env.CI,
  `nginx is missing at ${NGINX}: run scripts/ensure-nginx.sh`,
);
test.skip(
  !existsSync(VARNISHD) && !process.env.CI,
  `Varnish is missing at ${VARNISHD}: run scripts/ensure-varnish.sh`,
);
test.skip(({ isMobile }) => isMobile, "the proxy does not depend on the browser's shape");
test.setTimeout(240_000);
test.describe.configure({ mode: "serial" });

const root = resolve(import.meta.dirname, "..");
const HTTPS_PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const HTTP_PORT = HTTPS_PORT + 1;
const INSTANCE_PORTS = [HTTPS_PORT + 2, HTTPS_PORT + 3] as const;
const VARNISH_PORT = HTTPS_PORT + 4;
const PURGE_TOKEN = "purge-token-of-the-nginx-journey-2026";
const NAME = "comptoir.test";
const base = `https://${NAME}:${HTTPS_PORT}`;

let dir = "";
let nginx: ChildProcess | undefined;
let varnish: Varnish | undefined;
let instances: Instances | undefined;

/** Replaces `from` by `to` in `text`, failing when the file no longer holds it. */
function swap(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx/comptoir.conf no longer holds "${from}"`);
  return text.replaceAll(from, to);
}

/** deploy/nginx/comptoir.conf with the test's name, ports and certificate. */
function siteConfig(certificate: string, key: string): string {
  let site = readFileSync(join(root, "deploy/nginx/comptoir.conf"), "utf8");
  site = swap(site, "server 127.0.0.1:6081", `server 127.0.0.1:${VARNISH_PORT}`);
  site = swap(site, "listen 80;", `listen 127.0.0.1:${HTTP_PORT};`);
  site = swap(site, "listen [::]:80;", `listen [::1]:${HTTP_PORT};`);
  site = swap(site, "listen 443 ssl", `listen 127.0.0.1:${HTTPS_PORT} ssl`);
  site = swap(site, "listen [::]:443 ssl", `listen [::1]:${HTTPS_PORT} ssl`);
  site = swap(site, "/etc/letsencrypt/live/comptoir.example/fullchain.pem", certificate);
  site = swap(site, "/etc/letsencrypt/live/comptoir.example/privkey.pem", key);
  site = swap(site, "https://comptoir.example$request_uri", `${base}$request_uri`);
  return swap(site, "comptoir.example", NAME);
}

/**
 * What Debian's /etc/nginx/nginx.conf gives a site file, in the test's folder: the site, and an
 * access log naming the instance that answered each request.
 */
function mainConfig(site: string): string {
  return nginxMainConfig(dir, {
    workers: "1",
    http: `include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format upstreams '$remote_addr $upstream_addr $status $request_method $uri';
  access_log ${join(dir, "access.log")} upstreams;
  include ${site};`,
  });
}

async function listening(port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await new Promise<boolean>((done) => {
      const socket = tlsConnect({
        host: "127.0.0.1",
        port,
        servername: NAME,
        rejectUnauthorized: false,
      });
      socket.once("secureConnect", () => {
        socket.end();
        done(true);
      });
      socket.once("error", () => done(false));
    });
    if (ok) return;
    await new Promise((next) => setTimeout(next, 100));
  }
  throw new Error(`nginx never listened on ${port}`);
}

/** A browser whose host resolver sends the shop's name to `address`. */
async function browserAt(
  browserType: BrowserType,
  launchOptions: LaunchOptions,
  address: string,
): Promise<Browser> {
  return browserType.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${NAME} ${address}`],
  });
}

/** A context on the shop, with the cookie choice made (its banner would cover what is clicked). */
function shopContext(browser: Browser) {
  return browser.newContext({
    baseURL: base,
    ignoreHTTPSErrors: true,
    storageState: consentGiven(NAME),
  });
}

/** nginx's access log: for each request, who asked, where nginx sent it, and the status. */
function accessLog(): { client: string; upstream: string; status: number; path: string }[] {
  return readFileSync(join(dir, "access.log"), "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [client = "", upstream = "", status = "0", , path = ""] = line.split(" ");
      return { client, upstream, status: Number(status), path };
    });
}

/** The requests Varnish sent to each instance so far (varnishstat's backend counters). */
function instanceRequests(): [number, number] {
  const stats = JSON.parse(
    execFileSync("varnishstat", ["-n", varnish?.name ?? "", "-1", "-j"], { encoding: "utf8" }),
  ) as { counters: Record<string, { value: number }> };
  const sent = (backend: string) => stats.counters[`VBE.boot.${backend}.req`]?.value ?? 0;
  return [sent("shop_1"), sent("shop_2")];
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = mkdtempSync(join(tmpdir(), "comptoir-e2e-nginx-"));
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(dir, "temp", temp), { recursive: true });
  }
  const certificate = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${NAME}`,
      "-addext",
      `subjectAltName=DNS:${NAME}`,
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { stdio: "ignore" },
  );
  writeFileSync(join(dir, "comptoir.conf"), siteConfig(certificate, key));
  writeFileSync(join(dir, "nginx.conf"), mainConfig(join(dir, "comptoir.conf")));

  instances = await startInstances({
    databaseUrl: databaseUrl as string,
    name: `comptoir_e2e_nginx_${process.pid}`,
    ports: [...INSTANCE_PORTS],
    env: {
      PUBLIC_URL: base,
      TRUSTED_PROXIES: "127.0.0.1",
      ADMIN_ALLOWLIST: "::1",
      SHARED_CACHE_PURGE_URL: `http://127.0.0.1:${VARNISH_PORT}`,
      SHARED_CACHE_PURGE_TOKEN: PURGE_TOKEN,
    },
  });
  varnish = await startVarnish({
    port: VARNISH_PORT,
    vcl: varnishConfig(INSTANCE_PORTS, PURGE_TOKEN),
  });
  nginx = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  await listening(HTTPS_PORT);
});

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill("SIGQUIT");
    await once(nginx, "exit");
  }
  await varnish?.stop();
  await instances?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("plain http is sent to https, and a name that is not the shop's gets no TLS answer", async () => {
  const redirect = await new Promise<{ status?: number; location?: string }>((done, fail) => {
    httpRequest(
      {
        host: "127.0.0.1",
        port: HTTP_PORT,
        path: "/c/fromagerie/?tri=prix",
        headers: { Host: NAME },
      },
      (response) => {
        response.resume();
        done({ status: response.statusCode, location: response.headers.location });
      },
    )
      .on("error", fail)
      .end();
  });
  expect(redirect).toEqual({ status: 301, location: `${base}/c/fromagerie/?tri=prix` });

  // An address or another name (no SNI of the shop's): the handshake is refused.
  const handshake = (servername?: string) =>
    new Promise<string>((done) => {
      const socket = tlsConnect({
        host: "127.0.0.1",
        port: HTTPS_PORT,
        servername,
        rejectUnauthorized: false,
      });
      socket.once("secureConnect", () => {
        socket.end();
        done("accepted");
      });
      socket.once("error", () => done("refused"));
    });
  expect(await handshake(NAME)).toBe("accepted");
  expect(await handshake("other.example")).toBe("refused");
  expect(await handshake()).toBe("refused");
});

test("a shopper buys and finds the order in the account; only the office reaches the admin area", async ({
  shopperBrowser,
  officeBrowser,
}) => {
  const shopper = await shopContext(shopperBrowser);
  const page = await shopper.newPage();
  await pickUpAtFirstSlot(page);
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

  await page.goto("/c/fromagerie/");
  await hydrated(page);
  await page
    .getByRole("article")
    .getByRole("button", { name: /^Ajouter .+ au panier$/ })
    .first()
    .click();
  // The header counts the line at once, and is busy until the cart holds it: leaving the page
  // before that would abort the add.
  await expect(page.getByRole("button", { name: /^Panier, 1 article$/ })).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
  await page.goto("/panier/");
  await hydrated(page);
  await page.getByRole("button", { name: "Passer commande" }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/\?key=/);
  await payOnHostedCheckout(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=gid/);
  const orderId = /Order\/(\d+)/.exec(
    decodeURIComponent(new URL(page.url()).searchParams.get("order") ?? ""),
  )?.[1];
  expect(orderId).toBeDefined();
  await page.goto("/compte/?s=3");
  await expect(page.locator(`a[href^="/compte/commandes/${orderId}/"]`)).toHaveCount(1);

  // Over https through the proxy (X-Forwarded-Proto), every cookie the shop set is Secure.
  const cookies = await shopper.cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(
    expect.arrayContaining(["customerAccessToken", "mode", "deliverySlot"]),
  );
  for (const cookie of cookies.filter((c) => c.name !== "comptoir_consent")) {
    expect({ name: cookie.name, secure: cookie.secure }).toEqual({
      name: cookie.name,
      secure: true,
    });
  }

  // The shopper's address is not the office's: the admin area sends them home, and an
  // X-Forwarded-For of their own making changes nothing (nginx writes the header).
  await page.goto("/middleware/login/");
  await expect(page).toHaveURL(`${base}/`);
  await shopper.setExtraHTTPHeaders({ "X-Forwarded-For": "::1" });
  await page.goto("/middleware/login/");
  await expect(page).toHaveURL(`${base}/`);

  // The office, on ::1, signs in and finds the order.
  const office = await shopContext(officeBrowser);
  const admin = await office.newPage();
  await signInStaff(admin);
  await expect(admin.getByText(`${E2E_ADMIN.email} · Administrateur`)).toBeVisible();
  await admin.goto(`/middleware/orders/epicerie-${orderId}/`);
  await expect(admin.getByText(DEMO_CUSTOMER.email).first()).toBeVisible();

  // nginx sent everything to Varnish, which spread what it did not keep over both instances;
  // none failed, and each address came through.
  const log = accessLog();
  // (nginx answers the plain-http redirect itself: no upstream, "-".)
  const proxied = log.filter((entry) => entry.upstream !== "-");
  expect(proxied.length).toBeGreaterThan(10);
  expect(new Set(proxied.map((entry) => entry.upstream))).toEqual(
    new Set([`127.0.0.1:${VARNISH_PORT}`]),
  );
  const [first, second] = instanceRequests();
  expect(first).toBeGreaterThan(5);
  expect(second).toBeGreaterThan(5);
  expect(log.filter((entry) => entry.status >= 500)).toEqual([]);
  expect(new Set(log.map((entry) => entry.client))).toEqual(new Set(["127.0.0.1", "::1"]));
});

/** The shared cache's verdict on an answer: HIT, MISS or PASS (deploy/varnish/comptoir.vcl). */
const sharedCache = (response: Response | null) => response?.headers()["x-shared-cache"];

/**
 * From `page`: how long after now, in milliseconds, the HTML of every path, asked again and again
 * past the browser's own cache (through nginx and Varnish), holds `text`: the moment the first
 * requests that found it were sent, so that a slow render on a busy machine does not count as
 * the shared cache's delay. Infinity after 5 s.
 */
function shownAfter(page: Page, paths: string[], text: string): Promise<number> {
  return page.evaluate(
    async ({ paths, text }) => {
      const started = performance.now();
      while (performance.now() - started < 5_000) {
        const sent = performance.now() - started;
        const bodies = await Promise.all(
          paths.map(async (path) => (await fetch(path, { cache: "no-store" })).text()),
        );
        if (bodies.every((body) => body.includes(text))) return sent;
        await new Promise((next) => setTimeout(next, 25));
      }
      return Number.POSITIVE_INFINITY;
    },
    { paths, text },
  );
}

test("a page's second visitor gets it from the shared cache; a price and a content published in the admin area show within a second", async ({
  shopperBrowser,
  officeBrowser,
}) => {
  const office = await (await shopContext(officeBrowser)).newPage();
  await signInStaff(office);
  const product = `/p/${await openTypedPriceProduct(office, [1, 3])}/`;

  // A first visitor reads the product and its category, then a second one, with nothing in
  // their browser's cache, gets both from Varnish.
  const first = await (await shopContext(shopperBrowser)).newPage();
  await first.goto(product);
  const category =
    (await first
      .getByRole("navigation", { name: "Fil d'Ariane" })
      .getByRole("link")
      .last()
      .getAttribute("href")) ?? "";
  expect(category).toMatch(/^\/c\//);
  await first.goto(category);
  await first.goto("/");
  const visitor = await (await shopContext(shopperBrowser)).newPage();
  for (const path of [product, category, "/"]) {
    expect(sharedCache(await visitor.goto(path)), path).toBe("HIT");
  }

  // The office changes the price: both pages show it within a second of the save.
  const price = `41,3${test.info().retry}`;
  expect(await visitor.content()).not.toContain(price);
  await savePrice(office, price);
  expect(await shownAfter(visitor, [product, category], price)).toBeLessThan(1_000);
  await visitor.goto(category);
  await expect(visitor.locator("main").getByText(`${price} €`).first()).toBeVisible();

  // The office publishes the home page's hero under a new title: shown within a second.
  const title = `Le goût du Comptoir ${test.info().retry}`;
  await office.goto("/middleware/contenu/?type=banner&q=Le%20go%C3%BBt%20des%20bonnes%20choses");
  await office.getByRole("link", { name: "Le goût des bonnes choses", exact: true }).click();
  await hydrated(office);
  await office.getByLabel("Titre *").fill(title);
  await publish(office);
  expect(await shownAfter(visitor, ["/"], title)).toBeLessThan(1_000);
  await visitor.goto("/");
  await expect(visitor.getByText(title).first()).toBeVisible();
  expect(sharedCache(await first.goto("/"))).toBe("HIT");
});

test("nothing of a signed-in shopper is stored, nor shown to another", async ({
  shopperBrowser,
  officeBrowser,
}) => {
  const category = "/c/epicerie-salee/";
  const cards = (page: Page) => page.locator("article.product-card:not(.product-card--archived)");
  const heartOf = (page: Page, index: number) =>
    cards(page)
      .nth(index)
      .getByRole("button", { name: /aux favoris/ });
  /** Adds the listing's `index`-th card to the cart and waits until the cart holds it. */
  const addCard = async (page: Page, index: number, count: number) => {
    await cards(page)
      .nth(index)
      .getByRole("button", { name: /^Ajouter .+ au panier$/ })
      .click();
    const cart = page.getByRole("button", {
      name: `Panier, ${count} ${count > 1 ? "articles" : "article"}`,
    });
    await expect(cart).not.toHaveAttribute("aria-busy", "true");
  };
  // Marie, the demo customer, signs in: her account page is never stored, nor her pages.
  const marie = await (await shopContext(shopperBrowser)).newPage();
  await signIn(marie, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  for (let round = 0; round < 2; round++) {
    const account = await marie.goto("/compte/");
    expect(sharedCache(account)).toBe("PASS");
    expect(account?.headers()["cache-control"]).toMatch(/no-store/);
    expect(sharedCache(await marie.goto(category))).toBe("PASS");
  }
  await hydrated(marie);
  await addCard(marie, 0, 1);
  const heart = heartOf(marie, 3);
  if ((await heart.getAttribute("aria-pressed")) !== "true") await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).not.toHaveAttribute("aria-busy", "true");

  // Jules registers and activates his account from the email the office reads.
  const email = `jules.cache.${Date.now()}@example.fr`;
  const jules = await (await shopContext(shopperBrowser)).newPage();
  await jules.goto("/compte/");
  const register = jules.getByRole("region", { name: "Créer un compte" });
  await register.getByLabel("Prénom").fill("Jules");
  await register.getByLabel("Nom", { exact: true }).fill("Henry");
  await register.getByLabel("E-mail", { exact: true }).fill(email);
  await register.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(register.getByRole("status")).toContainText("Un e-mail d'activation");
  const office = await (await shopContext(officeBrowser)).newPage();
  await signInStaff(office);
  await jules.goto(`${await outboxLink(office, email, "customer-activation")}/`);
  await jules.getByLabel("Mot de passe", { exact: true }).fill("Jules-Cache-2026");
  await jules.getByLabel("Confirmez le mot de passe").fill("Jules-Cache-2026");
  await jules.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(jules).toHaveURL(/\/compte\/\?ok=active$/);
  await jules.goto(category);
  await hydrated(jules);
  await addCard(jules, 1, 1);
  await addCard(jules, 2, 2);

  // A visitor keeps the pages in the shared cache; then each shopper sees only their own.
  const visitor = await (await shopContext(shopperBrowser)).newPage();
  for (const path of ["/", category]) {
    await visitor.goto(path);
    expect(sharedCache(await visitor.goto(path)), path).toBe("HIT");
  }
  for (const path of ["/", category]) {
    for (const [page, own, other, count] of [
      [marie, "Marie", "Jules Henry", "Panier, 1 article"],
      [jules, "Jules", "Marie Dupont", "Panier, 2 articles"],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("button", { name: `${own} — mon compte` })).toBeVisible();
      await expect(banner.getByRole("button", { name: count })).toBeVisible();
      await expect(page.getByText(other)).toHaveCount(0);
      const otherFirstName = other.split(" ")[0];
      await expect(
        banner.getByRole("button", { name: `${otherFirstName} — mon compte` }),
      ).toHaveCount(0);
    }
  }
  await marie.goto(category);
  await expect(heartOf(marie, 3)).toHaveAttribute("aria-pressed", "true");
  await jules.goto(category);
  await hydrated(jules);
  await expect(heartOf(jules, 3)).toHaveAttribute("aria-pressed", "false");

  // And the visitor, from the shared cache, sees neither.
  await visitor.goto(category);
  await hydrated(visitor);
  for (const name of ["Marie", "Jules"]) {
    await expect(visitor.getByRole("button", { name: `${name} — mon compte` })).toHaveCount(0);
  }
  for (const name of ["Marie Dupont", "Jules Henry"]) {
    await expect(visitor.getByText(name)).toHaveCount(0);
  }
  await expect(
    visitor.getByRole("banner").getByRole("button", { name: /^Panier, 0 / }),
  ).toBeVisible();
  await expect(heartOf(visitor, 3)).toHaveAttribute("aria-pressed", "false");
});
