import { type Document, EMPTY_DOCUMENT } from "@contentful/rich-text-types";
import { type Editor, Extension } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import {
  EDITOR_MARK,
  EDITOR_NODE,
  type EditorNode,
  isAllowedLinkUri,
  isEmptyRichTextDocument,
  RichTextConversionError,
  toEditorDocument,
  toRichTextDocument,
} from "#platform/content/index.ts";
import type { FieldIds, PickedLink, PickResult, RichTextEditorProps } from "./rich-text-editor.tsx";
import { richTextExtensions } from "./schema.ts";

/**
 * The editor itself, loaded by `RichTextEditor` once the page has hydrated: a toolbar in the
 * WAI-ARIA toolbar pattern (one tab stop, arrow keys between buttons), the editing area, the
 * link form, and the keyboard shortcuts, listed under the field.
 */

type Props = RichTextEditorProps & {
  ids: FieldIds;
  onDocument: (document: Document | null) => void;
};

type Tool = {
  id: string;
  label: string;
  glyph: ReactNode;
  /** As Tiptap names it (`Mod-b`), shown as « Ctrl+B ». */
  shortcut?: string;
  run: () => unknown;
  pressed?: boolean;
  disabled?: boolean;
  /** Starts a new group of buttons. */
  group?: boolean;
};

const shortcutText = (shortcut: string) =>
  shortcut
    .split("-")
    .map((key) =>
      key === "Mod"
        ? "Ctrl"
        : key === "Shift"
          ? "Maj"
          : key === "Alt"
            ? "Alt"
            : key.length === 1
              ? key.toUpperCase()
              : key,
    )
    .join("+");

const targetOf = ({ link }: PickedLink) => ({
  target: { sys: { type: "Link", linkType: link.sys.linkType, id: link.sys.id } },
});

const LINK_ERROR =
  "Adresse non valide : indiquez une adresse commençant par https://, mailto: ou tel:, ou une page du site commençant par /.";

/** The state the toolbar shows, read from the editor on every transaction. */
function toolbarState(editor: Editor) {
  const heading = [1, 2, 3, 4, 5, 6].find((level) => editor.isActive("heading", { level }));
  return {
    heading: heading ?? 0,
    paragraph: editor.isActive(EDITOR_NODE.paragraph),
    bold: editor.isActive(EDITOR_MARK.bold),
    italic: editor.isActive(EDITOR_MARK.italic),
    underline: editor.isActive(EDITOR_MARK.underline),
    strike: editor.isActive(EDITOR_MARK.strike),
    code: editor.isActive(EDITOR_MARK.code),
    superscript: editor.isActive(EDITOR_MARK.superscript),
    subscript: editor.isActive(EDITOR_MARK.subscript),
    bulletList: editor.isActive(EDITOR_NODE.bulletList),
    orderedList: editor.isActive(EDITOR_NODE.orderedList),
    blockquote: editor.isActive(EDITOR_NODE.blockquote),
    link: editor.isActive(EDITOR_MARK.link),
    entryLink: editor.isActive(EDITOR_MARK.entryLink),
    table: editor.isActive(EDITOR_NODE.table),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
    empty: editor.state.selection.empty,
  };
}

