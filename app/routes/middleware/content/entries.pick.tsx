import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { entryTitle, STATUS_LABELS, typeLabel } from "#app/lib/admin/content-labels.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { recordChange } from "#platform/backoffice/index.ts";
import {
  createEntry,
  type EntryRow,
  entityStatus,
  findContentType,
  listEntriesForEditing,
} from "#platform/content/index.ts";
import type { Route } from "./+types/entries.pick";

/**
 * The entry picker's resource (app/components/admin/content/entry-picker.tsx), as JSON:
 * - GET `?types=a,b&q=…`: the entries of those types matching the words, 50 at most, freshest
 *   first (archived ones left out: they cannot be linked and published);
 * - POST `type`, `title` (CSRF): "create and link", a new draft of that type with that title,
 *   which the editor then links; it is in the change log.
 */

const PICK_LIMIT = 50;

const known = (types: string | null) =>
  (types ?? "")
    .split(",")
    .map((type) => type.trim())
    .filter((type) => findContentType(type) !== undefined);

function picked(row: EntryRow) {
  const type = findContentType(row.contentType);
  return {
    id: row.id,
    title: entryTitle(row.fields, type?.displayField, row.id),
    type: type ? typeLabel(type) : row.contentType,
    status: STATUS_LABELS[entityStatus(row)],
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const url = new URL(request.url);
  const types = known(url.searchParams.get("types"));
  if (types.length === 0) return Response.json({ items: [], total: 0 });
  const search = (url.searchParams.get("q") ?? "").trim();
  const page = await listEntriesForEditing(database.db, {
    contentType: types,
    status: ["draft", "published", "changed"],
    ...(search ? { search } : {}),
    order: "-updatedAt",
    limit: PICK_LIMIT,
  });
  return Response.json({ items: page.items.map(picked), total: page.total });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const type = findContentType(String(form.get("type") ?? ""));
  const title = String(form.get("title") ?? "").trim();
  if (!type)
    return Response.json({ error: "Choisissez le type du nouveau contenu." }, { status: 400 });
  if (title === "")
    return Response.json({ error: "Donnez un titre au nouveau contenu." }, { status: 400 });
  if (title.length > 256) {
    return Response.json({ error: "Le titre tient en 256 caractères au plus." }, { status: 400 });
  }
  const row = await database.db.transaction(async (tx) => {
    const created = await createEntry(
      { db: tx, by: staff.email },
      { contentType: type.id, fields: { [type.displayField]: title } },
    );
    await recordChange(tx, {
      staff,
      action: "création",
      subjectType: "contenu",
      subjectId: created.id,
      after: created.fields,
    });
    return created;
  });
  return Response.json({ entry: picked(row) });
}
