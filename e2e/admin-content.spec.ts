import { type Browser, expect, test } from "@playwright/test";
import { E2E_ADMIN, signInStaff } from "./admin-account.ts";
import { newEntry, publish, runTag, saveDraft } from "./admin-content.ts";
import { runContentScheduleAt } from "./content-schedule.ts";
import { hydrated, seriousViolations } from "./journeys.ts";

/**
 * Staff edit the shop's content in the admin area (issue 50), in Chromium on the production
 * build: a FAQ question added to a category, a blog post written in the rich-text editor, two
 * editors on one page, bad input kept and explained, a writer kept to the content screens,
 * axe on the editor's screens, and the editor used with the keyboard alone. Each journey makes
 * its own entries (suffixed by the run) or adds to the end of a list, so the journeys running
 * beside it meet nothing they do not expect; those that change what every shopper sees (the
 * home page's hero, the menu's order) are in admin-content-live.spec.ts and run alone.
 */
test.skip(({ isMobile }) => isMobile, "the admin area is an office, desktop tool");
test.describe.configure({ timeout: 120_000 });

async function shopper(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("an editor adds a question to a FAQ category, and shoppers find it on the FAQ", async ({
  page,
  browser,
}) => {
  const tag = runTag();
  const question = `Emballez-vous les cadeaux (${tag}) ?`;
  await signInStaff(page);
  await page.goto("/middleware/contenu/?type=faq_category&q=Paiement");
  await page.getByRole("link", { name: "Paiement", exact: true }).click();
  await hydrated(page);
  const questions = page.getByRole("group", { name: "Questions" });
  await questions.getByRole("button", { name: "Ajouter un contenu" }).click();
  // "Create and link": a new draft question, linked at the end of the list.
  const picker = page.getByRole("dialog", { name: "Choisir un contenu" });
  await picker.getByLabel("Titre du nouveau contenu").fill(question);
  await picker.getByRole("button", { name: "Créer le brouillon et le lier" }).click();
  await expect(picker).toBeHidden();
  await expect(questions.getByRole("listitem").last()).toContainText(question);
  await publish(page);

  // The new question's answer, then its publish: a category shows published questions only.
  await questions.getByRole("link", { name: question }).click();
  await hydrated(page);
  const answer = page.getByRole("textbox", { name: "Réponse" });
  await answer.click();
  await page.keyboard.type("Oui, dans un papier kraft et un ruban, sans supplément.");
  await publish(page);

  const { context, page: visitor } = await shopper(browser);
  await visitor.goto("/faq/");
  await expect(visitor.getByText(question)).toBeVisible();
  await context.close();
});

test("two editors on one page: the second sees what changed, and loses nothing", async ({
  page,
  browser,
}) => {
  const tag = runTag();
  await signInStaff(page);
  await newEntry(page, "Page de contenu", `Horaires de Noël ${tag}`);
  const editorUrl = page.url().replace(/\?.*$/, "");

  // A second editor opens the same draft in a browser of her own.
  const context = await browser.newContext({ storageState: undefined });
  const second = await context.newPage();
  await second.goto("/middleware/login/");
  await second.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
  await second.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
  await second.getByRole("button", { name: "Se connecter" }).click();
  await expect(second).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });
  await second.goto(editorUrl);
  await hydrated(second);

  await page.getByLabel("Titre *").fill(`Horaires des fêtes ${tag}`);
  await saveDraft(page);

  const theirs = `Ouverture de Noël ${tag}`;
  await second.getByLabel("Titre *").fill(theirs);
  await second.getByLabel("Titre SEO").fill("Noël au Comptoir");
  await second.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(second.getByRole("alert")).toContainText(
    "Ce contenu a été enregistré par quelqu'un d'autre",
  );
  const conflict = second.getByRole("region", { name: "Modifications enregistrées entre-temps" });
  await expect(conflict.getByRole("row", { name: /Titre/ })).toContainText(
    `Horaires des fêtes ${tag}`,
  );
  // What she typed is still there.
  await expect(second.getByLabel("Titre *")).toHaveValue(theirs);
  await expect(second.getByLabel("Titre SEO")).toHaveValue("Noël au Comptoir");
  await conflict.getByRole("button", { name: /Enregistrer quand même/ }).click();
  await expect(second.getByRole("status")).toContainText("Le brouillon est enregistré");
  await context.close();

  await page.reload();
  await expect(page.getByLabel("Titre *")).toHaveValue(theirs);
});

