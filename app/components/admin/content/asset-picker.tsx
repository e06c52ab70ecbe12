import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { ImageFileField } from "#app/components/admin/content/image-file-field.tsx";
import { FieldError } from "#app/components/admin/field.tsx";
import { STATUS_LABELS } from "#app/lib/admin/content-labels.ts";
import { CSRF_FIELD } from "#app/lib/admin/fields.ts";
import type { EntityStatus } from "#platform/content/index.ts";
import { UPLOAD_MESSAGES } from "#platform/image-uploads.ts";

/** What the picker hands back: enough to link the asset and to show it. */
export type PickedAsset = { id: string; title: string; url: string; description: string };

type PickerItem = PickedAsset & {
  width: number | null;
  height: number | null;
  status: EntityStatus;
};

type UploadField = "file" | "title" | "description";

/** The picker's resource route (app/routes/middleware/content/assets.pick.tsx). */
const PICKER_PATH = "/middleware/contenu/medias/choisir/";
const SEARCH_DELAY_MS = 250;

const LOAD_FAILED =
  "Les images n'ont pas pu être chargées : vérifiez la connexion, ou rechargez la page si votre session a expiré.";

/** A small rendering for a tile; pictures not served by the image service are shown as they are. */
const thumbnail = (url: string) =>
  url.startsWith("/cdn/images/") && !url.includes("?") ? `${url}?width=320` : url;

/**
 * The image picker of the entry editor (issue 50, item 2): a modal `<dialog>` (native, so focus
 * stays inside and Escape closes it) with a search box, the images as buttons named by their
 * title, « Afficher plus », and « Importer une image » (file, title, alt text) that uploads by
 * the image library's rules and picks the new asset.
 *
 * Controlled: `open` shows it; `onPick` gives the chosen asset and `onClose` says the editor
 * closed it (Escape, « Fermer »). Picking does not close it: the caller sets `open` to false.
 * `csrfToken` is the admin layout's (`useRouteLoaderData("routes/middleware/layout")`).
 *
 * The dialog is rendered into `document.body` once hydrated, never inside the page's markup:
 * its forms may not sit inside the entry's form, and its fields must not be sent with it.
 */
