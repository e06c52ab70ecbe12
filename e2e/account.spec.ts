import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { outboxLink, signInStaff } from "./admin-account.ts";
import { DEMO_CUSTOMER, hydrated, payOnHostedCheckout, signIn } from "./journeys.ts";
import { E2E_SECRETS } from "./shop-config.ts";

/**
 * Sign-in and the account (storefront.md §2–§8, issue 8): registration with the activation email,
 * profile, addresses, logout and login; an order placed on the hosted checkout in the history and
 * 'Commander à nouveau'; and no customer data on a page the shared cache hands to a new visitor.
 */

// Every sign-in, registration and activation hashes a password with scrypt (docs/storefront-api.md):
// these journeys take longer than browsing ones.
test.describe.configure({ timeout: 120_000 });

/** The cookie consent given, so that its banner stays closed (these journeys are about the account). */
async function consentGiven(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? "http://127.0.0.1:3100";
  await context.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await consentGiven(context, baseURL);
});

const STOREFRONT_TOKEN = E2E_SECRETS.COMMERCE_STOREFRONT_TOKEN;

/** An email of its own for each run and project, so desktop and mobile never share an account. */
function uniqueEmail(project: string): string {
  return `camille.${project}.${Date.now()}@example.fr`;
}

/**
 * The link of the newest message of `kind` sent to `email`, read in the admin area's outbox
 * screen (docs/notify.md), from a browser context of its own.
 */
async function linkFromOutbox(browser: Browser, email: string, kind: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInStaff(admin);
  const link = await outboxLink(admin, email, kind);
  await context.close();
  return link;
}

/** The header's account button, once the visitor's state has loaded. */
const accountButton = (page: Page, firstName: string) =>
  page.getByRole("button", { name: `${firstName} — mon compte` });

/** The header shows the account menu once /visitor.json has answered, after hydration. */
const HYDRATED = { timeout: 15_000 };

