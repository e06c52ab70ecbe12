import type { Db } from "#db/client.ts";
import { recordChange, type Staff } from "#platform/backoffice/index.ts";
import { uploadImage } from "#platform/commerce/index.ts";
import {
  type AssetRow,
  type ContentError,
  createAsset,
  type EntityStatus,
  entityStatus,
} from "#platform/content/index.ts";
import { NO_FILE_MESSAGE } from "#platform/image-uploads.ts";

/**
 * The content's media as the admin area makes them (issue 50, item 2): an upload checked and
 * stored by the image library's own rules (`uploadImage`, the same limits and French messages as
 * the catalogue's images screen), under `content/` beside the demo content's pictures, served by
 * the image service at `/cdn/images/content/…`, and described by a Contentful `file`. Used by the
 * media grid, one media's screen and the entry editor's picker.
 */

/** Where the media's files are stored under the image service (the demo content's are there too). */
export const MEDIA_FOLDER = "content";
/** Contentful's own limit on a short text (Symbol), which an asset's title is. */
const TITLE_MAX_LENGTH = 256;
/** An alt text says what the picture shows in a sentence or two; more is a caption. */
const ALT_MAX_LENGTH = 1000;
const FILE_NAME_MAX_LENGTH = 255;

export type MediaFile = AssetRow["file"];
export type MediaField = "file" | "title" | "description";
export type MediaErrors = Partial<Record<MediaField, string>>;
export type MediaValues = { title: string; description: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The title and alt text of a media form, with what is wrong with them. */
export function readMediaText(form: FormData): { values: MediaValues; errors: MediaErrors } {
  const values = { title: text(form, "title"), description: text(form, "description") };
  const errors: MediaErrors = {};
  if (values.title === "") errors.title = "Donnez un titre au média.";
  else if (values.title.length > TITLE_MAX_LENGTH) {
    errors.title = `Le titre dépasse ${TITLE_MAX_LENGTH} caractères.`;
  }
  if (values.description.length > ALT_MAX_LENGTH) {
    errors.description = `Le texte alternatif dépasse ${ALT_MAX_LENGTH} caractères : une ou deux phrases suffisent.`;
  }
  return { values, errors };
}

/** The name a file was sent with, without the folders some browsers add. */
function sentName(name: string, extension: string): string {
  const base = (name.replace(/\\/g, "/").split("/").pop() ?? "").trim();
  return (base || `image.${extension}`).slice(0, FILE_NAME_MAX_LENGTH);
}

/**
 * The form's `file`, checked and stored by the image library's rules: its Contentful `file`
 * (the name it was sent with, its real type, size and dimensions), or the library's message.
 */
export async function storeMediaFile(
  db: Db,
  form: FormData,
): Promise<{ ok: true; file: MediaFile } | { ok: false; message: string }> {
  const sent = form.get("file");
  if (!(sent instanceof File) || (sent.size === 0 && sent.name === "")) {
    return { ok: false, message: NO_FILE_MESSAGE };
  }
  const stored = await uploadImage(db, {
    name: sent.name,
    bytes: new Uint8Array(await sent.arrayBuffer()),
    folder: MEDIA_FOLDER,
  });
  if (!stored.ok) return { ok: false, message: stored.message };
  const { image } = stored;
  return {
    ok: true,
    file: {
      url: image.url,
      fileName: sentName(sent.name, image.path.split(".").pop() ?? "png"),
      contentType: image.contentType,
      details: { size: image.bytes, image: { width: image.width, height: image.height } },
    },
  };
}

export type MediaCreation =
  | { ok: true; asset: AssetRow }
  | { ok: false; values: MediaValues; errors: MediaErrors };

/**
 * A new draft asset from an upload form (`file`, `title`, `description` — the alt text), in the
 * change log. The title and alt text are checked before the file is stored, so that a refused
 * form stores nothing.
 */
export async function createMediaFromForm(
  deps: { db: Db; staff: Staff },
  form: FormData,
): Promise<MediaCreation> {
  const { values, errors } = readMediaText(form);
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  const stored = await storeMediaFile(deps.db, form);
  if (!stored.ok) return { ok: false, values, errors: { file: stored.message } };
  const asset = await createAsset(
    { db: deps.db, by: deps.staff.email },
    { fields: { ...values, file: stored.file } },
  );
  await recordChange(deps.db, {
    staff: deps.staff,
    action: "Média importé",
    subjectType: "média",
    subjectId: asset.id,
    after: mediaFacts(asset),
  });
  return { ok: true, asset };
}

/** What the change log keeps of an asset, in the screen's words. */
export function mediaFacts(asset: Pick<AssetRow, "title" | "description" | "file">) {
  return {
    Titre: asset.title,
    "Texte alternatif": asset.description,
    Fichier: asset.file.url,
  };
}

export type PickerItem = {
  id: string;
  title: string;
  description: string;
  url: string;
  width: number | null;
  height: number | null;
  status: EntityStatus;
};

/** One asset as the picker lists it; an untitled one goes by its file name. */
export function pickerItem(asset: AssetRow): PickerItem {
  return {
    id: asset.id,
    title: asset.title || asset.file.fileName,
    description: asset.description,
    url: asset.file.url,
    width: asset.file.details?.image?.width ?? null,
    height: asset.file.details?.image?.height ?? null,
    status: entityStatus(asset),
  };
}

export type MediaIntent =
  | "save"
  | "replace"
  | "publish"
  | "unpublish"
  | "archive"
  | "unarchive"
  | "delete";

/**
 * A refusal of the content service (Contentful's, in English) said in French. A `BadRequest`
 * is one of the asset rules (docs/content.md, "Editing"), known from what was asked.
 */
export function mediaRefusal(error: ContentError, intent: MediaIntent): string {
  if (error.id === "VersionMismatch") {
    return "Ce média a été modifié entre-temps, par quelqu'un d'autre ou dans un autre onglet : rien n'a été enregistré.";
  }
  if (error.id === "NotFound") return "Ce média n'existe plus.";
  switch (intent) {
    case "save":
    case "replace":
      return "Un média archivé ne se modifie pas : désarchivez-le d'abord.";
    case "publish":
      return "Un média archivé ne se publie pas : désarchivez-le d'abord.";
    case "unpublish":
      return "Ce média n'est pas publié.";
    case "archive":
      return "Seul un média non publié s'archive : dépubliez-le d'abord.";
    case "unarchive":
      return "Ce média n'est pas archivé.";
    case "delete":
      return "Seul un média non publié se supprime : dépubliez-le d'abord.";
  }
}
