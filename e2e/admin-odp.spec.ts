import { expect, test } from "@playwright/test";
import { DEMO_STORES } from "../seed/ordering/data.ts";
import { signInStaff } from "./admin-account.ts";

/** Today in Paris, as the screens count days. */
const today = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
}).format(new Date());

test("staff open today's orders and a printable preparation sheet", async ({ page }) => {
  await signInStaff(page);
  await page.getByRole("link", { name: "Préparation des commandes" }).click();
  await expect(page).toHaveURL(/\/middleware\/odp-list\/$/);
  await expect(page.getByRole("heading", { name: "Préparation des commandes" })).toBeVisible();
  await expect(page.getByLabel("Jour", { exact: true })).toHaveValue(today);

  // The demo data has no restaurant orders: the day says so, and an order's link opens its sheet
  // when another journey has placed one.
  const orderLinks = page.getByRole("link", { name: /^n° \d+$/ });
  if ((await orderLinks.count()) === 0) {
    await expect(page.getByText("Aucune commande pour ce jour.")).toBeVisible();
    const store = DEMO_STORES[0];
    const slot = new URLSearchParams({
      date: today,
      store: String(store?.storeId),
      slot: `${today} 12:00-13:00`,
    });
    await page.goto(`/middleware/odp/?${slot}`);
    await expect(page.getByRole("heading", { name: "Total à préparer" })).toBeVisible();
    await expect(page.getByText("Aucune commande à préparer pour ce créneau.")).toBeVisible();
  } else {
    await orderLinks.first().click();
    await expect(
      page.getByRole("heading", { name: /^Fiche de préparation · Commande n° / }),
    ).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Imprimer" })).toBeVisible();

  // On paper the admin chrome and the buttons are gone.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Imprimer" })).toBeHidden();
  await expect(page.getByRole("navigation")).toBeHidden();

  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: "← Commandes du jour" }).click();
  await expect(page).toHaveURL(new RegExp(`/middleware/odp-list/\\?date=${today}$`));
});