test("bad input is explained next to its field, and nothing typed is lost", async ({ page }) => {
  const tag = runTag();
  await signInStaff(page);
  await newEntry(page, "Page de contenu", `Nos engagements ${tag}`);
  const intro = `Ce que nous promettons ${tag}`;
  await page.getByLabel("Titre SEO").fill(intro);
  // A slug another page already has.
  await page.getByLabel("Slug (adresse) *").fill("cgv");
  await page.getByRole("button", { name: /^Enregistrer et publier/ }).click();
  await expect(page.getByRole("alert")).toContainText("il n'est pas publié");
  const slug = page.getByLabel("Slug (adresse) *");
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#f-f-slug-error")).toHaveText(
    "Ce slug est déjà pris par un autre contenu de ce type : choisissez-en un autre.",
  );
  await expect(slug).toHaveValue("cgv");
  await expect(page.getByLabel("Titre SEO")).toHaveValue(intro);

  // A link can only be to a type the field allows: the picker offers no other.
  await page.goto("/middleware/contenu/?type=faq_category&q=Compte");
  await page.getByRole("link", { name: "Compte", exact: true }).click();
  await hydrated(page);
  await page
    .getByRole("group", { name: "Questions" })
    .getByRole("button", { name: "Ajouter un contenu" })
    .click();
  const picker = page.getByRole("dialog", { name: "Choisir un contenu" });
  await picker.getByLabel("Rechercher").fill("Conditions générales de vente");
  await expect(picker.getByText("0 contenu")).toBeVisible();
  await picker.getByRole("button", { name: "Fermer" }).click();
  await expect(picker).toBeHidden();
});

test("a writer edits content, and cannot open the orders, customers or staff screens", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  await signInStaff(page);
  await page.goto("/middleware/staff/");
  const email = `redactrice.${tag}@comptoir.test`;
  await page.getByLabel("Nom", { exact: true }).fill("Rose Rédactrice");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.locator("#new-role").selectOption({ label: "Rédacteur" });
  await page.getByRole("button", { name: "Créer le compte" }).click();
  const password = await page.getByLabel("Mot de passe provisoire").inputValue();

  const context = await browser.newContext({ storageState: undefined });
  const writer = await context.newPage();
  await writer.goto("/middleware/login/");
  await writer.getByLabel("Adresse e-mail").fill(email);
  await writer.getByLabel("Mot de passe").fill(password);
  await writer.getByRole("button", { name: "Se connecter" }).click();
  await expect(writer).toHaveURL(/\/middleware\/dashboard\/$/, { timeout: 30_000 });
  const nav = writer.getByRole("navigation", { name: "Écrans d'administration" });
  await expect(nav.getByRole("link", { name: "Contenu", exact: true })).toBeVisible();
  for (const screen of ["Commandes", "Clients", "Équipe", "Produits"]) {
    await expect(nav.getByRole("link", { name: screen, exact: true })).toHaveCount(0);
  }
  for (const path of ["/middleware/orders/", "/middleware/customers/", "/middleware/staff/"]) {
    expect((await writer.goto(path))?.status(), path).toBe(403);
  }
  // Drafts, yes; publishing, no.
  await newEntry(writer, "Page de contenu", `Brouillon de Rose ${tag}`);
  await expect(writer.getByRole("button", { name: "Enregistrer le brouillon" })).toBeVisible();
  await expect(writer.getByRole("button", { name: /^Enregistrer et publier/ })).toHaveCount(0);
  await context.close();
});

test("the editor's screens have no serious accessibility violation", async ({ page }) => {
  await signInStaff(page);
  const found = [];
  await page.goto("/middleware/contenu/");
  await hydrated(page);
  found.push(...(await seriousViolations(page)));
  await page.goto("/middleware/contenu/?type=blogpost");
  await page.getByRole("table").getByRole("link").first().click();
  await hydrated(page);
  await expect(page.getByRole("toolbar").first()).toBeVisible();
  found.push(...(await seriousViolations(page)));
  // With the entry picker open.
  await page
    .getByRole("group", { name: "Articles liés" })
    .getByRole("button", { name: "Ajouter un contenu" })
    .click();
  const picker = page.getByRole("dialog", { name: "Choisir un contenu" });
  await expect(picker.getByRole("listitem").first()).toBeVisible();
  found.push(...(await seriousViolations(page)));
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  for (const path of ["/middleware/contenu/medias/", "/middleware/contenu/calendrier/"]) {
    await page.goto(path);
    await hydrated(page);
    found.push(...(await seriousViolations(page)));
  }
  expect(found).toEqual([]);
});

test("the editor works with the keyboard alone", async ({ page, browser }) => {
  const tag = runTag();
  const title = `Recette au clavier ${tag}`;
  await signInStaff(page);
  await newEntry(page, "Catégorie de la FAQ", title);
  await page.getByLabel("Slug (adresse) *").fill(`clavier-${tag}`);
  // Two questions picked with the keyboard, then the second moved up.
  const questions = page.getByRole("group", { name: "Questions" });
  for (const words of ["Où livrez-vous", "Quand suis-je débité"]) {
    await questions.getByRole("button", { name: "Ajouter un contenu" }).focus();
    await page.keyboard.press("Enter");
    const picker = page.getByRole("dialog", { name: "Choisir un contenu" });
    await expect(picker.getByLabel("Rechercher")).toBeFocused();
    await page.keyboard.type(words);
    const first = picker.getByRole("listitem").first().getByRole("button");
    await expect(first).toContainText(new RegExp(words, "i"));
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(picker).toBeHidden();
  }
  const items = questions.getByRole("listitem");
  await expect(items).toHaveCount(2);
  const second = (await items.nth(1).getByRole("link").textContent()) ?? "";
  await items
    .nth(1)
    .getByRole("button", { name: /^Monter/ })
    .focus();
  await page.keyboard.press("Enter");
  await expect(items.first()).toContainText(second.trim());
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Le brouillon est enregistré");
  await page.reload();
  await expect(
    page.getByRole("group", { name: "Questions" }).getByRole("listitem").first(),
  ).toContainText(second.trim());
  void browser;
});

