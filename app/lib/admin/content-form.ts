import {
  CONTENT_TYPES,
  type ContentField,
  type ContentTypeDefinition,
  type ContentValidation,
  type FieldError,
  findContentType,
  parseZoned,
  SHOP_TIME_ZONE,
  zonedIso,
} from "#platform/content/index.ts";
import { fieldLabel, typeLabel } from "./content-labels.ts";

/**
 * The entry editor's form, generated from the content model (issue 50, item 2): each field of a
 * type as a kind of control with its French label and hint, the form's values read back into
 * the entry's fields, and the model's errors (Contentful's, in English) said in French next to
 * their field. The screen is app/routes/middleware/content/entries.$id.tsx; the controls are
 * app/components/admin/content/entry-fields.tsx.
 */

export type EditorFieldKind =
  | "symbol"
  | "select"
  | "text"
  | "integer"
  | "number"
  | "boolean"
  | "date"
  | "object"
  | "richText"
  | "entry"
  | "entries"
  | "asset"
  | "assets"
  | "symbols";

export type LinkTypeChoice = { id: string; label: string };

/** One control of the form, as the browser needs it (serialisable). */
export type EditorField = {
  id: string;
  label: string;
  kind: EditorFieldKind;
  required: boolean;
  hint?: string;
  /** The values a select offers. */
  options?: string[];
  /** The content types a link may lead to. */
  linkTypes?: LinkTypeChoice[];
};

/** Where a field's value is posted: `f.title`, `f.blocks`. */
export const formName = (fieldId: string) => `f.${fieldId}`;
/** The time half of a date field. */
export const timeName = (fieldId: string) => `f.${fieldId}.time`;

const rule = <K extends string>(validations: readonly ContentValidation[] | undefined, key: K) =>
  validations?.find((validation) => key in validation) as
    | Extract<ContentValidation, Record<K, unknown>>
    | undefined;

const typeChoices = (ids: readonly string[]): LinkTypeChoice[] =>
  ids.flatMap((id) => {
    const type = findContentType(id);
    return type ? [{ id, label: typeLabel(type) }] : [];
  });

/** Every type, for a link the model leaves open (and for what rich text may embed). */
export const ALL_TYPE_CHOICES: LinkTypeChoice[] = typeChoices(CONTENT_TYPES.map((type) => type.id));

function kindOf(field: ContentField): EditorFieldKind {
  switch (field.type) {
    case "Symbol":
      return rule(field.validations, "in") ? "select" : "symbol";
    case "Text":
      return "text";
    case "Integer":
      return "integer";
    case "Number":
      return "number";
    case "Boolean":
      return "boolean";
    case "Date":
      return "date";
    case "Object":
      return "object";
    case "RichText":
      return "richText";
    case "Link":
      return field.linkType === "Asset" ? "asset" : "entry";
    case "Array":
      if (field.items?.type === "Link")
        return field.items.linkType === "Asset" ? "assets" : "entries";
      return "symbols";
  }
}

/** The hint under a field: its limits, in French. */
function hintOf(field: ContentField, kind: EditorFieldKind): string | undefined {
  const hints: string[] = [];
  const validations = field.items?.type === "Link" ? field.items.validations : field.validations;
  const size = rule(field.validations, "size")?.size;
  if (size?.max !== undefined && (kind === "symbol" || kind === "text")) {
    hints.push(`${size.max} caractères au plus.`);
  }
  const range = rule(field.validations, "range")?.range;
  if (range) hints.push(`Entre ${range.min ?? "…"} et ${range.max ?? "…"}.`);
  if (rule(field.validations, "regexp") && field.id === "slug") {
    hints.push("Des minuscules, des chiffres et des tirets : miel-de-lavande.");
  }
  if (rule(field.validations, "unique")) hints.push("Unique parmi les contenus de ce type.");
  if (kind === "symbols") hints.push("Une valeur par ligne.");
  if (kind === "object") hints.push("Au format JSON.");
  if (kind === "date") hints.push("Heure de Paris ; l'heure est facultative.");
  if (rule(validations, "linkMimetypeGroup")) hints.push("Une image.");
  return hints.length > 0 ? hints.join(" ") : undefined;
}

