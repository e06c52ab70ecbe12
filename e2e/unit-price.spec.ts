import { expect, test } from "@playwright/test";
import { savePrice, signInStaff } from "./admin-account.ts";

/**
 * The unit price follows the price (issue 47): staff set the demo's Camembert fermier (250 g) at
 * 9,90 € and its page says « 250 g · 39,60 €/kg », computed, not a hand-typed label left at the
 * old price. Tagged @exclusive: a shopper's journey running meanwhile must not meet the changed
 * price; the price is put back at the end.
 */
test("staff change the Camembert's price and its page shows the new price per kilo @exclusive", async ({
  page,
}) => {
  await signInStaff(page);
  await page.goto(`/middleware/products/?q=${encodeURIComponent("Camembert fermier")}`);
  await page
    .getByRole("table")
    .getByRole("link", { name: /^Camembert fermier/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/middleware\/products\/[a-z0-9-]+\/$/);
  const handle = new URL(page.url()).pathname.split("/")[3] ?? "";
  const priceField = page.getByLabel(/^Prix de /).first();
  const before = await priceField.inputValue();
  const compareAt = await page
    .getByLabel(/^Prix barré de /)
    .first()
    .inputValue();
  await expect(page.getByLabel("Quantité", { exact: true })).toHaveValue("250");
  await expect(page.getByLabel("Unité", { exact: true })).toHaveValue("g");
  await expect(
    page.getByRole("checkbox", { name: "Prix à l'unité saisi à la main" }),
  ).not.toBeChecked();

  try {
    await savePrice(page, "9,90");
    // The form shows the unit price the catalogue now computes.
    await expect(page.getByText(/Calculé : 39,60\s€\/kg/)).toBeVisible();

    await page.goto(`/p/${handle}/`);
    await expect(page.locator("main").getByText("9,90 €").first()).toBeVisible();
    await expect(page.locator("main").getByText(/^250 g · 39,60\s€\/kg$/)).toBeVisible();
  } finally {
    // Put the demo's price back for the journeys that follow.
    await page.goto(`/middleware/products/${handle}/`);
    await page
      .getByLabel(/^Prix de /)
      .first()
      .fill(before);
    await page
      .getByLabel(/^Prix barré de /)
      .first()
      .fill(compareAt);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status")).toHaveText("Modifications enregistrées.");
  }
  await page.goto(`/p/${handle}/`);
  await expect(page.locator("main").getByText(/^250 g · 39,60\s€\/kg$/)).toHaveCount(0);
});
