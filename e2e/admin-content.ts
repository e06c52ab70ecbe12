import { expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated } from "./journeys.ts";

/** Steps of the content editor's journeys (admin-content.spec.ts, admin-content-live.spec.ts). */

/** A word no other run of the same journey uses: journeys are retried, entries stay. */
export const runTag = () =>
  `${test.info().project.name}${test.info().retry}${Date.now() % 100_000}`;

/** Creates a draft of `type` from the content list and opens its editor. */
export async function newEntry(page: Page, type: string, title: string) {
  await page.goto("/middleware/contenu/");
  await hydrated(page);
  await page.getByText("Nouveau contenu", { exact: true }).click();
  await page.getByLabel("Type", { exact: true }).selectOption({ label: type });
  await page.getByLabel("Titre", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByRole("status")).toHaveText("Le brouillon est créé.");
  await hydrated(page);
}

/**
 * Clicks a button of the editor's form and waits for its answer and the page's reload: the
 * message it shows may be the one of the previous click, so it is no sign on its own.
 */
export async function submitWith(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes(".data"),
  );
  await button.click();
  await answered;
  await page.waitForFunction(() => document.querySelector("form[aria-busy]") === null);
}

/** Saves the editor's draft and waits for the answer. */
export async function saveDraft(page: Page) {
  await submitWith(page, page.getByRole("button", { name: "Enregistrer le brouillon" }));
  await expect(page.getByRole("status")).toContainText("Le brouillon est enregistré");
}

/** Saves and publishes what the editor holds. */
export async function publish(page: Page) {
  await submitWith(page, page.getByRole("button", { name: /^Enregistrer et publier/ }));
  await expect(page.getByRole("status")).toHaveText(
    "Le contenu est publié : les clients le voient dès maintenant.",
  );
}

/** Picks an entry in the open entry picker, by words of its title. */
export async function pickEntry(page: Page, words: string) {
  const picker = page.getByRole("dialog", { name: "Choisir un contenu" });
  await expect(picker).toBeVisible();
  await picker.getByLabel("Rechercher").fill(words);
  await picker
    .getByRole("button", { name: new RegExp(words) })
    .first()
    .click();
  await expect(picker).toBeHidden();
}