test("an editor schedules a CMS page for the next minute, and it goes live then", async ({
  page,
  browser,
}) => {
  const tag = runTag();
  const title = `Horaires du réveillon ${tag}`;
  const slug = `reveillon-${tag}`;
  await signInStaff(page);
  await newEntry(page, "Page de contenu", title);
  await page.getByLabel("Slug (adresse) *").fill(slug);
  await saveDraft(page);
  // The journey's clock: the next whole minute, in Paris.
  const now = Date.now();
  const at = new Date(Math.ceil((now + 60_000) / 60_000) * 60_000);
  const paris = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(at)
    .split(" ");
  const schedule = page.getByRole("form", { name: "Programmer une publication" });
  await schedule.getByRole("radio", { name: "Publier", exact: true }).check();
  await schedule.getByLabel("Date").fill(paris[0] ?? "");
  await schedule.getByLabel("Heure de Paris").fill(paris[1] ?? "");
  await schedule.getByRole("button", { name: "Programmer" }).click();
  const panel = page.getByRole("region", { name: "Programmation" });
  await expect(panel.locator("time")).toContainText("Publication le");

  const { context, page: visitor } = await shopper(browser);
  expect((await visitor.goto(`/cms/${slug}/`))?.status()).toBe(404);
  // The calendar lists it.
  await page.goto("/middleware/contenu/calendrier/");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // The minute comes: the schedule's round runs at that instant, once.
  const report = await runContentScheduleAt(page.request, at);
  expect(report.ran.filter((action) => action.status === "succeeded").length).toBeGreaterThan(0);
  expect((await visitor.goto(`/cms/${slug}/`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const again = await runContentScheduleAt(page.request, at);
  expect(again.ran.filter((action) => action.entityId === report.ran[0]?.entityId)).toEqual([]);
  await context.close();
});

test("an editor restores an earlier version of a CMS page", async ({ page, browser }) => {
  const tag = runTag();
  const first = `Notre histoire ${tag}`;
  const slug = `histoire-${tag}`;
  await signInStaff(page);
  await newEntry(page, "Page de contenu", first);
  await page.getByLabel("Slug (adresse) *").fill(slug);
  await publish(page);
  await page.getByLabel("Titre *").fill(`Notre histoire, réécrite ${tag}`);
  await publish(page);

  await page.getByRole("region", { name: "Versions publiées" }).getByRole("link").last().click();
  const comparison = page.getByRole("region", { name: "Cette version et le brouillon actuel" });
  const titleRow = comparison.getByRole("row", { name: /Titre/ }).first();
  await expect(titleRow).toContainText(first);
  await expect(titleRow).toContainText("Modifié");
  await page.getByRole("button", { name: "Restaurer cette version" }).click();
  await expect(page.getByRole("status")).toContainText("est restaurée comme brouillon");
  await expect(page.getByLabel("Titre *")).toHaveValue(first);
  await publish(page);

  const { context, page: visitor } = await shopper(browser);
  await visitor.goto(`/cms/${slug}/`);
  await expect(visitor.getByRole("heading", { name: first, level: 1 })).toBeVisible();
  await context.close();
});

test("an oversized upload is refused next to its field, and the texts typed stay", async ({
  page,
}) => {
  await signInStaff(page);
  await page.goto("/middleware/contenu/medias/");
  await hydrated(page);
  const upload = page.getByRole("region", { name: "Importer une image" });
  await upload.getByLabel("Titre", { exact: true }).fill("Plateau de fêtes");
  await upload.getByLabel("Texte alternatif").fill("Un plateau de fromages et de fruits secs");
  await upload.getByLabel(/^Image/).setInputFiles({
    name: "plateau.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(12 * 1024 * 1024, 1),
  });
  await upload.getByRole("button").last().click();
  const error = upload.locator(".admin-field__error");
  await expect(error.first()).toBeVisible();
  await expect(error.first()).toContainText(/Mo/);
  await expect(upload.getByLabel("Titre", { exact: true })).toHaveValue("Plateau de fêtes");
  await expect(upload.getByLabel("Texte alternatif")).toHaveValue(
    "Un plateau de fromages et de fruits secs",
  );
});
