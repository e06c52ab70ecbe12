import {
  type Browser,
  type BrowserContext,
  expect as baseExpect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";

// Sign-ins hash passwords and pages render on the server: generous waits on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Favourites and shopping lists (issue 8): a visitor's heart completed after sign-in, the
 * favourites tab and panel, a list filled from the cards and added to the cart, and two browser
 * contexts of one account toggling favourites at once without losing any. Desktop and mobile run
 * at the same time on the demo account, so each project works on its own products.
 */
const MARIE = { email: "marie.dupont@example.com", password: "Comptoir-2025" };
const CATEGORY = "/c/epicerie-salee/";

/** The cookie consent given, so that its banner stays closed (this journey is about others). */
async function consentGiven(context: BrowserContext) {
  const url = test.info().project.use.baseURL ?? "http://127.0.0.1";
  await context.addCookies([{ name: "comptoir_consent", value: "v1.a0.m0.2026-01-01", url }]);
}

test.beforeEach(async ({ context }) => {
  await consentGiven(context);
});

// Journeys of several pages and sign-ins, two at a time on one account.
test.describe.configure({ timeout: 120_000 });

/** The first card of this project's share of the listing (desktop 0–7, mobile 8–15). */
const offsetOf = (projectName: string) => (projectName === "mobile" ? 8 : 0);

/** Loads a page and waits for hydration and the visitor's state (the hearts' source). */
async function open(page: Page, path: string) {
  const visitor = page.waitForResponse((response) => response.url().includes("/visitor.json"));
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await visitor;
}

function cards(page: Page): Locator {
  return page.locator("article.product-card:not(.product-card--archived)");
}

const heartOf = (card: Locator) => card.getByRole("button", { name: /aux favoris/ });
const titleOf = async (card: Locator) =>
  ((await card.locator(".product-card__title").textContent()) ?? "").trim();

/** The header's heart opens the favourites panel once the page knows the customer (and hearts). */
async function knownAsSignedIn(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Mes favoris" })).toHaveAttribute(
    "aria-haspopup",
    "dialog",
  );
}

