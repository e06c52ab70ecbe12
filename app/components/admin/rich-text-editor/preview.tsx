import { Fragment, type ReactNode } from "react";
import type { LinkDescription, RichTextLink } from "#platform/content/index.ts";

/**
 * A rich-text document drawn as the editor draws it, without the editor: what the server sends
 * and what shows until the editor's code has arrived (or for good without JavaScript). Links
 * do not navigate here; embedded entries and assets show their names.
 */

type Json = Record<string, unknown>;
type Describe = (link: RichTextLink) => LinkDescription | undefined;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MARK_TAGS: Readonly<Record<string, "strong" | "em" | "u" | "code" | "sup" | "sub" | "s">> = {
  bold: "strong",
  italic: "em",
  underline: "u",
  code: "code",
  superscript: "sup",
  subscript: "sub",
  strikethrough: "s",
};

const BLOCK_TAGS: Readonly<Record<string, string>> = {
  paragraph: "p",
  "heading-1": "h1",
  "heading-2": "h2",
  "heading-3": "h3",
  "heading-4": "h4",
  "heading-5": "h5",
  "heading-6": "h6",
  "unordered-list": "ul",
  "ordered-list": "ol",
  "list-item": "li",
  blockquote: "blockquote",
  table: "table",
  "table-row": "tr",
  "table-cell": "td",
  "table-header-cell": "th",
};

function described(node: Json, describe: Describe | undefined, kind: "Entry" | "Asset") {
  const target = isRecord(node.data) ? node.data.target : undefined;
  const sys = isRecord(target) && isRecord(target.sys) ? target.sys : {};
  const id = typeof sys.id === "string" ? sys.id : "?";
  const description = typeof sys.id === "string" ? describe?.(target as RichTextLink) : undefined;
  return {
    label: description?.label || `${kind === "Entry" ? "Entrée" : "Média"} ${id}`,
    previewUrl: description?.previewUrl,
  };
}

function renderNode(node: unknown, key: number, describe: Describe | undefined): ReactNode {
  if (!isRecord(node) || typeof node.nodeType !== "string") return null;
  const children = () =>
    (Array.isArray(node.content) ? node.content : []).map((child, index) =>
      renderNode(child, index, describe),
    );
  const type = node.nodeType;
  if (type === "text") {
    let out: ReactNode = typeof node.value === "string" ? node.value : "";
    for (const mark of Array.isArray(node.marks) ? node.marks : []) {
      const Tag = isRecord(mark) && typeof mark.type === "string" ? MARK_TAGS[mark.type] : null;
      if (Tag) out = <Tag>{out}</Tag>;
    }
    return <Fragment key={key}>{out}</Fragment>;
  }
  const Tag = BLOCK_TAGS[type];
  if (Tag === "table") {
    return (
      <table key={key}>
        <tbody>{children()}</tbody>
      </table>
    );
  }
  if (Tag) {
    const Block = Tag as "p";
    return <Block key={key}>{children()}</Block>;
  }
  switch (type) {
    case "document":
      return <Fragment key={key}>{children()}</Fragment>;
    case "hr":
      return <hr key={key} />;
    case "hyperlink":
      return (
        <span key={key} className="rte-link">
          {children()}
        </span>
      );
    case "entry-hyperlink":
    case "asset-hyperlink":
      return (
        <span key={key} className="rte-link rte-link--entry">
          {children()}
        </span>
      );
    case "embedded-entry-inline":
      return (
        <span key={key} className="rte-inline-embed">
          {described(node, describe, "Entry").label}
        </span>
      );
    case "embedded-entry-block":
    case "embedded-asset-block": {
      const kind = type === "embedded-entry-block" ? "Entry" : "Asset";
      const { label, previewUrl } = described(node, describe, kind);
      return (
        <div key={key} className="rte-embed">
          {previewUrl && <img src={previewUrl} alt="" className="rte-embed__img" />}
          <span className="rte-embed__text">
            <span className="rte-embed__kind">
              {kind === "Entry" ? "Entrée intégrée" : "Média intégré"}
            </span>
            <span className="rte-embed__label">{label}</span>
          </span>
        </div>
      );
    }
    default:
      return (
        <div key={key} className="rte-kept">
          {`Contenu conservé tel quel (${type}), non modifiable ici`}
        </div>
      );
  }
}

/** The document's blocks, or nothing for a value that is not a document. */
export function RichTextPreview({
  document,
  describe,
}: {
  document: unknown;
  describe?: Describe;
}) {
  if (!isRecord(document) || document.nodeType !== "document") return null;
  return <>{renderNode(document, 0, describe)}</>;
}