/** The form's controls for a type, in the model's order. */
export function editorFields(type: ContentTypeDefinition): EditorField[] {
  return type.fields.map((field) => {
    const kind = kindOf(field);
    const validations = field.items?.type === "Link" ? field.items.validations : field.validations;
    const allowed = rule(validations, "linkContentType")?.linkContentType;
    const options = rule(field.validations, "in")?.in;
    const hint = hintOf(field, kind);
    return {
      id: field.id,
      label: fieldLabel(field),
      kind,
      required: field.required === true,
      ...(hint ? { hint } : {}),
      ...(options ? { options: options.map(String) } : {}),
      ...(kind === "entry" || kind === "entries"
        ? { linkTypes: allowed ? typeChoices(allowed) : ALL_TYPE_CHOICES }
        : {}),
    };
  });
}

/** What a second editor is shown when the entry was saved since their form was made. */
export type Conflict = {
  version: number;
  by: string | null;
  at: string;
  changes: { field: string; label: string; theirs: string }[];
};

// ---------------------------------------------------------------------------------------------
// The posted form, read back

export type FormErrors = Record<string, string>;

export type ReadForm =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; errors: FormErrors };

const INTEGER = /^[+-]?\d{1,15}$/;
const DECIMAL = /^[+-]?\d{1,15}([.,]\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

type Link = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };

function linksFrom(text: string, linkType: "Entry" | "Asset"): Link[] | null {
  try {
    const value: unknown = JSON.parse(text);
    const list = Array.isArray(value) ? value : [value];
    const links = list.map((item) => {
      const id = (item as Link | null)?.sys?.id;
      return typeof id === "string" && id !== ""
        ? ({ sys: { type: "Link", linkType, id } } satisfies Link)
        : null;
    });
    return links.every((link) => link !== null) ? (links as Link[]) : null;
  } catch {
    return null;
  }
}

/**
 * The entry's fields from the posted form: what each control holds, in the model's types. An
 * empty control is no value. `current` is the draft the form was made from, kept for a boolean
 * the editor never set. What cannot be read (a number in words, broken JSON) is an error next
 * to its field, and nothing is saved.
 */
