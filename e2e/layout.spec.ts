import { expect, type Page, test } from "@playwright/test";

/**
 * The shop's header and footer on the demo content (storefront.md §2, §4, §9): the menu from
 * `main_menu`, the mobile drawer, the predictive search overlay, the footer's texts and the
 * header minified on scroll. Runs on the desktop and mobile projects.
 */

/** Waits until the header's effects have run (the navigation marks itself hydrated). */
async function hydrated(page: Page) {
  await page.locator("nav.main-nav.is-hydrated").waitFor({ state: "attached" });
}

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 992;

test("the header shows the demo menu, its shortcuts and the cacheable mode label", async ({
  page,
}) => {
  const response = await page.goto("/c/epicerie-salee/");
  const html = (await response?.text()) ?? "";
  // The server renders the same label for everyone; the page's main carries its page type.
  expect(html).toContain("Livraison ou retrait");
  await expect(page.locator("main")).toHaveAttribute("data-page-type", "categorie-mere");

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Comptoir, retour à l'accueil" })).toHaveAttribute(
    "href",
    "/",
  );
  await expect(header.getByRole("link", { name: "Aide" })).toHaveAttribute("href", "/faq/");
  await expect(header.getByRole("link", { name: "Se connecter" })).toHaveAttribute(
    "href",
    "/compte/",
  );
  await expect(header.getByRole("link", { name: "Mes favoris" })).toHaveAttribute(
    "href",
    "/compte/?s=4",
  );
  await expect(header.getByRole("button", { name: "Panier, 0 article" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  if (isMobile(page)) {
    await hydrated(page);
    const burger = page.getByRole("button", { name: "Menu", exact: true });
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
  } else {
    const shortcuts = header.getByRole("navigation", { name: "Raccourcis" });
    await expect(shortcuts.getByRole("link", { name: "Nos marques" })).toHaveAttribute(
      "href",
      "/nos-marques/",
    );
    await expect(header.getByRole("button", { name: "Mode : Livraison ou retrait" })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Épicerie salée", exact: true })).toHaveAttribute(
    "href",
    "/c/epicerie-salee/",
  );
  await expect(nav.getByRole("link", { name: "Fromagerie", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Le blog" })).toBeVisible();
});

test("the mode button shows the mode cookie's choice after hydration", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "mode", value: "2", url: baseURL ?? "" }]);
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Mode : Retrait en magasin" })).toBeVisible();

  // Changing it: delivery is offered too, so the modal names both ways, not « mode de retrait ».
  await page.getByRole("button", { name: "Mode : Retrait en magasin" }).click();
  await expect(
    page
      .locator("dialog.order-mode")
      .getByRole("heading", { name: "Changer de mode de livraison ou de retrait" }),
  ).toBeVisible();
});

test("a sub-menu opens from its button and Escape closes it", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  const burger = page.getByRole("button", { name: "Menu", exact: true });
  if (isMobile(page)) {
    await expect(nav).toBeHidden();
    await burger.click();
    await expect(nav).toBeVisible();
  }
  const toggle = nav.getByRole("button", { name: "Sous-menu Épicerie salée" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Tout le rayon épicerie salée" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /L'épicerie du Sud/ })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  if (isMobile(page)) {
    await page.keyboard.press("Escape");
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(burger).toBeFocused();
    // Hidden once its 500 ms slide-out is over.
    await expect(nav).toBeHidden();
  }
});

test("the mobile menu closes from its own button", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  if (!isMobile(page)) {
    await expect(nav.getByRole("button", { name: "Fermer le menu" })).toHaveCount(0);
    return;
  }
  const burger = page.getByRole("button", { name: "Menu", exact: true });
  await burger.click();
  await nav.getByRole("button", { name: "Fermer le menu" }).click();
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await expect(burger).toBeFocused();
  await expect(nav).toBeHidden();
});

test("a route change closes the menu", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  const burger = page.getByRole("button", { name: "Menu", exact: true });
  if (isMobile(page)) await burger.click();
  const toggle = nav.getByRole("button", { name: "Sous-menu Fromagerie" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Nos marques", exact: true }).click();
  await expect(page).toHaveURL(/\/nos-marques\/$/);
  if (isMobile(page)) {
    // The drawer closes (and, 500 ms later, leaves the accessibility tree with its sub-menus).
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
  } else {
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  }
});

test("the search overlay suggests products, then leads to all results", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const field = page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" });
  const overlay = page.getByRole("region", { name: "Suggestions de recherche" });

  await field.fill("ch");
  await expect(overlay.getByRole("heading")).toHaveCount(0);
  await field.fill("cho");
  await expect(overlay.getByRole("heading", { name: "Produits" })).toBeVisible();
  await expect(overlay.getByRole("listitem").first()).toBeVisible();
  await expect(overlay.getByRole("link", { name: "Voir tous les produits" })).toHaveAttribute(
    "href",
    "/search/?q=cho",
  );

  await field.fill("zzzxqwv");
  await expect(overlay.getByText("Aucun résultat")).toBeVisible();
  await expect(overlay.getByRole("link", { name: "Voir tous les produits" })).toHaveCount(0);

  // Escape closes the search and clears the query and its results.
  await page.keyboard.press("Escape");
  await expect(field).toHaveValue("");
  await expect(overlay).toHaveCount(0);

  await field.fill("chocolat");
  await overlay.getByRole("link", { name: "Voir tous les produits" }).click();
  await expect(page).toHaveURL(/\/search\/\?q=chocolat$/);
  // The route change closed the overlay.
  await expect(field).toHaveValue("");
  await expect(overlay).toHaveCount(0);
});

test("the search form submits to the results page", async ({ page }) => {
  await page.goto("/");
  // Typed before hydration, the query would be reset by React's first render.
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Rechercher sur le Comptoir" }).fill("chocolat");
  await page.getByRole("button", { name: "Lancer la recherche" }).click();
  await expect(page).toHaveURL(/\/search\/\?q=chocolat$/);
});

test("the footer shows its menus, disclaimers, cookies link and copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(
    footer.getByText(
      "Pour votre santé, mangez au moins cinq fruits et légumes par jour. www.mangerbouger.fr",
    ),
  ).toBeVisible();
  await expect(
    footer.getByText("L'abus d'alcool est dangereux pour la santé, à consommer avec modération."),
  ).toBeVisible();
  await expect(footer.getByText("© 2021 Comptoir")).toBeVisible();
  await expect(footer.getByRole("link", { name: "Cookies", exact: true })).toHaveAttribute(
    "href",
    "/cms/cookies/",
  );
  await expect(footer.getByRole("navigation", { name: "Besoin d'aide ?" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Questions fréquentes" })).toHaveAttribute(
    "href",
    "/faq/",
  );
  await expect(footer.getByRole("link", { name: /Instagram/ })).toBeVisible();
  const slider = footer.getByRole("region", { name: "Nos engagements" });
  await expect(slider.getByRole("listitem")).toHaveCount(6);
  await expect(slider.getByText("Livraison à domicile")).toBeVisible();
});

test("the header minifies scrolling down past 130 px and comes back near the top", async ({
  page,
}) => {
  await page.goto("/c/epicerie-salee/");
  await hydrated(page);
  const header = page.getByRole("banner");
  await expect(header).not.toHaveClass(/site-header--mini/);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(130);
  await expect(header).toHaveClass(/site-header--mini/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/site-header--mini/);
});
