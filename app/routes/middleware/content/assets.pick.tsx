import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import {
  createMediaFromForm,
  type MediaField,
  pickerItem,
} from "#app/lib/admin/content-media.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { listAssetsForEditing } from "#platform/content/index.ts";
import type { Route } from "./+types/assets.pick";

/**
 * The entry editor's image picker (`AssetPicker`, app/components/admin/content/asset-picker.tsx)
 * asks here, as JSON:
 * - `GET ?q=&skip=`: `{ items: [{ id, title, description, url, width, height, status }], total }`,
 *   the images that are not archived, newest change first, searched by title, alt text and file
 *   name, `PICKER_PAGE_SIZE` at a time;
 * - `POST` (multipart: `_csrf`, `file`, `title`, `description`): a new draft asset by the image
 *   library's rules, `{ asset }`, or `{ error: { field, message }, errors }` with status 400.
 */

const PICKER_PAGE_SIZE = 24;

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const skip = Math.max(0, Math.min(100_000, Number.parseInt(params.get("skip") ?? "0", 10) || 0));
  const list = await listAssetsForEditing(database.db, {
    search: search || undefined,
    status: ["draft", "published", "changed"],
    imagesOnly: true,
    skip,
    limit: PICKER_PAGE_SIZE,
  });
  return json({ items: list.items.map(pickerItem), total: list.total });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const created = await createMediaFromForm({ db: database.db, staff }, form);
  if (!created.ok) {
    const [field, message] = Object.entries(created.errors)[0] as [MediaField, string];
    return json({ error: { field, message }, errors: created.errors }, 400);
  }
  return json({ asset: pickerItem(created.asset) });
}
