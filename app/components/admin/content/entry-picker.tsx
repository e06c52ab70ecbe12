import { useEffect, useId, useRef, useState } from "react";
import type { LinkTypeChoice } from "#app/lib/admin/content-form.ts";
import { CSRF_FIELD } from "#app/lib/admin/fields.ts";

/**
 * The entry picker of the content editor: a dialog listing the entries of the types a link may
 * lead to, searched by words, and a "create and link" form that makes a new draft of one of
 * those types and picks it at once. It reads and writes through the resource route
 * `/middleware/contenu/choisir/` (app/routes/middleware/content/entries.pick.tsx).
 */

export const ENTRY_PICK_PATH = "/middleware/contenu/choisir/";

export type PickedEntry = { id: string; title: string; type: string; status: string };

type Props = {
  open: boolean;
  /** The types offered; the first is the default of "create and link". */
  types: LinkTypeChoice[];
  csrfToken: string;
  onPick: (entry: PickedEntry) => void;
  onClose: () => void;
};

type Found = { items: PickedEntry[]; total: number };

export function EntryPicker({ open, types, csrfToken, onPick, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [query, setQuery] = useState("");
  const [type, setType] = useState("");
  const [found, setFound] = useState<Found | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [newType, setNewType] = useState(types[0]?.id ?? "");
  const [newTitle, setNewTitle] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  const typeIds = types.map((choice) => choice.id).join(",");

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    setNewType(typeIds.split(",")[0] ?? "");
    setCreateError(null);
    setQuery("");
    setType("");
  }, [open, typeIds]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const params = new URLSearchParams({ types: type || typeIds, q: query });
    setLoading(true);
    setFailed(false);
    const timer = setTimeout(() => {
      fetch(`${ENTRY_PICK_PATH}?${params}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
        .then((body: Found) => {
          setFound(body);
          setLoading(false);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setFailed(true);
          setLoading(false);
        });
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, type, typeIds]);

  async function create() {
    if (newTitle.trim() === "") {
      setCreateError("Donnez un titre au nouveau contenu.");
      return;
    }
    const body = new FormData();
    body.set(CSRF_FIELD, csrfToken);
    body.set("type", newType);
    body.set("title", newTitle.trim());
    try {
      const response = await fetch(ENTRY_PICK_PATH, { method: "POST", body });
      const answer = (await response.json()) as { entry?: PickedEntry; error?: string };
      if (!response.ok || !answer.entry) {
        setCreateError(answer.error ?? "Le contenu n'a pas pu être créé : réessayez.");
        return;
      }
      setNewTitle("");
      onPick(answer.entry);
    } catch {
      setCreateError("Le contenu n'a pas pu être créé : vérifiez la connexion et réessayez.");
    }
  }

  return (
    <dialog
      ref={dialog}
      className="admin-picker"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      onCancel={onClose}
    >
      <h2 id={`${ids}-title`}>Choisir un contenu</h2>
      <div className="admin-picker__filters">
        <div className="admin-field">
          <label htmlFor={`${ids}-q`}>Rechercher</label>
          <input
            id={`${ids}-q`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoFocus
          />
        </div>
        {types.length > 1 && (
          <div className="admin-field">
            <label htmlFor={`${ids}-type`}>Type</label>
            <select
              id={`${ids}-type`}
              value={type}
              onChange={(event) => setType(event.target.value)}
            >
              <option value="">Tous les types permis</option>
              {types.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div aria-live="polite" className="admin-picker__status">
        {failed
          ? "La liste n'a pas pu être chargée : réessayez."
          : loading && !found
            ? "Chargement…"
            : found
              ? `${found.total} contenu${found.total > 1 ? "s" : ""}`
              : ""}
      </div>
      {found && found.items.length > 0 && (
        <ul className="admin-picker__list">
          {found.items.map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => onPick(item)}>
                <span>{item.title}</span> <small>{`${item.type} · ${item.status}`}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="admin-picker__create">
        <legend>Créer et lier</legend>
        {types.length > 1 && (
          <div className="admin-field">
            <label htmlFor={`${ids}-new-type`}>Type du nouveau contenu</label>
            <select
              id={`${ids}-new-type`}
              value={newType}
              onChange={(event) => setNewType(event.target.value)}
            >
              {types.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={`admin-field${createError ? " admin-field--error" : ""}`}>
          <label htmlFor={`${ids}-new-title`}>Titre du nouveau contenu</label>
          <input
            id={`${ids}-new-title`}
            value={newTitle}
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? `${ids}-new-error` : undefined}
            onChange={(event) => setNewTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void create();
              }
            }}
          />
          {createError && (
            <small id={`${ids}-new-error`} className="admin-field__error">
              {createError}
            </small>
          )}
        </div>
        <button type="button" onClick={() => void create()}>
          Créer le brouillon et le lier
        </button>
      </fieldset>
      <p>
        <button type="button" onClick={onClose}>
          Fermer
        </button>
      </p>
    </dialog>
  );
}
