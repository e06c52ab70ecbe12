import { expect, test } from "@playwright/test";
import {
  attachImage,
  openTypedPriceProduct,
  savePrice,
  signInStaff,
  uploadImage,
} from "./admin-account.ts";

// Journeys that run at the same time take products list rows no other takes, so that they never
// edit the same product: the price on desktop 1 and 3, on mobile 2 and 4; the image 7 and 9; the
// admin journey 5 (e2e/admin-journey.spec.ts); the shared cache's journey has a shop of its own
// (e2e/nginx.spec.ts).
test("staff edit a product's price and the product page shows it", async ({ page }, info) => {
  await signInStaff(page);
  const handle = await openTypedPriceProduct(
    page,
    info.project.name === "mobile" ? [2, 4] : [1, 3],
  );
  const price = info.project.name === "mobile" ? "31,17" : "23,45";

  // A wrong value is refused next to its field, and nothing is saved.
  await page
    .getByLabel(/^Prix de /)
    .first()
    .fill("douze");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("alert")).toContainText("Rien n'a été enregistré");
  await expect(page.getByText("Écrivez un prix en euros, par exemple 12,50.")).toBeVisible();

  await savePrice(page, price);

  await page.goto(`/p/${handle}/`);
  await expect(page.locator("main").getByText(`${price} €`).first()).toBeVisible();

  await page.goto(`/middleware/products-maj-log/?sujet=${handle}`);
  await expect(page.getByText(`→ ${price} €`).first()).toBeVisible();
});

test("staff upload an image, attach it, reorder it, and delete it once unused", async ({
  page,
}, info) => {
  test.skip(info.project.name === "mobile", "one upload is enough; the desktop run covers it");
  // Sign-in, upload and six saves: more than the default 30 s on a machine busy with other
  // journeys, and a retry cannot pass once a first run attached its image.
  test.slow();
  await signInStaff(page);
  // The real type wins over the name: a PNG called .jpg is stored as a PNG.
  const path = await uploadImage(
    page,
    { name: "Plateau de fromages.jpg", mimeType: "image/jpeg" },
    "plateau-de-fromages",
  );

  const handle = await openTypedPriceProduct(page, [7, 9]);
  await attachImage(page, path, "Plateau de fromages");
  await expect(page.getByRole("img", { name: "Plateau de fromages" })).toBeVisible();

  // An image in use cannot be deleted.
  await page.goto(`/middleware/images/?q=plateau`);
  await page.getByRole("button", { name: `Supprimer ${path}` }).click();
  await expect(page.getByRole("alert")).toContainText("Image encore utilisée");

  // Once the product no longer shows it, it can go.
  await page.goto(`/middleware/products/${handle}/`);
  // The seeded product already has pictures: the new one comes last, and can move up.
  const count = await page.getByRole("button", { name: /^Retirer l'image \d+$/ }).count();
  expect(count).toBeGreaterThan(1);
  await page.getByRole("button", { name: `Monter l'image ${count}` }).click();
  await expect(page.getByRole("status")).toHaveText("Modifications enregistrées.");
  await expect(page.getByLabel(`Texte alternatif de l'image ${count - 1}`)).toHaveValue(
    "Plateau de fromages",
  );
  await page.getByRole("button", { name: `Retirer l'image ${count - 1}` }).click();
  await expect(page.getByRole("img", { name: "Plateau de fromages" })).toHaveCount(0);
  await page.goto(`/middleware/images/?q=plateau`);
  await page.getByRole("button", { name: `Supprimer ${path}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Image ${path} supprimée.`);
});

test("staff preview a bulk price change before applying it", async ({ page }, info) => {
  test.skip(info.project.name === "mobile", "the desktop run covers it");
  await signInStaff(page);
  await page.goto("/middleware/product-price/");
  await page.getByLabel("Recherche", { exact: true }).fill("zzz-aucun-produit");
  await page.getByLabel("Opération", { exact: true }).selectOption("pourcent");
  await page.getByLabel("Valeur", { exact: true }).fill("-10");
  await page.getByRole("button", { name: "Voir l'aperçu" }).click();
  await expect(page.getByRole("heading", { name: "Aperçu" })).toBeVisible();
  await expect(page.getByText("0 produit(s) sélectionné(s)")).toBeVisible();
});

test("staff download the product feed", async ({ page }, info) => {
  test.skip(info.project.name === "mobile", "the desktop run covers it");
  await signInStaff(page);
  await page.goto("/middleware/export-flux-produit/");
  await expect(page.getByRole("heading", { name: /produit\(s\) dans le flux/ })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^produits-\d{4}-\d{2}-\d{2}\.csv$/);
});