test("register, activate from the email, edit the profile and an address, log out and in again", async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo.project.name);
  await page.goto("/compte/");
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toBeVisible();

  const register = page.getByRole("region", { name: "Créer un compte" });
  await register.getByLabel("Prénom").fill("Camille");
  await register.getByLabel("Nom", { exact: true }).fill("Roux");
  await register.getByLabel("E-mail", { exact: true }).fill(email);
  // No password at registration: the activation link asks for it, once.
  await expect(register.getByLabel(/mot de passe/i)).toHaveCount(0);
  await register.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(register.getByRole("status")).toContainText(
    "Un e-mail d'activation vous a été envoyé",
    { timeout: 15_000 },
  );

  const activation = await linkFromOutbox(browser, email, "customer-activation");
  expect(activation).toMatch(/^\/account\/activate\/\d+\/[\w-]+$/);
  await page.goto(`${activation}/`);
  await page.getByLabel("Mot de passe", { exact: true }).fill("Camille-2026");
  await page.getByLabel("Confirmez le mot de passe").fill("Camille-2026");
  await page.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(page).toHaveURL(/\/compte\/\?ok=active$/, { timeout: 15_000 });
  await expect(page.getByText("Votre compte est activé : bienvenue chez Comptoir !")).toBeVisible();
  await expect(page.getByText("Bonjour Camille Roux")).toBeVisible();
  await expect(accountButton(page, "Camille")).toBeVisible(HYDRATED);

  // Profile: a French phone number typed the usual way.
  const profile = page.getByRole("region", { name: "Mes informations" });
  await profile.getByLabel("Téléphone").fill("12 34");
  await profile.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(
    profile.getByText(/Le numéro de téléphone doit être un numéro français/),
  ).toBeVisible();
  await profile.getByLabel("Téléphone").fill("06 12 34 56 78");
  await profile.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(page.getByText("Vos informations ont été enregistrées.")).toBeVisible();
  await expect(profile.getByLabel("Téléphone")).toHaveValue("06 12 34 56 78");

  // Addresses: refused without zip code, then added.
  const addresses = page.getByRole("region", { name: "Mes adresses" });
  const newAddress = addresses.getByRole("form", { name: "Nouvelle adresse" });
  await newAddress.getByLabel("Adresse", { exact: true }).fill("5 rue Oberkampf");
  await newAddress.getByLabel("Ville").fill("Paris");
  await newAddress.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(
    page.getByText(
      "Veuillez renseigner l'adresse, le code postal et la ville : l'adresse n'a pas été enregistrée.",
    ),
  ).toBeVisible();
  await expect(addresses.getByText("Vous n'avez pas encore d'adresse enregistrée.")).toBeVisible();
  const retry = page
    .getByRole("region", { name: "Mes adresses" })
    .getByRole("form", { name: "Nouvelle adresse" });
  await retry.getByLabel("Code postal").fill("75011");
  await retry.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(page.getByText("L'adresse a été ajoutée.")).toBeVisible();
  await expect(addresses.getByText("Adresse par défaut", { exact: true })).toBeVisible();
  await expect(addresses.getByText("75011 Paris")).toBeVisible();

  // Logout from the header's account menu.
  await accountButton(page, "Camille").click();
  await page.getByRole("button", { name: "Se déconnecter" }).first().click();
  await expect(page).toHaveURL(/\/compte\/$/);
  await expect(page.getByRole("region", { name: "Se connecter" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Se connecter" })).toBeVisible();

  await signIn(page, email, "Camille-2026");
  await expect(page.getByText("Bonjour Camille Roux")).toBeVisible();
});

test("the activation page without its token: a new link by email, then the link pasted", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail(`sans-jeton-${testInfo.project.name}`);
  await page.goto("/compte/");
  const register = page.getByRole("region", { name: "Créer un compte" });
  await register.getByLabel("Prénom").fill("Jules");
  await register.getByLabel("Nom", { exact: true }).fill("Henry");
  await register.getByLabel("E-mail", { exact: true }).fill(email);
  await register.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(register.getByRole("status")).toContainText("Un e-mail d'activation", {
    timeout: 15_000,
  });

  // The email's link lost its end: the page without a token, not a 404.
  await page.goto("/account/activate/");
  await expect(page.getByRole("heading", { level: 1, name: "Activer mon compte" })).toBeVisible();
  const again = page.getByRole("region", { name: "Recevoir un nouveau lien" });
  await again.getByLabel("Adresse e-mail du compte").fill(email);
  await again.getByRole("button", { name: "Recevoir un nouveau lien" }).click();
  await expect(again.getByRole("status")).toContainText(
    "un nouveau lien vient de vous être envoyé",
  );

  const withLink = page.getByRole("region", { name: "Avec le lien reçu par e-mail" });
  await withLink.getByLabel("Lien d'activation").fill("https://comptoir.example/account/activate/");
  await withLink.getByLabel("Mot de passe", { exact: true }).fill("Jules-2026!");
  await withLink.getByLabel("Confirmez le mot de passe").fill("Jules-2026!");
  await withLink.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(withLink.getByRole("alert")).toContainText(
    "Ce lien d'activation n'est plus valide.",
  );

  const path = await linkFromOutbox(browser, email, "customer-activation");
  const form = page.getByRole("region", { name: "Avec le lien reçu par e-mail" });
  await form.getByLabel("Lien d'activation").fill(new URL(path, baseURL).href);
  await form.getByLabel("Mot de passe", { exact: true }).fill("Jules-2026!");
  await form.getByLabel("Confirmez le mot de passe").fill("Jules-2026!");
  await form.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(page).toHaveURL(/\/compte\/\?ok=active$/, { timeout: 15_000 });
  await expect(page.getByText("Bonjour Jules Henry")).toBeVisible();

  // The reset page without its token takes a request for a link too.
  await page.goto("/auth/reset/");
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeVisible();
  await expect(page.getByLabel("Lien de réinitialisation")).toBeVisible();
});