export function AssetPicker({
  open,
  onPick,
  onClose,
  csrfToken,
}: {
  open: boolean;
  onPick: (asset: PickedAsset) => void;
  onClose: () => void;
  csrfToken: string;
}) {
  const uid = useId();
  const [mounted, setMounted] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const closingOnRequest = useRef(false);
  const request = useRef<AbortController | null>(null);
  const focusFrom = useRef<number | null>(null);

  const [query, setQuery] = useState("");
  const [items, setItems] = useState<PickerItem[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [uploadErrors, setUploadErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const [openings, setOpenings] = useState(0);

  useEffect(() => setMounted(true), []);

  const load = useCallback(async (search: string, skip: number) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    setLoadError(null);
    try {
      const params = new URLSearchParams({ q: search, skip: String(skip) });
      const response = await fetch(`${PICKER_PATH}?${params}`, {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      if (!response.ok || !response.headers.get("content-type")?.includes("json")) {
        throw new Error(`the picker answered ${response.status}`);
      }
      const page = (await response.json()) as { items: PickerItem[]; total: number };
      setItems((shown) => (skip === 0 ? page.items : [...shown, ...page.items]));
      setTotal(page.total);
    } catch {
      if (!controller.signal.aborted) setLoadError(LOAD_FAILED);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }, []);

  // The dialog follows `open`; focus goes to the search box, and back where it was on closing.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!mounted || !dialog) return;
    if (open && !dialog.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // Each opening starts afresh: every image, newest first, and an empty import form.
      setQuery("");
      setUploadErrors({});
      setUploadMessage(null);
      setOpenings((count) => count + 1);
      dialog.showModal();
      searchRef.current?.focus();
    } else if (!open && dialog.open) {
      closingOnRequest.current = true;
      dialog.close();
    }
  }, [open, mounted]);

  // Searched as the editor types (after a short pause), and afresh each time the dialog opens.
  useEffect(() => {
    if (!open || !mounted) return;
    const timer = setTimeout(() => void load(query, 0), query === "" ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, mounted, query, load]);

  // After « Afficher plus », focus moves to the first image added.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLButtonElement>("button")[from]?.focus();
  }, [items]);

  const closed = () => {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
    if (closingOnRequest.current) {
      closingOnRequest.current = false;
      return;
    }
    onClose();
  };

  const pick = (item: PickedAsset) =>
    onPick({ id: item.id, title: item.title, url: item.url, description: item.description });

  async function upload(event: FormEvent<HTMLFormElement>) {
    // The picker's own request, never the page's form (React bubbles events out of portals).
    event.preventDefault();
    event.stopPropagation();
    const form = event.currentTarget;
    const body = new FormData(form);
    body.set(CSRF_FIELD, csrfToken);
    setSending(true);
    setUploadErrors({});
    setUploadMessage(null);
    try {
      const response = await fetch(PICKER_PATH, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const answer = response.headers.get("content-type")?.includes("json")
        ? ((await response.json()) as {
            asset?: PickerItem;
            error?: { field: UploadField; message: string };
            errors?: Partial<Record<UploadField, string>>;
          })
        : null;
      if (response.ok && answer?.asset) {
        form.reset();
        pick(answer.asset);
        return;
      }
      if (answer?.error) {
        const errors = answer.errors ?? { [answer.error.field]: answer.error.message };
        setUploadErrors(errors);
        const first = (["file", "title", "description"] as const).find((field) => errors[field]);
        form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setUploadMessage(
        response.status === 413
          ? UPLOAD_MESSAGES.too_large
          : response.status === 403
            ? "Formulaire expiré ou action refusée : rechargez la page et recommencez."
            : "L'image n'a pas été importée : réessayez.",
      );
    } catch {
      setUploadMessage("L'image n'a pas été importée : vérifiez la connexion et réessayez.");
    } finally {
      setSending(false);
    }
  }

  if (!mounted) return null;
  const titleId = `${uid}-heading`;
  const field = (name: UploadField) => ({
    id: `${uid}-${name}`,
    name,
    "aria-invalid": uploadErrors[name] ? true : undefined,
    "aria-describedby": uploadErrors[name] ? `${uid}-${name}-error` : undefined,
  });
  const countText = loading
    ? "Chargement des images…"
    : total === null
      ? ""
      : total === 0
        ? "Aucune image ne correspond."
        : `${total} image(s) — ${items.length} affichée(s)`;

  return createPortal(
    <dialog ref={dialogRef} className="admin-picker" aria-labelledby={titleId} onClose={closed}>
      <div className="admin-picker__head">
        <h2 id={titleId}>Choisir une image</h2>
        <button type="button" className="admin-button" onClick={() => onClose()}>
          Fermer
        </button>
      </div>
      {/* Searched as the editor types: there is nothing to send. */}
      <search className="admin-field">
        <label htmlFor={`${uid}-q`}>Rechercher (titre, texte alternatif, nom du fichier)</label>
        <input
          ref={searchRef}
          id={`${uid}-q`}
          type="search"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </search>
      <p aria-live="polite" className="admin-field__hint">
        {countText}
      </p>
      {loadError && (
        <p className="admin-alert admin-alert--error" role="alert">
          {loadError}
        </p>
      )}
      <ul ref={listRef} className="admin-picker__grid">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="admin-picker__item"
              aria-describedby={`${uid}-${item.id}-status`}
              onClick={() => pick(item)}
            >
              <img src={thumbnail(item.url)} alt="" loading="lazy" width={160} height={120} />
              <span>{item.title}</span>
            </button>
            <small id={`${uid}-${item.id}-status`}>{STATUS_LABELS[item.status]}</small>
          </li>
        ))}
      </ul>
      {total !== null && items.length < total && (
        <button
          type="button"
          className="admin-button"
          disabled={loading}
          onClick={() => {
            focusFrom.current = items.length;
            void load(query, items.length);
          }}
        >
          Afficher plus
        </button>
      )}
      <section className="admin-picker__import" aria-labelledby={`${uid}-import`}>
        <h3 id={`${uid}-import`}>Importer une image</h3>
        {uploadMessage && (
          <p className="admin-alert admin-alert--error" role="alert">
            {uploadMessage}
          </p>
        )}
        <form key={openings} onSubmit={upload} encType="multipart/form-data">
          <ImageFileField id={`${uid}-file`} error={uploadErrors.file} />
          <div className={`admin-field${uploadErrors.title ? " admin-field--error" : ""}`}>
            <label htmlFor={`${uid}-title`}>Titre</label>
            <input {...field("title")} required />
            {uploadErrors.title && (
              <FieldError id={`${uid}-title-error`} message={uploadErrors.title} />
            )}
          </div>
          <div className={`admin-field${uploadErrors.description ? " admin-field--error" : ""}`}>
            <label htmlFor={`${uid}-description`}>Texte alternatif</label>
            <textarea {...field("description")} rows={2} />
            {uploadErrors.description && (
              <FieldError id={`${uid}-description-error`} message={uploadErrors.description} />
            )}
          </div>
          <button type="submit" className="admin-button admin-button--primary" disabled={sending}>
            {sending ? "Import en cours…" : "Importer et choisir"}
          </button>
        </form>
      </section>
    </dialog>,
    document.body,
  );
}
