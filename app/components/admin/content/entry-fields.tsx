import type { Document } from "@contentful/rich-text-types";
import { useState } from "react";
import { Field, FieldError, fieldId } from "#app/components/admin/field.tsx";
import {
  type EntryPickPurpose,
  RichTextEditor,
} from "#app/components/admin/rich-text-editor/rich-text-editor.tsx";
import {
  ALL_TYPE_CHOICES,
  dateControls,
  type EditorField,
  type FormErrors,
  formName,
  timeName,
} from "#app/lib/admin/content-form.ts";
import type { RichTextLink } from "#platform/content/index.ts";
import { usePickers } from "./pickers.tsx";

/**
 * The controls of the entry editor, one per field of the content model (`editorFields`): texts,
 * numbers, a yes/no box, a day and a Paris time, JSON, rich text, and links to entries or media,
 * single or as an ordered list (add, create and link, move up or down, remove). Each control
 * posts under `formName(field.id)`, which `readEntryForm` reads back; each shows its error
 * right below it, tied to it for screen readers.
 */

/** What a link shows: the title of the entry or medium it leads to, and where to open it. */
export type LinkShown = { label: string; detail?: string; previewUrl?: string; href?: string };
/** Keyed `Entry:<id>` or `Asset:<id>`. */
export type LinksShown = Record<string, LinkShown>;

type Link = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };

const linkKey = (link: { sys: { linkType: string; id: string } }) =>
  `${link.sys.linkType}:${link.sys.id}`;
const toLink = (linkType: "Entry" | "Asset", id: string): Link => ({
  sys: { type: "Link", linkType, id },
});

function asLinks(value: unknown): Link[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter((item): item is Link => typeof (item as Link | null)?.sys?.id === "string");
}

type FieldsProps = {
  fields: readonly EditorField[];
  values: Record<string, unknown>;
  errors: FormErrors;
  links: LinksShown;
  /** False for an archived entry: everything is shown, nothing can be changed. */
  editable: boolean;
};

export function EntryFields({ fields, values, errors, links, editable }: FieldsProps) {
  // Links picked in this visit: their titles, beside the loader's.
  const [shown, setShown] = useState<LinksShown>(links);
  const remember = (key: string, link: LinkShown) =>
    setShown((current) => ({ ...current, [key]: link }));
  const all = { ...links, ...shown };
  return (
    <fieldset className="admin-entry-fields" disabled={!editable}>
      <legend className="admin-visually-hidden">Champs</legend>
      <p className="admin-field__hint">
        Les champs marqués * sont obligatoires pour publier ; un brouillon peut rester incomplet.
      </p>
      {fields.map((field) => (
        <EntryField
          key={field.id}
          field={field}
          value={values[field.id]}
          error={errors[field.id]}
          links={all}
          remember={remember}
        />
      ))}
    </fieldset>
  );
}

type FieldProps = {
  field: EditorField;
  value: unknown;
  error?: string;
  links: LinksShown;
  remember: (key: string, link: LinkShown) => void;
};

const label = (field: EditorField) => (field.required ? `${field.label} *` : field.label);

function EntryField({ field, value, error, links, remember }: FieldProps) {
  const name = formName(field.id);
  // No `required` attribute: a draft may be saved incomplete; the star says what publishing needs.
  const common = { name, label: label(field), error, hint: field.hint };
  switch (field.kind) {
    case "symbol":
      return <Field {...common} defaultValue={typeof value === "string" ? value : ""} />;
    case "text":
      return (
        <Field
          {...common}
          multiline
          rows={field.id.startsWith("seo") ? 3 : 5}
          defaultValue={typeof value === "string" ? value : ""}
        />
      );
    case "integer":
    case "number":
      return (
        <Field
          {...common}
          inputMode={field.kind === "integer" ? "numeric" : "decimal"}
          defaultValue={typeof value === "number" ? String(value).replace(".", ",") : ""}
        />
      );
    case "symbols":
      return (
        <Field
          {...common}
          multiline
          rows={3}
          defaultValue={Array.isArray(value) ? value.join("\n") : ""}
        />
      );
    case "object":
      return (
        <Field
          {...common}
          multiline
          rows={6}
          defaultValue={value === undefined ? "" : JSON.stringify(value, null, 2)}
        />
      );
    case "select":
      return <SelectField field={field} value={value} error={error} />;
    case "boolean":
      return <BooleanField field={field} value={value} error={error} />;
    case "date":
      return <DateField field={field} value={value} error={error} />;
    case "richText":
      return (
        <RichTextField
          field={field}
          value={value}
          error={error}
          links={links}
          remember={remember}
        />
      );
    case "entry":
    case "entries":
    case "asset":
    case "assets":
      return (
        <LinksField field={field} value={value} error={error} links={links} remember={remember} />
      );
  }
}

