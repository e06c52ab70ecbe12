import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storefrontQuery } from "#app/lib/storefront.server.ts";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { composeTestServer, formPost, type TestRequest } from "#platform/backoffice/testing.ts";
import { parseCartGid } from "#platform/commerce/index.ts";
import { placeTestOrder } from "#platform/commerce/testing.ts";
import { formatSlot } from "#platform/format.ts";
import { latestMessage, linkIn } from "#platform/notify/testing.ts";
import { freeSlotKeys, grocerySlots } from "#platform/ordering/index.ts";
import { DEMO_CUSTOMER } from "#seed/commerce/customers.ts";

/**
 * Sign-in and the account pages through the composed server (rules, page cache, storefront,
 * commerce service) on the demo data: what the forms do before any JavaScript runs, and what
 * the shared page cache must never keep.
 */
let database: Database;
let request: TestRequest;
let close: () => Promise<void>;

// A shopper's address (not an office one): the storefront as the public sees it.
const SHOPPER = "203.0.113.20";
const get = (path: string, cookie?: string) =>
  request(path, cookie ? { headers: { cookie } } : {}, SHOPPER);
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  request(path, formPost(fields, cookie ? { cookie } : {}), SHOPPER);

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The `name=value` of a response's cookie, or undefined. */
function cookieOf(response: Response, name: string): string | undefined {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return set?.split(";")[0];
}

async function signInDemo(password = DEMO_CUSTOMER.password): Promise<string> {
  const response = await post("/compte/", {
    intent: "login",
    email: DEMO_CUSTOMER.email,
    password,
    redirect: "/compte/",
  });
  expect(response.status).toBe(302);
  const cookie = cookieOf(response, "customerAccessToken");
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const server = await composeTestServer(database);
  request = server.request;
  close = server.close;
}, 180_000);

afterAll(async () => {
  await close?.();
  await database?.close();
});