async function signIn(page: Page) {
  await page.getByLabel("Adresse e-mail", { exact: true }).fill(MARIE.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(MARIE.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
}

async function signedInPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext(test.info().project.use);
  await consentGiven(context);
  const page = await context.newPage();
  await page.goto(`/compte/?redirect=${encodeURIComponent(path)}`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await signIn(page);
  await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
  await knownAsSignedIn(page);
  return page;
}

async function setHeart(card: Locator) {
  const heart = heartOf(card);
  if ((await heart.getAttribute("aria-pressed")) !== "true") await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).not.toHaveAttribute("aria-busy", "true");
}

test("a visitor's heart is set after sign-in; the favourites tab and panel show both", async ({
  page,
}, testInfo) => {
  const offset = offsetOf(testInfo.project.name);
  await open(page, CATEGORY);
  const first = cards(page).nth(offset);
  const firstTitle = await titleOf(first);
  await heartOf(first).click();

  // Asked to sign in, then back on the listing where the favourite is completed.
  await expect(page).toHaveURL(/\/compte\/\?redirect=/);
  await signIn(page);
  await expect(page).toHaveURL(
    (url) => url.pathname === CATEGORY && !url.search.includes("bookmark"),
    { timeout: 30_000 },
  );
  const firstAgain = cards(page).filter({ hasText: firstTitle }).first();
  await expect(heartOf(firstAgain)).toHaveAttribute("aria-pressed", "true");
  await expect(heartOf(firstAgain)).not.toHaveAttribute("aria-busy", "true");

  // A second favourite, signed in: shown at once, kept after a reload.
  const second = cards(page).nth(offset + 1);
  const secondTitle = await titleOf(second);
  await setHeart(second);
  await page.reload();
  await knownAsSignedIn(page);
  await expect(heartOf(cards(page).nth(offset + 1))).toHaveAttribute("aria-pressed", "true");
  await expect(heartOf(cards(page).filter({ hasText: firstTitle }).first())).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // The favourites tab lists both as product cards.
  await open(page, "/compte/?s=4");
  const tab = page.getByRole("region", { name: "Mes favoris" });
  await expect(tab.getByRole("heading", { name: firstTitle })).toBeVisible();
  await expect(tab.getByRole("heading", { name: secondTitle })).toBeVisible();

  // The header's heart opens the bookmark panel; removing there empties the heart.
  await page.getByRole("banner").getByRole("link", { name: "Mes favoris" }).click();
  const panel = page.getByRole("dialog", { name: "Mes favoris" });
  await expect(panel.getByRole("link", { name: secondTitle })).toBeVisible();
  // From the keyboard: under mobile emulation, Playwright's scroll-into-view moves the full-height
  // panel within its dialog and the pointer then lands on the dialog itself.
  await panel.getByRole("button", { name: `Retirer ${secondTitle} des favoris` }).press("Enter");
  await expect(panel.getByRole("link", { name: secondTitle })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(tab.getByRole("heading", { name: secondTitle })).toHaveCount(0);
  await expect(tab.getByRole("heading", { name: firstTitle })).toBeVisible();
});

test("a list made from the cards goes to the cart in one click", async ({ browser }, testInfo) => {
  const offset = offsetOf(testInfo.project.name) + 2;
  const mobile = testInfo.project.name === "mobile";
  const listName = `Apéro ${testInfo.project.name}`;
  const page = await signedInPage(browser, CATEGORY);

  const first = cards(page).nth(offset);
  const firstTitle = await titleOf(first);
  await first.getByRole("button", { name: /Ajouter à une liste/ }).click();
  // A tooltip on desktop, a modal on mobile: both are dialogs named after the product.
  const chooser = page.getByRole("dialog", { name: `Ajouter « ${firstTitle} » à une liste` });
  await expect(chooser).toBeVisible();
  expect(
    await chooser.evaluate((element) => element.tagName === "DIALOG" && element.matches(":modal")),
  ).toBe(mobile);
  await chooser.getByLabel("Nouvelle liste").fill(listName);
  await chooser.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Le produit a été ajouté à la liste.")).toBeVisible();
  await expect(chooser.getByRole("button", { name: new RegExp(listName) })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(chooser).toBeHidden();

  const second = cards(page).nth(offset + 1);
  const secondTitle = await titleOf(second);
  await second.getByRole("button", { name: /Ajouter à une liste/ }).click();
  const secondChooser = page.getByRole("dialog", {
    name: `Ajouter « ${secondTitle} » à une liste`,
  });
  const toggle = secondChooser.getByRole("button", { name: new RegExp(listName) });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");

  // The lists tab: the list holds both; rename it, then put it in the cart.
  await open(page, "/compte/?s=5");
  const row = page.locator("li.shopping-lists__item", { hasText: listName });
  await expect(row).toContainText("2 produits");
  await row.getByRole("button", { name: /^Renommer/ }).click();
  await row.getByLabel("Nouveau nom").fill(`${listName} du samedi`);
  await row.getByRole("button", { name: "Enregistrer" }).click();
  await expect(row.getByRole("heading", { name: `${listName} du samedi` })).toBeVisible();

  await row.getByRole("button", { name: /^Voir la liste/ }).click();
  const panel = page.getByRole("dialog", { name: `${listName} du samedi` });
  await expect(panel.getByRole("link", { name: firstTitle })).toBeVisible();
  await expect(panel.getByRole("link", { name: secondTitle })).toBeVisible();

  const badge = page.getByTestId("cart-badge");
  const before = Number(await badge.textContent());
  await panel.getByRole("button", { name: "Ajouter la liste au panier" }).click();
  await expect(page.getByText("La liste a été ajoutée au panier.")).toBeVisible();
  await expect(badge).toHaveText(String(before + 2));
  await page.context().close();
});

test("two browser contexts of one account toggling favourites at once lose nothing", async ({
  browser,
}, testInfo) => {
  const offset = offsetOf(testInfo.project.name) + 4;
  const [a, b] = await Promise.all([
    signedInPage(browser, CATEGORY),
    signedInPage(browser, CATEGORY),
  ]);
  // Both pages hold the same revision of the favourites before anyone clicks.
  for (const page of [a, b]) {
    await expect(heartOf(cards(page).nth(offset))).toHaveAttribute("aria-pressed", "false");
  }
  // The two contexts click at the same time; within a page, one click after the other (a page
  // has one mouse), the second while the first is still being saved.
  const clickBoth = async (page: Page, first: number, second: number) => {
    await heartOf(cards(page).nth(first)).click();
    await heartOf(cards(page).nth(second)).click();
  };
  await Promise.all([clickBoth(a, offset, offset + 2), clickBoth(b, offset + 1, offset + 3)]);
  for (const [page, index] of [
    [a, offset],
    [b, offset + 1],
    [a, offset + 2],
    [b, offset + 3],
  ] as const) {
    const heart = heartOf(cards(page).nth(index));
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).not.toHaveAttribute("aria-busy", "true");
  }
  // A fresh look from either context finds all four.
  await a.reload();
  await knownAsSignedIn(a);
  for (let index = offset; index < offset + 4; index++) {
    await expect(heartOf(cards(a).nth(index))).toHaveAttribute("aria-pressed", "true");
  }
  await a.context().close();
  await b.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a list is made from a card, opened, put in the cart, renamed and deleted", async ({
    page,
  }, testInfo) => {
    const offset = offsetOf(testInfo.project.name) + 2;
    const listName = `Sans script ${testInfo.project.name}`;
    await page.goto(`/compte/?redirect=${encodeURIComponent(CATEGORY)}`);
    await signIn(page);
    await expect(page).toHaveURL((url) => url.pathname === CATEGORY, { timeout: 30_000 });

    // The card's button leads to the lists tab, which offers a new list with the product.
    const card = cards(page).nth(offset);
    const title = await titleOf(card);
    await card.getByRole("button", { name: /Ajouter à une liste/ }).click();
    await expect(page).toHaveURL(/\/compte\/\?s=5&produit=\d+$/);
    const adding = page.getByRole("region", { name: `Ajouter « ${title} » à une liste` });
    await adding.getByLabel("Nouvelle liste").fill(listName);
    await adding.getByRole("button", { name: "Créer" }).click();
    await expect(page.getByText("Le produit a été ajouté à la liste.")).toBeVisible();
    const row = page.locator("li.shopping-lists__item", { hasText: listName });
    await expect(row).toContainText("1 produit");

    await row.getByRole("button", { name: /^Voir la liste/ }).click();
    await expect(row.getByRole("link", { name: title })).toBeVisible();
    await row.getByRole("button", { name: /^Ajouter la liste au panier/ }).click();
    await expect(page.getByText("La liste a été ajoutée au panier.")).toBeVisible();

    await row.getByRole("button", { name: /^Renommer/ }).click();
    await row.getByLabel("Nouveau nom").fill(" ");
    await row.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Donnez un nom à votre liste.")).toBeVisible();
    await row.getByRole("button", { name: /^Renommer/ }).click();
    await row.getByLabel("Nouveau nom").fill(`${listName} bis`);
    await row.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("La liste a été renommée.")).toBeVisible();
    await expect(row.getByRole("heading", { name: `${listName} bis` })).toBeVisible();

    await row.getByRole("button", { name: /^Supprimer/ }).click();
    await row.getByRole("button", { name: /^Confirmer la suppression/ }).click();
    await expect(page.getByText("La liste a été supprimée.")).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.goto("/panier/");
    await expect(page.getByRole("main").getByText(title).first()).toBeVisible();
  });

  test("a favourite set from a card is in the favourites tab, and removed there", async ({
    page,
  }, testInfo) => {
    const offset = offsetOf(testInfo.project.name) + 3;
    await page.goto(`/compte/?redirect=${encodeURIComponent(CATEGORY)}`);
    await signIn(page);
    await expect(page).toHaveURL((url) => url.pathname === CATEGORY, { timeout: 30_000 });

    const card = cards(page).nth(offset);
    const title = await titleOf(card);
    // Not a favourite to begin with (a retry starts where a failed attempt stopped).
    const productId = await card
      .locator('form[action="/favoris/"] input[name="productId"]')
      .inputValue();
    await page.request.post("/favoris/", { form: { intent: "remove", productId } });
    await page.goto("/compte/?s=4");
    const tab = page.getByRole("region", { name: "Mes favoris" });
    const remove = tab.getByRole("button", { name: `Retirer des favoris : ${title}` });
    await expect(remove).toHaveCount(0);

    await page.goto(CATEGORY);
    await heartOf(cards(page).nth(offset)).click();
    await expect(page).toHaveURL((url) => url.pathname === CATEGORY);
    await page.goto("/compte/?s=4");
    await expect(tab.getByRole("heading", { name: title })).toBeVisible();
    // Cards styled on the account page too: each image within its own cell of the grid.
    const cell = tab
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title }) });
    const [cellBox, imageBox] = await Promise.all([
      cell.boundingBox(),
      cell.getByRole("img", { name: title }).boundingBox(),
    ]);
    expect(imageBox?.width).toBeLessThanOrEqual(cellBox?.width ?? 0);
    await remove.click();
    await expect(page).toHaveURL(/\/compte\/\?s=4$/);
    await expect(tab.getByRole("heading", { name: title })).toHaveCount(0);
  });
});