test("a used activation or reset link says so at once, with the way to a new one (issue 47)", async ({
  page,
  browser,
}, testInfo) => {
  const email = `ines.${testInfo.project.name}.${Date.now()}@example.fr`;
  await page.goto("/compte/");
  const register = page.getByRole("region", { name: "Créer un compte" });
  await register.getByLabel("Prénom").fill("Inès");
  await register.getByLabel("Nom", { exact: true }).fill("Moreau");
  await register.getByLabel("E-mail", { exact: true }).fill(email);
  await register.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(register.getByRole("status")).toContainText("Un e-mail d'activation", {
    timeout: 15_000,
  });
  const activation = await linkFromOutbox(browser, email, "customer-activation");
  await page.goto(`${activation}/`);
  await page.getByLabel("Mot de passe", { exact: true }).fill("Ines-2026!");
  await page.getByLabel("Confirmez le mot de passe").fill("Ines-2026!");
  await page.getByRole("button", { name: "Activer mon compte" }).click();
  await expect(page).toHaveURL(/\/compte\/\?ok=active$/, { timeout: 15_000 });

  // The activation link opened again: no form, the message at once.
  await page.goto(`${activation}/`);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Ce lien d'activation a déjà servi : votre compte est activé. Connectez-vous avec votre mot de passe.",
  );
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Se connecter" })).toHaveAttribute(
    "href",
    "/compte/",
  );

  // A reset link, used once, then opened again. Signed out with no page open: a request still
  // running on the account page would renew the session cookie just cleared.
  await signOutQuietly(page);
  await page.goto("/compte/?vue=mot-de-passe-oublie");
  // A busy machine may still be loading the page's code: the form is the hydrated one.
  await hydrated(page);
  const forgotten = page.getByRole("region", { name: "Mot de passe oublié" });
  await forgotten.getByLabel("Adresse e-mail du compte").fill(email);
  await forgotten.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(forgotten.getByRole("status")).toContainText("Si un compte existe");
  const reset = await linkFromOutbox(browser, email, "customer-password-reset");
  await page.goto(`${reset}/`);
  await page.getByLabel("Mot de passe", { exact: true }).fill("Ines-2027!");
  await page.getByLabel("Confirmez le mot de passe").fill("Ines-2027!");
  await page.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
  await expect(page).toHaveURL(/\/compte\/\?ok=nouveau-mot-de-passe$/, { timeout: 15_000 });

  // Later, signed out, the old email's link again.
  await signOutQuietly(page);
  await page.goto(`${reset}/`);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Ce lien de réinitialisation a déjà servi : il ne fonctionne qu'une fois.",
  );
  await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Recevoir un nouveau lien" }).click();
  await expect(page.getByRole("region", { name: "Mot de passe oublié" })).toBeVisible();
});

/** Drops the shopper's session once no page is left to renew it. */
async function signOutQuietly(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies({ name: "customerAccessToken" });
}

/** A grocery variant for sale, from the Storefront API. */
async function variantForSale(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/2024-01/graphql.json", {
    headers: { "X-Shopify-Storefront-Access-Token": STOREFRONT_TOKEN },
    data: {
      query: `query E2eProducts { products(first: 30) { nodes { tags variants(first: 1) { nodes { id availableForSale } } } } }`,
    },
  });
  const body = (await response.json()) as {
    data: {
      products: {
        nodes: {
          tags: string[];
          variants: { nodes: { id: string; availableForSale: boolean }[] };
        }[];
      };
    };
  };
  const product = body.data.products.nodes.find(
    (node) =>
      !node.tags.some((tag) =>
        ["restauration", "unavailable", "Archive", "isClickCollectOnly"].includes(tag),
      ) && node.variants.nodes[0]?.availableForSale,
  );
  const id = product?.variants.nodes[0]?.id;
  if (!id) throw new Error("no product for sale");
  return id;
}

