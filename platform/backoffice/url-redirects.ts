import type { Db } from "#db/client.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  deleteUrlRedirect,
  isDuplicateUrlRedirect,
  readUrlRedirectInput,
  saveUrlRedirect,
  URL_REDIRECT_MESSAGES,
  type UrlRedirect,
  type UrlRedirectInput,
  type UrlRedirectSave,
} from "#platform/commerce/index.ts";

/**
 * The redirects screen's writes (`/middleware/redirects/`, `content` permission): a redirect
 * created, changed or deleted with its change-log line (`url-redirect` subject, named by its
 * path), in one transaction, so nothing is half-written. The rules and their French messages are
 * the commerce module's (platform/commerce/redirects/url-redirects.ts).
 */

const SUBJECT = "url-redirect";

const logged = (redirect: UrlRedirect) => ({ path: redirect.path, target: redirect.target });

/** Creates a redirect (`id` undefined) or changes one, logged; refused on its fields otherwise. */
export async function saveRedirect(
  db: Db,
  actor: Actor,
  input: UrlRedirectInput,
  id?: number,
): Promise<UrlRedirectSave> {
  try {
    return await db.transaction(async (tx): Promise<UrlRedirectSave> => {
      const saved = await saveUrlRedirect(tx, input, { id, by: actor.email });
      if (!saved.ok) return saved;
      await logChange(tx, actor, {
        action: saved.before ? "redirect-update" : "redirect-create",
        subjectType: SUBJECT,
        subjectId: saved.redirect.path,
        before: saved.before ? logged(saved.before) : null,
        after: logged(saved.redirect),
      });
      return saved;
    });
  } catch (error) {
    // Another write took the path between the check and the insert.
    if (!isDuplicateUrlRedirect(error)) throw error;
    const read = readUrlRedirectInput(input);
    return {
      ok: false,
      errors: { path: URL_REDIRECT_MESSAGES.pathTaken(read.ok ? read.path : input.path) },
    };
  }
}

/** Deletes a redirect, logged; undefined when it was gone already. */
export async function removeRedirect(
  db: Db,
  actor: Actor,
  id: number,
): Promise<UrlRedirect | undefined> {
  return db.transaction(async (tx) => {
    const removed = await deleteUrlRedirect(tx, id);
    if (removed) {
      await logChange(tx, actor, {
        action: "redirect-delete",
        subjectType: SUBJECT,
        subjectId: removed.path,
        before: logged(removed),
        after: null,
      });
    }
    return removed;
  });
}

/**
 * The page-cache addresses a redirect's old path may be kept under: a page that lived there until
 * lately (a product archived, a page unpublished) must give way to the redirect at once.
 */
export function redirectCachedUrls(path: string): string[] {
  return [path, `${path}/`];
}
