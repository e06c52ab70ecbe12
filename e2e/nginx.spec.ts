import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { type Browser, type BrowserType, expect, type LaunchOptions, test } from "@playwright/test";
import { E2E_ADMIN, signInStaff } from "./admin-account.ts";
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
 * The production topology of docs/deployment.md (issue 20, item 8): Debian's nginx, running the
 * repository's own deploy/nginx/comptoir.conf, ends TLS in front of two instances on one
 * PostgreSQL database. A shopper signs in, fills a cart, pays and finds the order in the account;
 * the office works in the admin area; a visitor from elsewhere does not reach it, even with a
 * forged X-Forwarded-For. The instances see the visitors' addresses through TRUSTED_PROXIES.
 *
 * The shop's name, comptoir.test, resolves to 127.0.0.1 for the shopper's browser and to ::1 for
 * the office's (Chromium's host resolver rules): two visitors from two addresses, on one machine.
 * Only ::1, the office, is in ADMIN_ALLOWLIST. nginx connects to the instances from 127.0.0.1,
 * the one trusted proxy.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
test.skip(!databaseUrl, "two instances need PostgreSQL: set TEST_DATABASE_URL");
// `npm test` installs nginx (scripts/ensure-nginx.sh); in CI a missing nginx fails the journey.
test.skip(
  !existsSync(NGINX) && !process.env.CI,
  `nginx is missing at ${NGINX}: run scripts/ensure-nginx.sh`,
);
test.skip(({ isMobile }) => isMobile, "the proxy does not depend on the browser's shape");
test.setTimeout(240_000);
test.describe.configure({ mode: "serial" });

const root = resolve(import.meta.dirname, "..");
const HTTPS_PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const HTTP_PORT = HTTPS_PORT + 1;
const INSTANCE_PORTS = [HTTPS_PORT + 2, HTTPS_PORT + 3];
const NAME = "comptoir.test";
const base = `https://${NAME}:${HTTPS_PORT}`;

let dir = "";
let nginx: ChildProcess | undefined;
let instances: Instances | undefined;

/** Replaces `from` by `to` in `text`, failing when the file no longer holds it. */
function swap(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx/comptoir.conf no longer holds "${from}"`);
  return text.replaceAll(from, to);
}

/** deploy/nginx/comptoir.conf with the test's name, ports and certificate. */
function siteConfig(certificate: string, key: string): string {
  let site = readFileSync(join(root, "deploy/nginx/comptoir.conf"), "utf8");
  site = swap(site, "server 127.0.0.1:3001", `server 127.0.0.1:${INSTANCE_PORTS[0]}`);
  site = swap(site, "server 127.0.0.1:3002", `server 127.0.0.1:${INSTANCE_PORTS[1]}`);
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
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${join(dir, "temp/body")};
  proxy_temp_path ${join(dir, "temp/proxy")};
  fastcgi_temp_path ${join(dir, "temp/fastcgi")};
  uwsgi_temp_path ${join(dir, "temp/uwsgi")};
  scgi_temp_path ${join(dir, "temp/scgi")};
  log_format upstreams '$remote_addr $upstream_addr $status $request_method $uri';
  access_log ${join(dir, "access.log")} upstreams;
  include ${site};
}
`;
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

/** The access log: for each request, who asked, which instance answered, and the status. */
function accessLog(): { client: string; instance: string; status: number; path: string }[] {
  return readFileSync(join(dir, "access.log"), "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [client = "", instance = "", status = "0", , path = ""] = line.split(" ");
      return { client, instance, status: Number(status), path };
    });
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
    ports: INSTANCE_PORTS,
    env: {
      PUBLIC_URL: base,
      TRUSTED_PROXIES: "127.0.0.1",
      ADMIN_ALLOWLIST: "::1",
    },
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
  playwright,
  launchOptions,
}) => {
  const shopperBrowser = await browserAt(playwright.chromium, launchOptions, "127.0.0.1");
  const officeBrowser = await browserAt(playwright.chromium, launchOptions, "[::1]");
  try {
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
  } finally {
    await shopperBrowser.close();
    await officeBrowser.close();
  }

  // nginx spread the requests over both instances, none failed, and each address came through.
  const log = accessLog();
  const byInstance = (port: number) =>
    log.filter((entry) => entry.instance === `127.0.0.1:${port}`);
  expect(byInstance(INSTANCE_PORTS[0] as number).length).toBeGreaterThan(5);
  expect(byInstance(INSTANCE_PORTS[1] as number).length).toBeGreaterThan(5);
  expect(log.filter((entry) => entry.status >= 500)).toEqual([]);
  expect(new Set(log.map((entry) => entry.client))).toEqual(new Set(["127.0.0.1", "::1"]));
});