test("an order placed on the hosted checkout is in the history, and 'Commander à nouveau' refills the cart", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // A visitor's cart with two units of a product (the cart's own journeys cover adding from the pages).
  const variant = await variantForSale(request);
  // A pickup at Comptoir Haussmann in a free slot, as the order-mode modal writes it on the cart.
  const slots = await request.get("/ordering/Restaurant/DeliverySlots/2101?deliveryType=2");
  const free = ((await slots.json()) as { Data: { Key: string; IsFull: boolean }[] }).Data.find(
    (slot) => !slot.IsFull,
  );
  expect(free).toBeDefined();
  const created = await request.post("/api/2024-01/graphql.json", {
    headers: { "X-Shopify-Storefront-Access-Token": STOREFRONT_TOKEN },
    data: {
      query: `mutation E2eCart($input: CartInput) { cartCreate(input: $input) { cart { id checkoutUrl } } }`,
      variables: {
        input: {
          lines: [{ merchandiseId: variant, quantity: 2 }],
          attributes: [
            { key: "restauration", value: "false" },
            { key: "mode", value: "2" },
            { key: "deliverySlot", value: free?.Key ?? "" },
            { key: "pickupLocationId", value: "2101" },
          ],
        },
      },
    },
  });
  const cart = (
    (await created.json()) as {
      data: { cartCreate: { cart: { id: string; checkoutUrl: string } } };
    }
  ).data.cartCreate.cart;
  await context.addCookies([{ name: "cartId", value: encodeURIComponent(cart.id), url: baseURL }]);

  // Signing in links the cart to the customer: the order lands in their history.
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

  const checkout = new URL(cart.checkoutUrl);
  await page.goto(checkout.pathname + checkout.search);
  await payOnHostedCheckout(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL(/\/order\/confirmation\/\?order=/);
  const orderGid = decodeURIComponent(new URL(page.url()).searchParams.get("order") ?? "");
  const orderId = /Order\/(\d+)/.exec(orderGid)?.[1];
  expect(orderId).toBeDefined();

  await page.goto("/compte/?s=3");
  const link = page.locator(`a[href^="/compte/commandes/${orderId}/"]`);
  await expect(link).toHaveCount(1);
  const orderName = (await link.textContent()) ?? "";
  await link.click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Commande ${orderName}` }),
  ).toBeVisible();
  await expect(page.getByText("Quantité : 2")).toBeVisible();
  await expect(page.getByText("75009 Paris").first()).toBeVisible();

  // 'Commander à nouveau': the reorder panel lists the lines, then adds the available ones.
  await page.getByRole("button", { name: `Commander à nouveau la commande ${orderName}` }).click();
  const panel = page.getByRole("dialog", { name: `Commander à nouveau ${orderName}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Disponible", { exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Ajouter le produit disponible au panier" }).click();
  await expect(panel.getByRole("status")).toHaveText("1 produit ajouté au panier.", {
    timeout: 15_000,
  });

  const cartJs = (await (await page.request.get("/cart.js")).json()) as {
    item_count: number;
    items: { variant_id: number }[];
  };
  expect(cartJs.item_count).toBe(2);
  expect(String(cartJs.items[0]?.variant_id)).toBe(/ProductVariant\/(\d+)/.exec(variant)?.[1]);
});

test("a cached category page shows nothing of a signed-in customer to a new visitor", async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(accountButton(page, "Marie")).toBeVisible(HYDRATED);
  await page.goto("/c/fromagerie/");
  await expect(accountButton(page, "Marie")).toBeVisible(HYDRATED);

  // A new visitor: the page comes from (or goes to) the shared cache.
  const other = await browser.newContext();
  await consentGiven(other, test.info().project.use.baseURL);
  const visitor = await other.newPage();
  // The page cache keeps ten pages for every journey running at once, and their writes purge
  // it: a page may be dropped between two visits, and is then stored again.
  let second = await visitor.goto("/c/fromagerie/");
  for (let visit = 0; visit < 5 && second?.headers()["x-cache"] !== "HIT"; visit++) {
    second = await visitor.goto("/c/fromagerie/");
  }
  expect(second?.headers()["x-cache"]).toBe("HIT");
  const html = (await second?.text()) ?? "";
  expect(html).not.toContain("Marie");
  expect(html).not.toContain("Dupont");
  expect(html).not.toContain(DEMO_CUSTOMER.email);
  await expect(visitor.getByRole("link", { name: "Se connecter" })).toBeVisible();
  await expect(visitor.getByText("Marie", { exact: false })).toHaveCount(0);
  await other.close();
});

test("account pages are private and ask a visitor to sign in first", async ({ page }) => {
  const response = await page.goto("/compte/?s=3");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("region", { name: "Se connecter" })).toBeVisible();
  await page.goto("/compte/commandes/1/?key=abcdefabcdef");
  await expect(page).toHaveURL(/\/compte\/\?redirect=/);
  const form = page.getByRole("region", { name: "Se connecter" });
  await form.getByLabel("Adresse e-mail").fill(DEMO_CUSTOMER.email);
  await form.getByLabel("Mot de passe").fill("pas-le-bon");
  await form.getByRole("button", { name: "Se connecter" }).click();
  await expect(form.getByRole("alert")).toHaveText("Adresse e-mail ou mot de passe incorrect.", {
    timeout: 15_000,
  });
});