describe("the account page of a visitor", () => {
  it("shows sign-in, registration and the forgotten-password link, private and never cached", async () => {
    const first = await get("/compte/");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const html = await first.text();
    expect(html).toContain('name="intent" value="login"');
    expect(html).toContain("Créer un compte");
    expect(html).toContain("Mot de passe oublié ?");
    const second = await get("/compte/");
    expect(second.headers.get("x-cache")).not.toBe("HIT");
  });

  it("refuses a wrong password with a clear French message", async () => {
    const response = await post("/compte/", {
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: "pas-le-bon-mot-de-passe",
      redirect: "/compte/",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("customerAccessToken=");
    expect(await response.text()).toContain("Adresse e-mail ou mot de passe incorrect.");
  });

  it("sends a visitor asking for an order page to the login, with a way back", async () => {
    const response = await get("/compte/commandes/1/?key=abcdefabcdef");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/compte/?redirect=${encodeURIComponent("/compte/commandes/1/?key=abcdefabcdef")}`,
    );
  });

  it("goes back only to a page of this site after sign-in", async () => {
    const response = await post("/compte/", {
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
      redirect: "//evil.example/steal",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/compte/");
  });

  it("leads back to the page's address after a client navigation, not its data request's", async () => {
    const response = await request(
      "/compte/_.data?s=5&produit=42&_routes=routes%2Faccount%2Faccount",
    );
    const body = await response.text();
    expect(body).toContain("/compte/?s=5&produit=42");
    expect(body).not.toContain("_.data");
    expect(body).not.toContain("_routes");
  });
});

describe("a signed-in customer", () => {
  it("signs in to the account: profile and addresses, private, the session renewed", async () => {
    const cookie = await signInDemo();
    expect(cookie).toMatch(/^customerAccessToken=.+/);
    const response = await get("/compte/", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(cookieOf(response, "customerAccessToken")).toBe(cookie);
    const html = await response.text();
    expect(html).toContain("Bonjour Marie Dupont");
    expect(html).toContain("12 rue des Martyrs");
    expect(html).toContain('value="06 12 34 56 78"');
  });

  it("keeps the password when the current one given is wrong", async () => {
    const cookie = await signInDemo();
    const response = await post(
      "/compte/",
      {
        intent: "password",
        currentPassword: "mauvais-mot-de-passe",
        password: "Nouveau-2026",
        confirmation: "Nouveau-2026",
      },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Le mot de passe actuel est incorrect.");
    // Still the old password, and the session still works.
    await signInDemo(DEMO_CUSTOMER.password);
    expect((await get("/compte/", cookie)).status).toBe(200);
  });

  it("changes the password after checking the current one, and keeps this session", async () => {
    const cookie = await signInDemo();
    const response = await post(
      "/compte/",
      {
        intent: "password",
        currentPassword: DEMO_CUSTOMER.password,
        password: "Nouveau-2026",
        confirmation: "Nouveau-2026",
      },
      cookie,
    );
    expect(response.status).toBe(302);
    const renewed = cookieOf(response, "customerAccessToken");
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(cookie);
    expect(await (await get("/compte/?ok=mot-de-passe", renewed)).text()).toContain(
      "Votre mot de passe a été changé.",
    );
    // Back to the demo password for the other tests.
    const back = await post(
      "/compte/",
      {
        intent: "password",
        currentPassword: "Nouveau-2026",
        password: DEMO_CUSTOMER.password,
        confirmation: DEMO_CUSTOMER.password,
      },
      renewed,
    );
    expect(back.status).toBe(302);
  });

  it("refuses an address without zip code and saves nothing", async () => {
    const cookie = await signInDemo();
    const count = async () =>
      Number(
        (
          await rows(sql`select count(*)::int as n from commerce_customer_address a
          join commerce_customer c on c.id = a.customer_id where c.email = ${DEMO_CUSTOMER.email}`)
        )[0]?.n,
      );
    const before = await count();
    const response = await post(
      "/compte/",
      {
        intent: "address-create",
        address1: "5 rue Oberkampf",
        zip: "",
        city: "Paris",
        country: "FR",
      },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "Veuillez renseigner l&#x27;adresse, le code postal et la ville : l&#x27;adresse n&#x27;a pas été enregistrée.",
    );
    expect(await count()).toBe(before);

    const added = await post(
      "/compte/",
      {
        intent: "address-create",
        address1: "5 rue Oberkampf",
        zip: "75011",
        city: "Paris",
        country: "",
      },
      cookie,
    );
    expect(added.status).toBe(302);
    expect(await count()).toBe(before + 1);
    const [address] = await rows(sql`select country_code from commerce_customer_address
      where address1 = '5 rue Oberkampf'`);
    expect(address?.country_code).toBe("FR");
  });

  it("checks the phone is French and stores it in international form", async () => {
    const cookie = await signInDemo();
    const profile = {
      intent: "profile",
      firstName: "Marie",
      lastName: "Dupont",
      email: DEMO_CUSTOMER.email,
      acceptsMarketing: "on",
    };
    const refused = await post("/compte/", { ...profile, phone: "12 34" }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Le numéro de téléphone doit être un numéro français");
    const saved = await post("/compte/", { ...profile, phone: "0033 7 11 22 33 44" }, cookie);
    expect(saved.status).toBe(302);
    const [row] = await rows(
      sql`select phone from commerce_customer where email = ${DEMO_CUSTOMER.email}`,
    );
    expect(row?.phone).toBe("+33711223344");
  });

  it("answers 'Token manquant' to a customer form posted without a session", async () => {
    const response = await post("/compte/", { intent: "profile", email: "x@example.fr" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Token manquant");
  });

  it("is signed out by an expired or revoked token, with the spec's message", async () => {
    const response = await get("/compte/", "customerAccessToken=jeton-inconnu");
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain("customerAccessToken=;");
    expect(await response.text()).toContain("Impossible de récupérer les informations client");
  });

  it("logs out: the token stops working and its cookie is cleared", async () => {
    const cookie = await signInDemo();
    const response = await post("/compte/deconnexion/", {}, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toContain("customerAccessToken=;");
    const after = await (await get("/compte/", cookie)).text();
    expect(after).toContain("Impossible de récupérer les informations client");
  });
});

describe("registration", () => {
  it("registers without a password, which the activation link sets, once, and signs in", async () => {
    // The registration form asks for no password: the activation link does.
    const form = await (await get("/compte/")).text();
    const registration = form.slice(form.indexOf('value="register"'));
    expect(registration.slice(0, registration.indexOf("</form>"))).not.toContain('type="password"');

    const email = "camille.roux@example.fr";
    const registered = await post("/compte/", {
      intent: "register",
      firstName: "Camille",
      lastName: "Roux",
      email,
    });
    expect(registered.status).toBe(200);
    expect(await registered.text()).toContain("Un e-mail d&#x27;activation vous a été envoyé");

    const link = new URL(linkIn(await latestMessage(database.db, email, "customer-activation")));
    expect(link.pathname).toMatch(/^\/account\/activate\/\d+\/[\w-]+$/);
    const page = await get(`${link.pathname}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");

    const differ = await post(`${link.pathname}/`, {
      password: "Camille-2026",
      confirmation: "autre",
    });
    expect(differ.status).toBe(400);
    const activated = await post(`${link.pathname}/`, {
      password: "Camille-2026",
      confirmation: "Camille-2026",
    });
    expect(activated.status).toBe(302);
    expect(activated.headers.get("location")).toBe("/compte/?ok=active");
    const cookie = cookieOf(activated, "customerAccessToken");
    const account = await (await get("/compte/?ok=active", cookie)).text();
    expect(account).toContain("Bonjour Camille Roux");
    expect(account).toContain("Votre compte est activé");
    // The password chosen at activation is the account's.
    const signedIn = await post("/compte/", {
      intent: "login",
      email,
      password: "Camille-2026",
      redirect: "/compte/",
    });
    expect(signedIn.status).toBe(302);
  });

  it("activates from the token-less page: a new link by email, then the link pasted", async () => {
    const email = "jules.henry@example.fr";
    await post("/compte/", { intent: "register", firstName: "Jules", lastName: "Henry", email });
    const first = linkIn(await latestMessage(database.db, email, "customer-activation"));

    for (const path of [
      "/account/activate/",
      `/account/activate/${/activate\/(\d+)/.exec(first)?.[1]}/`,
    ]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain("Lien d&#x27;activation");
      expect(html).toContain("Recevoir un nouveau lien");
    }

    // Lost the email: a new activation link is sent to an account not yet activated.
    const asked = await post("/account/activate/", { intent: "new-link", email });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("un nouveau lien vient de vous être envoyé");
    const second = linkIn(await latestMessage(database.db, email, "customer-activation"));
    expect(second).not.toBe(first);

    // Something that is not a link is refused in French; so is a reset link, or a used one.
    const notLink = await post("/account/activate/", {
      intent: "link",
      link: "jules",
      password: "Jules-2026!",
      confirmation: "Jules-2026!",
    });
    expect(notLink.status).toBe(400);
    expect(await notLink.text()).toContain(
      "Ce lien n&#x27;est pas valide : collez le lien complet",
    );

    const activated = await post("/account/activate/", {
      intent: "link",
      link: ` ${second} `,
      password: "Jules-2026!",
      confirmation: "Jules-2026!",
    });
    expect(activated.status).toBe(302);
    expect(activated.headers.get("location")).toBe("/compte/?ok=active");
    expect(cookieOf(activated, "customerAccessToken")).toBeDefined();

    const used = await post("/account/activate/", {
      intent: "link",
      link: second,
      password: "Jules-2026!",
      confirmation: "Jules-2026!",
    });
    expect(used.status).toBe(400);
    expect(await used.text()).toContain("Ce compte est déjà activé");
  });

  it("resets a password from the token-less page with the pasted link", async () => {
    const page = await get("/auth/reset/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Lien de réinitialisation");
    const asked = await post("/auth/reset/", { intent: "new-link", email: DEMO_CUSTOMER.email });
    expect(await asked.text()).toContain("un nouveau lien vient de vous être envoyé");
    const link = linkIn(
      await latestMessage(database.db, DEMO_CUSTOMER.email, "customer-password-reset"),
    );
    const differ = await post("/auth/reset/", {
      intent: "link",
      link,
      password: DEMO_CUSTOMER.password,
      confirmation: "autre",
    });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("Les deux mots de passe ne sont pas identiques.");
    const reset = await post("/auth/reset/", {
      intent: "link",
      link,
      password: DEMO_CUSTOMER.password,
      confirmation: DEMO_CUSTOMER.password,
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/compte/?ok=nouveau-mot-de-passe");
  });

  it("sends a reset link for a forgotten password, which sets a new one", async () => {
    const recovered = await post("/compte/?vue=mot-de-passe-oublie", {
      intent: "recover",
      email: DEMO_CUSTOMER.email,
    });
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).toContain("Si un compte existe avec cette adresse");
    const link = new URL(
      linkIn(await latestMessage(database.db, DEMO_CUSTOMER.email, "customer-password-reset")),
    );
    const reset = await post(`${link.pathname}/`, {
      password: DEMO_CUSTOMER.password,
      confirmation: DEMO_CUSTOMER.password,
    });
    expect(reset.status).toBe(302);
    expect(cookieOf(reset, "customerAccessToken")).toBeDefined();
    // The link works once.
    const again = await post(`${link.pathname}/`, {
      password: DEMO_CUSTOMER.password,
      confirmation: DEMO_CUSTOMER.password,
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Ce lien de réinitialisation a déjà servi");
  });
});

describe("orders", () => {
  let orderPath = "";

  it("lists the customer's orders and shows one with its lines and totals", async () => {
    const cookie = await signInDemo();
    const token = decodeURIComponent(cookie.slice("customerAccessToken=".length));
    const [slotKey = ""] = await freeSlotKeys(database.db, 2101, 2, new Date());
    const [product] = await rows(sql`select v.id from commerce_variant v
      join commerce_product p on p.id = v.product_id
      where not p.archived and p.available_for_sale and v.available_for_sale
        and not (p.tags && array['unavailable', 'restauration']::text[])
      order by p.id limit 1`);
    const created = await storefrontQuery<{ cartCreate: { cart: { id: string } } }>(
      `mutation AccountTestCart($input: CartInput) { cartCreate(input: $input) { cart { id } } }`,
      {
        input: {
          lines: [
            {
              merchandiseId: `gid://shopify/ProductVariant/${product?.id}`,
              quantity: 2,
              attributes: [{ key: "substitution", value: "refused" }],
            },
          ],
          buyerIdentity: { customerAccessToken: token },
          attributes: [
            { key: "mode", value: "2" },
            { key: "deliverySlot", value: slotKey },
            { key: "pickupLocationId", value: "2101" },
          ],
        },
      },
    );
    const gid = parseCartGid(created.cartCreate.cart.id);
    const placed = await placeTestOrder(database.db, {
      token: gid?.token ?? "",
      key: gid?.key ?? "",
      input: {
        email: DEMO_CUSTOMER.email,
        phone: "0612345678",
        firstName: "Marie",
        lastName: "Dupont",
        adult: "",
        giftWrap: "",
        giftMessage: "",
      },
      now: new Date(),
      storefrontOrigin: "http://localhost",
      slots: grocerySlots,
    });
    expect(placed.kind).toBe("ordered");
    const name = placed.kind === "ordered" ? `n° ${placed.order.orderNumber}` : "";

    const list = await get("/compte/?s=3", cookie);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const html = await list.text();
    expect(html).toContain(name);
    orderPath = (/href="(\/compte\/commandes\/\d+\/\?key=[\w-]+)"/.exec(html)?.[1] ?? "").replace(
      /&amp;/g,
      "&",
    );
    expect(orderPath).not.toBe("");

    const detail = await get(orderPath, cookie);
    expect(detail.status).toBe(200);
    expect(detail.headers.get("cache-control")).toBe("private, no-store");
    const page = await detail.text();
    expect(page).toContain(`Commande ${name}`);
    expect(page).toContain("Payée · Reçue");
    expect(page).toContain("Quantité : 2");
    // The line's substitution choice, as the shopper set it in the cart.
    expect(page).toContain("Pas de remplacement");
    // A pickup: the store and the booked slot, on the order and in the list.
    expect(page).toContain("Retrait en magasin");
    expect(page).toContain("Comptoir Haussmann");
    expect(page).toContain(formatSlot(slotKey));
    expect(html).toContain(`Retrait en magasin, ${formatSlot(slotKey)}`);
    expect(page).toContain("Commander à nouveau");
  });

  it("answers 404 for an order of someone else or a wrong key", async () => {
    const cookie = await signInDemo();
    const wrongKey = orderPath.replace(/key=[\w-]+/, "key=0000000000000000");
    expect((await get(wrongKey, cookie)).status).toBe(404);
  });

  it("puts an order's lines back in the cart ('Commander à nouveau')", async () => {
    const cookie = await signInDemo();
    const response = await post(orderPath, { intent: "reorder" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("ajoutes=1");
    const cartCookie = cookieOf(response, "cartId");
    expect(cartCookie).toBeDefined();
    const cartId = decodeURIComponent(cartCookie?.slice("cartId=".length) ?? "");
    const cart = await storefrontQuery<{ cart: { totalQuantity: number } }>(
      `query AccountTestCartRead($id: ID!) { cart(id: $id) { totalQuantity } }`,
      { id: cartId },
    );
    expect(cart.cart.totalQuantity).toBe(2);

    const panel = await post(
      orderPath,
      { intent: "reorder", fetcher: "1" },
      `${cookie}; ${cartCookie}`,
    );
    expect(panel.status).toBe(200);
  });
});

describe("the shared page cache", () => {
  it("never shows a signed-in customer's name on a cached page to a new visitor", async () => {
    const cookie = await signInDemo();
    const signedIn = await get("/c/fromagerie/", cookie);
    expect(signedIn.status).toBe(200);
    await signedIn.text();
    // Anonymous visits fill the cache, then read it.
    await (await get("/c/fromagerie/")).text();
    const cached = await get("/c/fromagerie/");
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const html = await cached.text();
    expect(html).not.toContain("Marie");
    expect(html).not.toContain("Dupont");
    expect(html).not.toContain(DEMO_CUSTOMER.email);
  });
});

describe("a link that no longer works (issue 47)", () => {
  /** The page of a link, and whether it shows the password form. */
  async function linkPage(path: string) {
    const response = await get(path.endsWith("/") ? path : `${path}/`);
    const html = await response.text();
    return { status: response.status, html, form: html.includes('name="confirmation"') };
  }

  it("says at once that a used reset link has served, with the way to a new one, and no form", async () => {
    await post("/compte/?vue=mot-de-passe-oublie", {
      intent: "recover",
      email: DEMO_CUSTOMER.email,
    });
    const link = new URL(
      linkIn(await latestMessage(database.db, DEMO_CUSTOMER.email, "customer-password-reset")),
    );
    const fresh = await linkPage(link.pathname);
    expect(fresh.status).toBe(200);
    expect(fresh.form).toBe(true);
    const reset = await post(`${link.pathname}/`, {
      password: DEMO_CUSTOMER.password,
      confirmation: DEMO_CUSTOMER.password,
    });
    expect(reset.status).toBe(302);

    const used = await linkPage(link.pathname);
    expect(used.status).toBe(200);
    expect(used.form).toBe(false);
    expect(used.html).toContain("Ce lien de réinitialisation a déjà servi");
    expect(used.html).toContain('href="/compte/?vue=mot-de-passe-oublie"');
  });

  it("says at once that an expired reset link has expired", async () => {
    // A reset link sent 25 hours ago (they last 24), its token stored as the service stores it.
    const token = "lien-envoye-hier-0123456789abcdef";
    const [customer] = await rows(
      sql`select id from commerce_customer where email = ${DEMO_CUSTOMER.email}`,
    );
    await database.db.execute(sql`insert into commerce_customer_token
      (customer_id, kind, token_hash, expires_at, created_at)
      values (${customer?.id}, 'reset', ${createHash("sha256").update(token).digest("hex")},
        now() - interval '1 hour', now() - interval '25 hours')`);
    const expired = await linkPage(`/auth/reset/${customer?.id}/${token}/`);
    expect(expired.form).toBe(false);
    expect(expired.html).toContain("Ce lien de réinitialisation a expiré");
    expect(expired.html).toContain('href="/compte/?vue=mot-de-passe-oublie"');
  });

  it("says that a link of no token is not valid, and an activation link once used has served", async () => {
    const unknown = await linkPage("/auth/reset/1/pas-un-jeton/");
    expect(unknown.form).toBe(false);
    expect(unknown.html).toContain("Ce lien de réinitialisation n&#x27;est pas valide.");

    const email = "ines.moreau@example.fr";
    await post("/compte/", { intent: "register", firstName: "Inès", lastName: "Moreau", email });
    const link = new URL(linkIn(await latestMessage(database.db, email, "customer-activation")));
    expect((await linkPage(link.pathname)).form).toBe(true);
    const activated = await post(`${link.pathname}/`, {
      password: "Ines-2026!",
      confirmation: "Ines-2026!",
    });
    expect(activated.status).toBe(302);
    const used = await linkPage(link.pathname);
    expect(used.form).toBe(false);
    expect(used.html).toContain(
      "Ce lien d&#x27;activation a déjà servi : votre compte est activé.",
    );
    expect(used.html).toContain('href="/compte/"');

    // An activation link past its 7 days points to a new activation email.
    const other = "hugo.lambert@example.fr";
    await post("/compte/", {
      intent: "register",
      firstName: "Hugo",
      lastName: "Lambert",
      email: other,
    });
    const late = new URL(linkIn(await latestMessage(database.db, other, "customer-activation")));
    await database.db.execute(sql`update commerce_customer_token
      set expires_at = now() - interval '1 minute' where kind = 'activation' and used_at is null`);
    const expired = await linkPage(late.pathname);
    expect(expired.form).toBe(false);
    expect(expired.html).toContain("Ce lien d&#x27;activation a expiré");
    expect(expired.html).toContain('href="/account/activate/"');
  });
});