function Described({ id, field, error }: { id: string; field: EditorField; error?: string }) {
  return (
    <>
      {field.hint && (
        <small id={`${id}-hint`} className="admin-field__hint">
          {field.hint}
        </small>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </>
  );
}

const describedBy = (id: string, field: EditorField, error?: string) =>
  [field.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") ||
  undefined;

const fieldClass = (error?: string) => `admin-field${error ? " admin-field--error" : ""}`;

function SelectField({ field, value, error }: Omit<FieldProps, "links" | "remember">) {
  const id = fieldId(formName(field.id));
  return (
    <div className={fieldClass(error)}>
      <label htmlFor={id}>{label(field)}</label>
      <select
        id={id}
        name={formName(field.id)}
        defaultValue={typeof value === "string" ? value : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, field, error)}
      >
        <option value="">—</option>
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <Described id={id} field={field} error={error} />
    </div>
  );
}

function BooleanField({ field, value, error }: Omit<FieldProps, "links" | "remember">) {
  const id = fieldId(formName(field.id));
  return (
    <div className={`${fieldClass(error)} admin-field--checkbox`}>
      <input type="hidden" name={formName(field.id)} value="false" />
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={formName(field.id)}
          value="true"
          defaultChecked={value === true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, field, error)}
        />{" "}
        {label(field)}
      </label>
      <Described id={id} field={field} error={error} />
    </div>
  );
}

function DateField({ field, value, error }: Omit<FieldProps, "links" | "remember">) {
  const id = fieldId(formName(field.id));
  const { day, time } = dateControls(value);
  const described = describedBy(id, field, error);
  return (
    <fieldset className={`${fieldClass(error)} admin-field--date`} aria-describedby={described}>
      <legend>{label(field)}</legend>
      <label htmlFor={id}>Jour</label>
      <input
        id={id}
        type="date"
        name={formName(field.id)}
        defaultValue={day}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <label htmlFor={`${id}-time`}>Heure</label>
      <input
        id={`${id}-time`}
        type="time"
        name={timeName(field.id)}
        defaultValue={time}
        aria-invalid={error ? true : undefined}
      />
      <Described id={id} field={field} error={error} />
    </fieldset>
  );
}

function RichTextField({ field, value, error, links, remember }: FieldProps) {
  const { pickEntry, pickAsset } = usePickers();
  const document = typeof value === "object" && value !== null ? (value as Document) : null;
  return (
    <RichTextEditor
      name={formName(field.id)}
      label={label(field)}
      defaultValue={document}
      error={error}
      hint={field.hint}
      required={field.required}
      describeLink={(link: RichTextLink) => links[linkKey(link)]}
      onPickEntry={async (_purpose: EntryPickPurpose) => {
        const entry = await pickEntry(ALL_TYPE_CHOICES);
        if (!entry) return null;
        const shown = { label: entry.title, detail: `${entry.type} · ${entry.status}` };
        remember(`Entry:${entry.id}`, shown);
        return { link: toLink("Entry", entry.id), label: entry.title };
      }}
      onPickAsset={async () => {
        const asset = await pickAsset();
        if (!asset) return null;
        remember(`Asset:${asset.id}`, { label: asset.title, previewUrl: asset.url });
        return { link: toLink("Asset", asset.id), label: asset.title, previewUrl: asset.url };
      }}
    />
  );
}

/** A link or an ordered list of links to entries or media, kept in a hidden JSON field. */
function LinksField({ field, value, error, links, remember }: FieldProps) {
  const { pickEntry, pickAsset } = usePickers();
  const many = field.kind === "entries" || field.kind === "assets";
  const linkType = field.kind.startsWith("asset") ? "Asset" : "Entry";
  const [items, setItems] = useState<Link[]>(() => asLinks(value));
  const id = fieldId(formName(field.id));
  const [said, setSaid] = useState("");

  /** A link already in the list is not added twice. */
  const listed = (id: string) => many && items.some((item) => item.sys.id === id);

  async function add() {
    if (linkType === "Asset") {
      const asset = await pickAsset();
      if (!asset) return;
      if (listed(asset.id)) {
        setSaid(`« ${asset.title} » est déjà dans la liste.`);
        return;
      }
      remember(`Asset:${asset.id}`, { label: asset.title, previewUrl: asset.url });
      setItems((current) =>
        many ? [...current, toLink("Asset", asset.id)] : [toLink("Asset", asset.id)],
      );
      setSaid(`« ${asset.title} » ajouté.`);
      return;
    }
    const entry = await pickEntry(field.linkTypes ?? ALL_TYPE_CHOICES);
    if (!entry) return;
    if (listed(entry.id)) {
      setSaid(`« ${entry.title} » est déjà dans la liste.`);
      return;
    }
    remember(`Entry:${entry.id}`, {
      label: entry.title,
      detail: `${entry.type} · ${entry.status}`,
      href: `/middleware/contenu/entrees/${encodeURIComponent(entry.id)}/`,
    });
    setItems((current) =>
      many ? [...current, toLink("Entry", entry.id)] : [toLink("Entry", entry.id)],
    );
    setSaid(`« ${entry.title} » ajouté.`);
  }

  const nameOf = (link: Link) => links[linkKey(link)]?.label ?? `Introuvable (${link.sys.id})`;
  function move(index: number, by: -1 | 1) {
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (!item) return current;
      next.splice(index + by, 0, item);
      setSaid(`« ${nameOf(item)} » déplacé en position ${index + by + 1} sur ${next.length}.`);
      return next;
    });
  }
  function remove(index: number) {
    setItems((current) => {
      const item = current[index];
      if (item) setSaid(`« ${nameOf(item)} » retiré.`);
      return current.filter((_, at) => at !== index);
    });
  }

  const serialised = items.length === 0 ? "" : JSON.stringify(many ? items : items[0]);
  const addLabel =
    linkType === "Asset"
      ? many
        ? "Ajouter une image"
        : items.length > 0
          ? "Changer d'image"
          : "Choisir une image"
      : many
        ? "Ajouter un contenu"
        : items.length > 0
          ? "Changer de contenu"
          : "Choisir un contenu";

  return (
    <fieldset
      className={`${fieldClass(error)} admin-links`}
      aria-describedby={describedBy(id, field, error)}
    >
      <legend id={`${id}-legend`}>{label(field)}</legend>
      <input type="hidden" id={id} name={formName(field.id)} value={serialised} />
      {field.linkTypes && field.linkTypes !== ALL_TYPE_CHOICES && (
        <small className="admin-field__hint">
          {`Mène à : ${field.linkTypes.map((choice) => choice.label).join(", ")}.`}
        </small>
      )}
      {items.length === 0 ? (
        <p className="admin-links__empty">Aucun lien.</p>
      ) : (
        <ol className="admin-links__list">
          {items.map((link, index) => {
            const shown = links[linkKey(link)];
            const name = nameOf(link);
            return (
              <li key={linkKey(link)} className="admin-links__item">
                {shown?.previewUrl && <img src={shown.previewUrl} alt="" width={48} height={48} />}
                <span>
                  {shown?.href ? <a href={shown.href}>{name}</a> : name}
                  {shown?.detail && <small>{` (${shown.detail})`}</small>}
                </span>
                <span className="admin-links__actions">
                  {many && (
                    <>
                      <button
                        type="button"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={`Monter « ${name} »`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        disabled={index === items.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Descendre « ${name} »`}
                      >
                        ↓
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={`Retirer « ${name} »`}
                  >
                    Retirer
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p>
        <button type="button" onClick={() => void add()}>
          {addLabel}
        </button>
      </p>
      <p className="admin-visually-hidden" aria-live="polite">
        {said}
      </p>
      <Described id={id} field={field} error={error} />
    </fieldset>
  );
}
