import { type BrowserContext, expect, type Page, test } from "@playwright/test";

// These journeys are about the first visit: no cookie choice made yet (playwright.config.ts sets one).
test.use({ storageState: { cookies: [], origins: [] } });

/**
 * The privacy centre, the data layer, recently viewed products, the search overlay's category
 * links and the newsletter page (storefront.md §2, §5, §8; ordering-and-server.md §7). Every
 * request a page makes stays on the machine: the tag manager loads only with a GTM_ID and the
 * visitor's consent, and the e2e server has no GTM_ID.
 */

const CONSENT_COOKIE = "comptoir_consent";

/** Waits until the header's effects have run (the navigation marks itself hydrated). */
async function hydrated(page: Page) {
  await page.locator("nav.main-nav.is-hydrated").waitFor({ state: "attached" });
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);
}

type LayerEvent = { event?: string; [key: string]: unknown };

async function dataLayer(page: Page): Promise<LayerEvent[]> {
  return page.evaluate(() => (window.dataLayer ?? []) as LayerEvent[]);
}

async function eventsNamed(page: Page, name: string) {
  return (await dataLayer(page)).filter((event) => event.event === name);
}

/** Marks the consent as given, so the banner stays closed (for journeys about other things). */
async function consentGiven(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: CONSENT_COOKIE, value: "v1.a0.m0.2026-01-01", url: baseURL ?? "http://127.0.0.1" },
  ]);
}

/** The URLs of the page's requests that leave the machine (data: URLs aside), as they happen. */
function requestsOffMachine(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.hostname !== "127.0.0.1") outside.push(request.url());
  });
  return outside;
}

type ConsentState = "granted" | "denied";

/** The data layer told Google's consent mode about this choice. */
async function expectConsentUpdate(
  page: Page,
  state: { analytics_storage: ConsentState; ad_storage: ConsentState },
) {
  expect(await eventsNamed(page, "consent_update")).toContainEqual(expect.objectContaining(state));
}

/** Opens `path` with the consent already given, once hydrated. */
async function openWithConsentGiven(
  page: Page,
  context: BrowserContext,
  baseURL: string | undefined,
  path: string,
) {
  await consentGiven(context, baseURL);
  await page.goto(path);
  await hydrated(page);
}

const dialogName = "Vos choix en matière de cookies";

test("the consent banner opens on a first visit and remembers a refusal", async ({
  page,
  context,
}) => {
  const outside = requestsOffMachine(page);
  const response = await page.goto("/");
  // The shared HTML never holds the dialog: it opens after hydration.
  expect(await response?.text()).not.toContain(dialogName);
  await hydrated(page);
  const banner = page.getByRole("dialog", { name: dialogName });
  // Loaded on demand after hydration: the first load of its chunk may take a moment.
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner.getByRole("button", { name: "Tout accepter" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Personnaliser" })).toBeVisible();

  await banner.getByRole("button", { name: "Tout refuser" }).click();
  await expect(banner).toHaveCount(0);
  const cookie = await consentCookie(context);
  expect(cookie?.value).toMatch(/^v1\.a0\.m0\.\d{4}-\d{2}-\d{2}$/);
  expect(cookie?.httpOnly).toBe(false);
  // About six months.
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(175);
  expect(days).toBeLessThan(190);
  await expectConsentUpdate(page, { analytics_storage: "denied", ad_storage: "denied" });

  await page.reload();
  await hydrated(page);
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "homepage");
  await expect(page.getByRole("dialog", { name: dialogName })).toHaveCount(0);
  expect(await eventsNamed(page, "page_view")).toContainEqual(
    expect.objectContaining({ page_type: "homepage", page_path: "/" }),
  );
  expect(outside).toEqual([]);
});

test("accept all, then choose by purpose from the footer's Cookies link", async ({
  page,
  context,
}) => {
  const outside = requestsOffMachine(page);
  await page.goto("/");
  await hydrated(page);
  const banner = page.getByRole("dialog", { name: dialogName });
  await banner.getByRole("button", { name: "Tout accepter" }).click({ timeout: 15_000 });
  await expect(banner).toHaveCount(0);
  expect((await consentCookie(context))?.value).toMatch(/^v1\.a1\.m1\./);
  // No GTM_ID on this server: consent alone loads nothing.
  await expect(page.locator("script#tag-manager")).toHaveCount(0);

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookies", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  // The stored choice is shown, purpose by purpose.
  const analytics = dialog.getByRole("checkbox", { name: /Mesure d'audience/ });
  const marketing = dialog.getByRole("checkbox", { name: /Publicité personnalisée/ });
  await expect(analytics).toBeChecked();
  await expect(marketing).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /Cookies nécessaires/ })).toBeDisabled();
  await marketing.uncheck();
  await dialog.getByRole("button", { name: "Enregistrer mes choix" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await consentCookie(context))?.value).toMatch(/^v1\.a1\.m0\./);
  await expectConsentUpdate(page, { analytics_storage: "granted", ad_storage: "denied" });
  expect(outside).toEqual([]);
});