export function readEntryForm(
  fields: readonly EditorField[],
  form: FormData,
  current: Record<string, unknown>,
): ReadForm {
  const values: Record<string, unknown> = {};
  const errors: FormErrors = {};
  const text = (name: string) => {
    const value = form.getAll(name).at(-1);
    return typeof value === "string" ? value : "";
  };
  for (const field of fields) {
    const raw = text(formName(field.id));
    const trimmed = raw.trim();
    const set = (value: unknown) => {
      values[field.id] = value;
    };
    switch (field.kind) {
      case "symbol":
      case "select":
        if (trimmed !== "") set(trimmed);
        break;
      case "text":
        if (trimmed !== "") set(raw.replace(/\r\n/g, "\n"));
        break;
      case "integer":
        if (trimmed === "") break;
        if (INTEGER.test(trimmed)) set(Number(trimmed));
        else errors[field.id] = "Saisissez un nombre entier, par exemple 404.";
        break;
      case "number":
        if (trimmed === "") break;
        if (DECIMAL.test(trimmed.replace(/\s/g, ""))) {
          set(Number(trimmed.replace(/\s/g, "").replace(",", ".")));
        } else errors[field.id] = "Saisissez un nombre, par exemple 12,50.";
        break;
      case "boolean": {
        const checked = form.getAll(formName(field.id)).includes("true");
        if (checked || current[field.id] !== undefined) set(checked);
        break;
      }
      case "date": {
        if (trimmed === "") break;
        const time = text(timeName(field.id)).trim();
        if (!DAY.test(trimmed) || (time !== "" && !TIME.test(time))) {
          errors[field.id] = "Saisissez une date (et, si besoin, une heure) valide.";
          break;
        }
        if (time === "") {
          set(trimmed);
          break;
        }
        const instant = parseZoned(`${trimmed}T${time}`, SHOP_TIME_ZONE);
        if (instant) set(zonedIso(instant, SHOP_TIME_ZONE));
        else errors[field.id] = "Saisissez une date (et, si besoin, une heure) valide.";
        break;
      }
      case "object":
        if (trimmed === "") break;
        try {
          const value: unknown = JSON.parse(trimmed);
          if (value === null || typeof value !== "object") throw new Error("not an object");
          set(value);
        } catch {
          errors[field.id] = 'Saisissez un objet JSON valide, par exemple {"sans-gluten": true}.';
        }
        break;
      case "richText":
        if (trimmed === "") break;
        try {
          set(JSON.parse(trimmed));
        } catch {
          errors[field.id] = "Ce texte n'a pas pu être lu : rechargez la page et recommencez.";
        }
        break;
      case "entry":
      case "asset":
      case "entries":
      case "assets": {
        if (trimmed === "" || trimmed === "[]") break;
        const links = linksFrom(trimmed, field.kind.startsWith("asset") ? "Asset" : "Entry");
        if (!links) errors[field.id] = "Ce lien n'a pas pu être lu : rechargez la page.";
        else if (field.kind === "entry" || field.kind === "asset") set(links[0]);
        else if (links.length > 0) set(links);
        break;
      }
      case "symbols": {
        const lines = raw
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== "");
        if (lines.length > 0) set(lines);
        break;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields: values };
}

/** A date field's value as its two controls show it (Paris time). */
export function dateControls(value: unknown): { day: string; time: string } {
  if (typeof value !== "string" || value === "") return { day: "", time: "" };
  if (DAY.test(value)) return { day: value, time: "" };
  const instant = parseZoned(value, SHOP_TIME_ZONE);
  if (!instant) return { day: value.slice(0, 10), time: "" };
  const local = zonedIso(instant, SHOP_TIME_ZONE);
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

// ---------------------------------------------------------------------------------------------
// The model's errors, in French

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

/** One of Contentful's field errors (`validateEntry`, `ValidationFailed`) said in French. */
export function frenchFieldError(error: FieldError, field?: EditorField): string {
  const list = field?.kind === "entries" || field?.kind === "assets" || field?.kind === "symbols";
  switch (error.name) {
    case "required":
      return "Ce champ est obligatoire.";
    case "unique":
      return field?.id === "slug"
        ? "Ce slug est déjà pris par un autre contenu de ce type : choisissez-en un autre."
        : "Cette valeur est déjà prise par un autre contenu de ce type.";
    case "size": {
      const { min, max } = error as { min?: number; max?: number };
      const unit = list ? "élément" : "caractère";
      if (min !== undefined && max !== undefined) {
        return `Entre ${min} et ${max} ${unit}s.`;
      }
      if (max !== undefined) return `${max} ${plural(max, unit, `${unit}s`)} au plus.`;
      return `${min ?? 0} ${plural(min ?? 0, unit, `${unit}s`)} au moins.`;
    }
    case "range": {
      const { min, max } = error as { min?: number; max?: number };
      return `Saisissez un nombre entre ${min ?? "…"} et ${max ?? "…"}.`;
    }
    case "in":
      return "Choisissez une des valeurs proposées.";
    case "regexp":
      return field?.id === "slug"
        ? "Le slug ne peut contenir que des minuscules sans accent, des chiffres et des tirets (miel-de-lavande)."
        : "Cette valeur n'a pas le format attendu.";
    case "linkContentType": {
      const expected = (error as { contentTypeId?: string[] }).contentTypeId ?? [];
      const names = typeChoices(expected).map((choice) => choice.label);
      return names.length > 0
        ? `Ce lien ne peut mener qu'à : ${names.join(", ")}.`
        : "Ce lien mène à un type de contenu qui n'est pas permis ici.";
    }
    case "linkMimetypeGroup":
      return "Choisissez une image.";
    case "notResolvable":
      return "Ce lien mène à un contenu ou un média qui n'existe plus : retirez-le.";
    case "type":
      return "Cette valeur n'a pas le type attendu.";
    case "unknown":
      return "Ce champ n'existe pas dans ce type de contenu.";
    default:
      return "Cette valeur n'est pas acceptée.";
  }
}

/** The errors of a check or a refused publish, one French message per field (the first). */
export function frenchErrors(
  errors: readonly FieldError[],
  fields: readonly EditorField[],
): FormErrors {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const messages: FormErrors = {};
  for (const error of errors) {
    const id = error.path[0] === "fields" && typeof error.path[1] === "string" ? error.path[1] : "";
    if (messages[id] !== undefined) continue;
    messages[id] = frenchFieldError(error, byId.get(id));
  }
  return messages;
}
