import type { Document } from "@contentful/rich-text-types";
import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { FieldError, fieldId } from "#app/components/admin/field.tsx";
import stylesHref from "#app/styles/admin-rich-text.css?url";
import type { LinkDescription, RichTextLink } from "#platform/content/index.ts";
import { RichTextPreview } from "./preview.tsx";

/**
 * A rich-text field of an admin form: a Contentful rich-text document edited with Tiptap
 * (decision 026), posted as Contentful JSON in a hidden input named `name`, so it works inside
 * a plain `<Form method="post">`. The server renders the document read-only; the editor's code
 * (Tiptap, ProseMirror) is a chunk of its own, fetched once the page has hydrated, so no page
 * that does not show the field loads it. A new `defaultValue` needs a new `key`.
 */

/** What a picker answers: the link to write into the document and the name to show. */
export type PickedLink = { link: RichTextLink; label: string; previewUrl?: string };

/** Why the editor asks for an entry: to embed it as a block, inside a line, or to link to it. */
export type EntryPickPurpose = "embed-block" | "embed-inline" | "link";

export type PickResult = PickedLink | null | undefined;

export type RichTextEditorProps = {
  /** The form field: the document as Contentful JSON, "" when it holds nothing. */
  name: string;
  /** The field's visible name, also the editing area's accessible name. */
  label: string;
  /** The document as stored (the management API's value for the locale). */
  defaultValue?: Document | null;
  /** The name (and picture) of a linked entry or asset already in the document. */
  describeLink?: (link: RichTextLink) => LinkDescription | undefined;
  /** Opens the entry picker; without it, the entry buttons are not shown. */
  onPickEntry?: (purpose: EntryPickPurpose) => PickResult | Promise<PickResult>;
  /** Opens the asset picker; without it, the asset button is not shown. */
  onPickAsset?: () => PickResult | Promise<PickResult>;
  /** Called on every change with the document, or null when it holds nothing. */
  onChange?: (document: Document | null) => void;
  hint?: string;
  /** A validation message, shown below the field and tied to the editing area. */
  error?: string;
  required?: boolean;
  /** The form the field belongs to when it sits outside it (the `form` attribute). */
  form?: string;
};

const TiptapEditor = lazy(() => import("./tiptap-editor.tsx"));

/** The ids that tie the field's parts together, shared with the editor. */
export type FieldIds = { editor: string; label: string; describedBy: string | undefined };

export function RichTextEditor(props: RichTextEditorProps) {
  const { name, label, defaultValue, describeLink, hint, error, required, form } = props;
  const base = `${fieldId(name)}-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const ids: FieldIds = {
    editor: fieldId(name),
    label: `${base}-label`,
    describedBy:
      [hint ? `${base}-hint` : "", error ? `${base}-error` : ""].filter(Boolean).join(" ") ||
      undefined,
  };
  const [value, setValue] = useState(() => (defaultValue ? JSON.stringify(defaultValue) : ""));
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { onChange } = props;
  const change = useCallback(
    (document: Document | null) => {
      setValue(document ? JSON.stringify(document) : "");
      onChange?.(document);
    },
    [onChange],
  );

  const preview = (
    <div className="rte__frame">
      <div className="rte__toolbar rte__toolbar--waiting" />
      {/* biome-ignore lint/a11y/useSemanticElements: formatted text, as the editor's own area. */}
      <div
        id={ids.editor}
        className="rte__content"
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-readonly="true"
        aria-labelledby={ids.label}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
      >
        <RichTextPreview document={defaultValue} describe={describeLink} />
      </div>
    </div>
  );

  return (
    <div className={`admin-field rte${error ? " admin-field--error rte--error" : ""}`}>
      {/* React puts it in the head, once however many fields the page has. (Tests load no CSS.) */}
      {stylesHref && <link rel="stylesheet" href={stylesHref} precedence="default" />}
      <span id={ids.label} className="rte__label">
        {label}
      </span>
      {mounted ? (
        <Suspense fallback={preview}>
          <TiptapEditor {...props} ids={ids} onDocument={change} />
        </Suspense>
      ) : (
        preview
      )}
      <noscript>
        <small className="admin-field__hint">
          Sans JavaScript, ce texte ne peut pas être modifié : il est enregistré tel quel.
        </small>
      </noscript>
      {hint && (
        <small id={`${base}-hint`} className="admin-field__hint">
          {hint}
        </small>
      )}
      {error && <FieldError id={`${base}-error`} message={error} />}
      <input type="hidden" name={name} value={value} form={form} />
    </div>
  );
}