test("the banner's Personnaliser shows the purposes, Escape closes the modal", async ({
  page,
  context,
}) => {
  await page.goto("/newsletter/");
  await hydrated(page);
  const banner = page.getByRole("dialog", { name: dialogName });
  await banner.getByRole("button", { name: "Personnaliser" }).click({ timeout: 15_000 });
  await banner.getByRole("checkbox", { name: /Mesure d'audience/ }).check();
  await banner.getByRole("button", { name: "Enregistrer mes choix" }).click();
  expect((await consentCookie(context))?.value).toMatch(/^v1\.a1\.m0\./);

  const link = page.getByRole("contentinfo").getByRole("link", { name: "Cookies", exact: true });
  await link.click();
  await expect(page.getByRole("dialog", { name: dialogName })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: dialogName })).toHaveCount(0);
  await expect(link).toBeFocused();
});

test("browsing fills the data layer: lists, clicks, product views, page types", async ({
  page,
  context,
  baseURL,
}) => {
  await openWithConsentGiven(page, context, baseURL, "/c/epicerie-salee/");
  const lists = await eventsNamed(page, "view_item_list");
  expect(lists.length).toBeGreaterThan(0);
  const list = lists[0] as { label: string; items: { index: number; item_name: string }[] };
  expect(list.label).toBe("categorie");
  expect(list.items[0]).toMatchObject({ index: 0 });

  const firstCard = page.locator(".product-grid__item a[href^='/p/']").first();
  const name = list.items[0]?.item_name ?? "";
  await firstCard.click();
  await expect(page).toHaveURL(/\/p\/[^/]+\/$/);
  // The first product page of a fresh server renders its images: allow it time.
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "fiche-produit", {
    timeout: 15_000,
  });
  await expect.poll(async () => (await eventsNamed(page, "view_item")).length).toBeGreaterThan(0);
  const events = await dataLayer(page);
  const click = events.find((event) => event.event === "produit-clic-CTA");
  expect(click).toMatchObject({
    category: "ecommerce",
    action: name,
    label: "produit-clic-CTA",
    item: { index: 0, item_name: name },
  });
  expect(Object.keys((click?.item ?? {}) as object).sort()).toEqual(
    ["discount", "index", "item_brand", "item_id", "item_name", "price", "quantity"].sort(),
  );
  expect(events.filter((event) => event.event === "page_view").map((e) => e.page_type)).toEqual([
    "categorie-mere",
    "fiche-produit",
  ]);
});

test("recently viewed products show on the next product page", async ({
  page,
  context,
  baseURL,
}) => {
  await consentGiven(context, baseURL);
  await page.goto("/c/epicerie-salee/");
  const hrefs = await page
    .locator(".product-grid__item a[href^='/p/']")
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
  const [first, second, third] = hrefs;
  expect(third).toBeDefined();

  const firstResponse = await page.goto(first ?? "/");
  // Per visitor: never in the shared HTML.
  expect(await firstResponse?.text()).not.toContain("Vos derniers produits consultés");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Vos derniers produits consultés" })).toHaveCount(
    0,
  );
  await page.goto(second ?? "/");
  const block = page.getByRole("region", { name: "Vos derniers produits consultés" });
  await expect(block.locator(`a[href='${first}']`).first()).toBeVisible();
  await page.goto(third ?? "/");
  await expect(block.locator("a[href^='/p/']").first()).toHaveAttribute("href", second ?? "");
  const cookie = (await context.cookies()).find((item) => item.name === "viewedProducts");
  expect(cookie?.value.split(",")).toEqual(
    [third, second, first].map((href) => href?.split("/")[2]),
  );
});

test("the search overlay links sub-categories by their full path and tracks the search", async ({
  page,
  context,
  baseURL,
}) => {
  await openWithConsentGiven(page, context, baseURL, "/");
  await page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" }).fill("huiles");
  const overlay = page.getByRole("region", { name: "Suggestions de recherche" });
  const link = overlay.getByRole("link", { name: "Huiles et vinaigres" });
  await expect(link).toHaveAttribute("href", "/c/epicerie-salee/huiles-et-vinaigres/");
  expect(await eventsNamed(page, "search")).toContainEqual(
    expect.objectContaining({ search_term: "huiles", label: "suggestions" }),
  );
  await link.click();
  await expect(page).toHaveURL(/\/c\/epicerie-salee\/huiles-et-vinaigres\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Huiles et vinaigres" })).toBeVisible();
});

test("the newsletter page validates, then confirms the subscription", async ({
  page,
  context,
  baseURL,
}) => {
  await openWithConsentGiven(page, context, baseURL, "/newsletter/");
  const field = page.getByLabel("Votre adresse email");
  await field.fill("pas-une-adresse");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Veuillez saisir une adresse email valide, par exemple nom@exemple.fr.",
  );
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();

  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@example.fr`;
  await field.fill(email);
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Merci ! Votre adresse est bien inscrite à notre newsletter.",
  );

  // Without a connection the form says so instead of failing silently.
  await page.goto("/newsletter/");
  await hydrated(page);
  await context.setOffline(true);
  await page.getByLabel("Votre adresse email").fill(email);
  await page.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Votre email n'a pas pu être ajouté. La connexion est manquante.",
  );
  await context.setOffline(false);
});