export default function TiptapEditor(props: Props) {
  const { ids, defaultValue, describeLink, onPickEntry, onPickAsset, onDocument } = props;
  const [linkForm, setLinkForm] = useState<{ href: string } | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const after = useRef<HTMLElement>(null);
  const actions = useRef({ openLink: () => {}, focusToolbar: () => {}, leave: () => {} });

  // The document the editor starts from, read once: a new document needs a new editor (a new
  // `key`). A stored value it cannot read stays as it is in the hidden field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on purpose.
  const start = useMemo((): { content: EditorNode } | { errorAt: string } => {
    try {
      return {
        content: toEditorDocument(defaultValue ?? EMPTY_DOCUMENT, { describe: describeLink }),
      };
    } catch (error) {
      if (error instanceof RichTextConversionError) return { errorAt: error.path };
      throw error;
    }
  }, []);

  const extensions = useMemo(
    () => [
      ...richTextExtensions(),
      Extension.create({
        name: "adminShortcuts",
        addKeyboardShortcuts: () => ({
          "Mod-k": () => {
            actions.current.openLink();
            return true;
          },
          "Alt-F10": () => {
            actions.current.focusToolbar();
            return true;
          },
          Escape: () => {
            actions.current.leave();
            return true;
          },
        }),
      }),
    ],
    [],
  );

  const attributes = useMemo(
    () => ({
      id: ids.editor,
      class: "rte__content",
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": ids.label,
      "aria-describedby": [ids.describedBy, `${ids.editor}-keys`].filter(Boolean).join(" "),
      ...(props.error ? { "aria-invalid": "true" } : {}),
      ...(props.required ? { "aria-required": "true" } : {}),
    }),
    [ids.editor, ids.label, ids.describedBy, props.error, props.required],
  );

  const editorProps = useMemo(() => ({ attributes }), [attributes]);
  const editor = useEditor({
    extensions,
    content: "content" in start ? start.content : null,
    editable: "content" in start,
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const document = toRichTextDocument(current.getJSON() as EditorNode);
      onDocument(isEmptyRichTextDocument(document) ? null : document);
    },
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? toolbarState(e) : null),
  });

  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  actions.current = {
    openLink: () => {
      if (!editor) return;
      const href = editor.getAttributes(EDITOR_MARK.link).href;
      setLinkForm({ href: typeof href === "string" ? href : "" });
    },
    focusToolbar: () => buttons.current[focusIndex]?.focus(),
    leave: () => after.current?.focus(),
  };

  if ("errorAt" in start) {
    return (
      <div className="rte__frame">
        <p className="admin-field__error rte__unreadable" role="alert">
          Ce texte ne peut pas être ouvert dans l'éditeur : il n'a pas la forme d'un texte enrichi
          Contentful{start.errorAt ? ` (à ${start.errorAt})` : ""}. Il est enregistré tel quel.
        </p>
      </div>
    );
  }
  if (!editor || !state) return null;

  const chain = () => editor.chain();
  // Focus goes back to the text at once (Tiptap's own `focus()` waits a frame, so a key pressed
  // meanwhile would land on the toolbar), and the change is scrolled into view.
  const exec = (commands: ReturnType<Editor["chain"]>) => {
    commands.scrollIntoView().run();
    editor.view.focus();
  };
  /**
   * Inserts an embedded block and puts the cursor in the paragraph after it (a new one if none
   * follows), so that typing goes on below it instead of replacing it.
   */
  const insertBlock = (node: EditorNode) =>
    exec(
      chain()
        .insertContent(node)
        .command(({ tr, state }) => {
          const after = tr.selection.to;
          if (!tr.doc.resolve(after).nodeAfter?.isTextblock) {
            tr.insert(after, state.schema.nodes[EDITOR_NODE.paragraph]?.create() ?? []);
          }
          tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1)));
          return true;
        }),
    );
  const insertPicked = async (
    pick: () => PickResult | Promise<PickResult>,
    insert: (picked: PickedLink) => void,
  ) => {
    const picked = await pick();
    if (picked) insert(picked);
    else editor.view.focus();
  };

  const tools: Tool[] = [
    {
      id: "paragraph",
      label: "Paragraphe",
      glyph: "¶",
      shortcut: "Mod-Alt-0",
      pressed: state.paragraph,
      run: () => exec(chain().setParagraph()),
    },
    ...[2, 3, 4].map(
      (level): Tool => ({
        id: `heading-${level}`,
        label: `Titre de niveau ${level}`,
        glyph: `T${level}`,
        shortcut: `Mod-Alt-${level}`,
        pressed: state.heading === level,
        run: () => exec(chain().toggleHeading({ level: level as 2 | 3 | 4 })),
      }),
    ),
    {
      id: "bold",
      label: "Gras",
      glyph: <b>G</b>,
      shortcut: "Mod-b",
      pressed: state.bold,
      group: true,
      run: () => exec(chain().toggleBold()),
    },
    {
      id: "italic",
      label: "Italique",
      glyph: <i>I</i>,
      shortcut: "Mod-i",
      pressed: state.italic,
      run: () => exec(chain().toggleItalic()),
    },
    {
      id: "underline",
      label: "Souligné",
      glyph: <u>S</u>,
      shortcut: "Mod-u",
      pressed: state.underline,
      run: () => exec(chain().toggleUnderline()),
    },
    {
      id: "strike",
      label: "Barré",
      glyph: <s>ab</s>,
      shortcut: "Mod-Shift-s",
      pressed: state.strike,
      run: () => exec(chain().toggleStrike()),
    },
    {
      id: "code",
      label: "Code",
      glyph: "</>",
      shortcut: "Mod-e",
      pressed: state.code,
      run: () => exec(chain().toggleCode()),
    },
    {
      id: "superscript",
      label: "Exposant",
      glyph: "x²",
      shortcut: "Mod-.",
      pressed: state.superscript,
      run: () => exec(chain().toggleMark(EDITOR_MARK.superscript)),
    },
    {
      id: "subscript",
      label: "Indice",
      glyph: "x₂",
      shortcut: "Mod-,",
      pressed: state.subscript,
      run: () => exec(chain().toggleMark(EDITOR_MARK.subscript)),
    },
    {
      id: "bullet-list",
      label: "Liste à puces",
      glyph: "•",
      shortcut: "Mod-Shift-8",
      pressed: state.bulletList,
      group: true,
      run: () => exec(chain().toggleBulletList()),
    },
    {
      id: "ordered-list",
      label: "Liste numérotée",
      glyph: "1.",
      shortcut: "Mod-Shift-7",
      pressed: state.orderedList,
      run: () => exec(chain().toggleOrderedList()),
    },
    {
      id: "blockquote",
      label: "Citation",
      glyph: "«»",
      shortcut: "Mod-Shift-b",
      pressed: state.blockquote,
      run: () => exec(chain().toggleBlockquote()),
    },
    {
      id: "rule",
      label: "Ligne de séparation",
      glyph: "—",
      run: () => exec(chain().setHorizontalRule()),
    },
    {
      id: "link",
      label: state.link ? "Modifier le lien" : "Lien",
      glyph: "Lien",
      shortcut: "Mod-k",
      pressed: state.link,
      group: true,
      run: () => actions.current.openLink(),
    },
    ...(onPickEntry
      ? [
          {
            id: "entry-link",
            label: state.entryLink ? "Retirer le lien vers l'entrée" : "Lien vers une entrée",
            glyph: "Lien entrée",
            pressed: state.entryLink,
            run: () =>
              state.entryLink
                ? void exec(
                    chain().extendMarkRange(EDITOR_MARK.entryLink).unsetMark(EDITOR_MARK.entryLink),
                  )
                : insertPicked(
                    () => onPickEntry("link"),
                    (picked) => {
                      const mark = {
                        type: EDITOR_MARK.entryLink,
                        attrs: { data: targetOf(picked), label: picked.label },
                      };
                      if (editor.state.selection.empty) {
                        exec(
                          chain().insertContent({
                            type: "text",
                            text: picked.label,
                            marks: [mark],
                          }),
                        );
                      } else exec(chain().setMark(EDITOR_MARK.entryLink, mark.attrs));
                    },
                  ),
          },
          {
            id: "embed-entry",
            label: "Intégrer une entrée",
            glyph: "+ Entrée",
            group: true,
            run: () =>
              insertPicked(
                () => onPickEntry("embed-block"),
                (picked) =>
                  insertBlock({
                    type: EDITOR_NODE.embeddedEntryBlock,
                    attrs: { data: targetOf(picked), label: picked.label },
                  }),
              ),
          },
          {
            id: "embed-entry-inline",
            label: "Intégrer une entrée dans la ligne",
            glyph: "+ Entrée en ligne",
            run: () =>
              insertPicked(
                () => onPickEntry("embed-inline"),
                (picked) =>
                  exec(
                    chain().insertContent({
                      type: EDITOR_NODE.embeddedEntryInline,
                      attrs: { data: targetOf(picked), label: picked.label },
                    }),
                  ),
              ),
          },
        ]
      : []),
    ...(onPickAsset
      ? [
          {
            id: "embed-asset",
            label: "Intégrer un média",
            glyph: "+ Média",
            group: !onPickEntry,
            run: () =>
              insertPicked(onPickAsset, (picked) =>
                insertBlock({
                  type: EDITOR_NODE.embeddedAssetBlock,
                  attrs: {
                    data: targetOf(picked),
                    label: picked.label,
                    previewUrl: picked.previewUrl ?? null,
                  },
                }),
              ),
          },
        ]
      : []),
    {
      id: "table",
      label: "Insérer un tableau",
      glyph: "Tableau",
      group: true,
      disabled: state.table,
      run: () => exec(chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true })),
    },
    ...(state.table
      ? [
          {
            id: "row-after",
            label: "Ajouter une ligne au tableau",
            glyph: "+ Ligne",
            run: () => exec(chain().addRowAfter()),
          },
          {
            id: "column-after",
            label: "Ajouter une colonne au tableau",
            glyph: "+ Colonne",
            run: () => exec(chain().addColumnAfter()),
          },
          {
            id: "row-delete",
            label: "Supprimer la ligne du tableau",
            glyph: "− Ligne",
            run: () => exec(chain().deleteRow()),
          },
          {
            id: "column-delete",
            label: "Supprimer la colonne du tableau",
            glyph: "− Colonne",
            run: () => exec(chain().deleteColumn()),
          },
          {
            id: "table-delete",
            label: "Supprimer le tableau",
            glyph: "Supprimer le tableau",
            run: () => exec(chain().deleteTable()),
          },
        ]
      : []),
    {
      id: "undo",
      label: "Annuler",
      glyph: "↶",
      shortcut: "Mod-z",
      group: true,
      disabled: !state.canUndo,
      run: () => exec(chain().undo()),
    },
    {
      id: "redo",
      label: "Rétablir",
      glyph: "↷",
      shortcut: "Mod-Shift-z",
      disabled: !state.canRedo,
      run: () => exec(chain().redo()),
    },
  ];
  const current = Math.min(focusIndex, tools.length - 1);

  const moveFocus = (event: KeyboardEvent) => {
    const last = tools.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="rte__frame">
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={`Mise en forme : ${props.label}`}
        aria-controls={ids.editor}
        className="rte__toolbar"
        onKeyDown={moveFocus}
      >
        {tools.map((tool, index) => (
          <button
            key={tool.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className={`rte__tool${tool.group ? " rte__tool--group" : ""}`}
            tabIndex={index === current ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
            aria-disabled={tool.disabled ? true : undefined}
            aria-keyshortcuts={tool.shortcut ? ariaShortcut(tool.shortcut) : undefined}
            title={tool.shortcut ? `${tool.label} (${shortcutText(tool.shortcut)})` : tool.label}
            // Keeps the text's selection when the button is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            onClick={() => {
              if (!tool.disabled) void tool.run();
            }}
          >
            <span aria-hidden="true">{tool.glyph}</span>
          </button>
        ))}
      </div>
      {linkForm && (
        <LinkForm
          fieldId={ids.editor}
          initial={linkForm.href}
          editing={state.link}
          onApply={(href) => {
            setLinkForm(null);
            if (editor.state.selection.empty && !state.link) {
              exec(
                chain().insertContent({
                  type: "text",
                  text: href,
                  marks: [{ type: EDITOR_MARK.link, attrs: { href } }],
                }),
              );
            } else exec(chain().extendMarkRange(EDITOR_MARK.link).setLink({ href }));
          }}
          onRemove={() => {
            setLinkForm(null);
            exec(chain().extendMarkRange(EDITOR_MARK.link).unsetLink());
          }}
          onCancel={() => {
            setLinkForm(null);
            editor.view.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
      <details className="rte__keys" id={`${ids.editor}-keys`}>
        <summary ref={after}>Raccourcis clavier</summary>
        <ul>
          <li>
            Alt+F10 : aller à la barre d'outils ; flèches gauche et droite : changer de bouton
          </li>
          <li>Échap : sortir du texte</li>
          <li>Ctrl+B gras, Ctrl+I italique, Ctrl+U souligné, Ctrl+K lien</li>
          <li>Ctrl+Alt+0 paragraphe, Ctrl+Alt+2 à 4 titres</li>
          <li>Ctrl+Maj+8 liste à puces, Ctrl+Maj+7 liste numérotée, Ctrl+Maj+B citation</li>
          <li>Dans une liste : Tab pour décaler l'élément, Maj+Tab pour le remonter</li>
          <li>Maj+Entrée : retour à la ligne dans le même paragraphe</li>
          <li>Ctrl+Z annuler, Ctrl+Maj+Z rétablir</li>
        </ul>
      </details>
    </div>
  );
}

const ariaShortcut = (shortcut: string) =>
  shortcut
    .split("-")
    .map((key) => (key === "Mod" ? "Control" : key.length === 1 ? key.toUpperCase() : key))
    .join("+");

/**
 * The link's address, asked for in the field itself: a form inside the admin's form is not
 * allowed, so Enter applies it here instead of submitting the page's form.
 */
function LinkForm({
  fieldId,
  initial,
  editing,
  onApply,
  onRemove,
  onCancel,
}: {
  fieldId: string;
  initial: string;
  editing: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const inputId = `${fieldId}-link`;
  const apply = () => {
    const value = href.trim();
    if (!isAllowedLinkUri(value)) {
      setError(true);
      input.current?.focus();
      return;
    }
    onApply(value);
  };
  return (
    <fieldset
      className="rte__link-form"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <legend className="admin-visually-hidden">Lien du texte</legend>
      <label htmlFor={inputId}>Adresse du lien</label>
      <input
        ref={input}
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://… ou /page-du-site/"
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setHref(event.target.value);
          setError(false);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          }
        }}
      />
      <button type="button" className="admin-button admin-button--primary" onClick={apply}>
        Appliquer
      </button>
      {editing && (
        <button type="button" className="admin-button" onClick={onRemove}>
          Retirer le lien
        </button>
      )}
      <button type="button" className="admin-button" onClick={onCancel}>
        Annuler
      </button>
      {error && (
        <small id={`${inputId}-error`} className="admin-field__error" role="alert">
          {LINK_ERROR}
        </small>
      )}
    </fieldset>
  );
}
