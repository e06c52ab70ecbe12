import { type Context, Hono } from "hono";
import type { Db } from "#db/client.ts";
import { CARD_ENTRY_PATHS, type CardEntryStep, cardEntryPage, submitCardEntry } from "./entries.ts";
import { cardEntryForm, closedEntryPage, missingEntryPage } from "./page.ts";

export type CardEntryRoutesOptions = {
  db: Db;
  /** The processor's clock: tests pass a fixed one. */
  now?: () => Date;
};

/**
 * The card-entry pages as a Hono app, to mount at the root of the shop's origin (the `pageBase`
 * of `createCardEntry`): `GET` and `POST /test-payments/titres-restaurant/:id`.
 *
 * As the test provider's hosted page, the form carries no token of the shop's: the entry's id in
 * the path is the capability (32 random letters), and the form posts only to its own address, so
 * the shop's same-origin rule for writes (server/rules/same-origin.ts) covers it like any page.
 */
export function cardEntryRoutes(options: CardEntryRoutesOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono();

  const answer = (c: Context, step: CardEntryStep) => {
    c.header("Cache-Control", "no-store");
    switch (step.kind) {
      case "missing":
        return c.html(missingEntryPage(), 404);
      case "closed":
        return c.html(closedEntryPage(step.status, step.returnUrl), 410);
      case "redirect":
        return c.redirect(step.url, 303);
      case "form":
        return c.html(
          cardEntryForm(new URL(c.req.url).pathname, step.entry.returnUrl, step.problem),
          step.problem ? 422 : 200,
        );
    }
  };

  const path = `${CARD_ENTRY_PATHS.meal_voucher}/:id`;
  app.get(path, async (c) => answer(c, await cardEntryPage(db, c.req.param("id") ?? "", now())));
  app.post(path, async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const step = await submitCardEntry(
      db,
      c.req.param("id") ?? "",
      { number: field("number"), expiry: field("expiry"), cvc: field("cvc") },
      now(),
    );
    return answer(c, step);
  });

  return app;
}
