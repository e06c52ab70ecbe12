import type { Db } from "#db/client.ts";
import { type Actor, logChange } from "#platform/backoffice/syncs/catalogue-sync.ts";
import {
  deleteSearchSynonym,
  type SearchSynonym,
  type SynonymInput,
  type SynonymSave,
  saveSearchSynonym,
} from "#platform/search/index.ts";

/**
 * The synonyms screen's writes (`/middleware/synonymes/`, `catalogue` permission): a search
 * synonym created, changed or deleted with its change-log line (`search-synonym` subject, named
 * by its term), in one transaction. The rules and their French messages are the search module's
 * (platform/search/synonyms.ts); the screen drops the kept rules once this has committed.
 */

const SUBJECT = "search-synonym";

const logged = (synonym: SearchSynonym) => ({
  term: synonym.term,
  replacements: synonym.replacements.join(", "),
  kind: synonym.kind,
});

/** Creates a synonym (`id` undefined) or changes one, logged; refused on its fields otherwise. */
export async function saveSynonym(
  db: Db,
  actor: Actor,
  input: SynonymInput,
  id?: number,
): Promise<SynonymSave> {
  // Synonym writes queue on one lock (saveSearchSynonym): the term's check cannot race.
  return db.transaction(async (tx): Promise<SynonymSave> => {
    const saved = await saveSearchSynonym(tx, input, { id, by: actor.email });
    if (!saved.ok) return saved;
    await logChange(tx, actor, {
      action: saved.before ? "synonym-update" : "synonym-create",
      subjectType: SUBJECT,
      subjectId: saved.synonym.term,
      before: saved.before ? logged(saved.before) : null,
      after: logged(saved.synonym),
    });
    return saved;
  });
}

/** Deletes a synonym, logged; undefined when it was gone already. */
export async function removeSynonym(
  db: Db,
  actor: Actor,
  id: number,
): Promise<SearchSynonym | undefined> {
  return db.transaction(async (tx) => {
    const removed = await deleteSearchSynonym(tx, id);
    if (removed) {
      await logChange(tx, actor, {
        action: "synonym-delete",
        subjectType: SUBJECT,
        subjectId: removed.term,
        before: logged(removed),
        after: null,
      });
    }
    return removed;
  });
}
