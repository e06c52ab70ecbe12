import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import {
  assetFile,
  isRichTextDocument,
  type RichTextMark,
  type RichTextNode,
} from "#app/lib/content/rich-text-data.ts";
import { linkTo } from "#app/lib/links.ts";

export {
  assetFile,
  isRichTextDocument,
  type RichTextMark,
  type RichTextNode,
  richTextToPlainText,
} from "#app/lib/content/rich-text-data.ts";

/**
 * Contentful rich-text documents (CMS bodies, blog posts, FAQ answers) rendered as React on the
 * server: paragraphs, headings, lists, quotes, rules, tables, links (plain, to entries, to assets),
 * embedded pictures and entries, and the text marks. Unknown node types render their children, so
 * a node type added by the editor never hides its text.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function Anchor({ href, children }: { href: string; children: ReactNode }) {
  if (EXTERNAL.test(href)) {
    const web = /^https?:|^\/\//i.test(href);
    return (
      <a href={href} {...(web ? { rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  }
  return <Link to={href}>{children}</Link>;
}

function renderText(node: RichTextNode, key: number): ReactNode {
  let out: ReactNode = node.value ?? "";
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case "bold":
        out = <strong>{out}</strong>;
        break;
      case "italic":
        out = <em>{out}</em>;
        break;
      case "underline":
        out = <u>{out}</u>;
        break;
      case "code":
        out = <code>{out}</code>;
        break;
      case "superscript":
        out = <sup>{out}</sup>;
        break;
      case "subscript":
        out = <sub>{out}</sub>;
        break;
      case "strikethrough":
        out = <s>{out}</s>;
        break;
    }
  }
  return <Fragment key={key}>{out}</Fragment>;
}

type Options = {
  /** Heading levels below this one are raised to it (the page has its own h1). */
  minHeading: 2 | 3;
};

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

function renderNode(node: RichTextNode, key: number, options: Options): ReactNode {
  const children = () =>
    (node.content ?? []).map((child, index) => renderNode(child, index, options));
  const target = node.data?.target;
  switch (node.nodeType) {
    case "text":
      return renderText(node, key);
    case "document":
      return <Fragment key={key}>{children()}</Fragment>;
    case "paragraph": {
      // Contentful ends lists and documents with empty paragraphs: nothing to show.
      const empty = (node.content ?? []).every(
        (child) => child.nodeType === "text" && (child.value ?? "").trim() === "",
      );
      return empty ? null : <p key={key}>{children()}</p>;
    }
    case "heading-1":
    case "heading-2":
    case "heading-3":
    case "heading-4":
    case "heading-5":
    case "heading-6": {
      const level = Math.max(Number(node.nodeType.slice(-1)), options.minHeading);
      const Tag = HEADINGS[level - 1] ?? "h6";
      return <Tag key={key}>{children()}</Tag>;
    }
    case "unordered-list":
      return <ul key={key}>{children()}</ul>;
    case "ordered-list":
      return <ol key={key}>{children()}</ol>;
    case "list-item":
      return <li key={key}>{children()}</li>;
    case "blockquote":
      return <blockquote key={key}>{children()}</blockquote>;
    case "hr":
      return <hr key={key} />;
    case "table":
      return (
        <div key={key} className="rich-text__table">
          <table>
            <tbody>{children()}</tbody>
          </table>
        </div>
      );
    case "table-row":
      return <tr key={key}>{children()}</tr>;
    case "table-header-cell":
      return (
        <th key={key} scope="col">
          {children()}
        </th>
      );
    case "table-cell":
      return <td key={key}>{children()}</td>;
    case "hyperlink": {
      const uri = typeof node.data?.uri === "string" ? node.data.uri : "";
      return uri ? (
        <Anchor key={key} href={uri}>
          {children()}
        </Anchor>
      ) : (
        <Fragment key={key}>{children()}</Fragment>
      );
    }
    case "entry-hyperlink":
      return isRecord(target) ? (
        <Anchor key={key} href={linkTo(target)}>
          {children()}
        </Anchor>
      ) : (
        <Fragment key={key}>{children()}</Fragment>
      );
    case "asset-hyperlink": {
      const file = assetFile(target);
      return file ? (
        <a key={key} href={file.url}>
          {children()}
        </a>
      ) : (
        <Fragment key={key}>{children()}</Fragment>
      );
    }
    case "embedded-asset-block": {
      const file = assetFile(target);
      if (!file) return null;
      return (
        <figure key={key} className="rich-text__figure">
          <img
            src={file.url}
            alt={file.title}
            width={file.width ?? undefined}
            height={file.height ?? undefined}
            loading="lazy"
            decoding="async"
          />
        </figure>
      );
    }
    case "embedded-entry-block":
    case "embedded-entry-inline": {
      if (!isRecord(target) || !isRecord(target.fields)) return null;
      const { title, name } = target.fields;
      const label = typeof title === "string" ? title : typeof name === "string" ? name : "";
      if (!label) return null;
      const link = <Anchor href={linkTo(target)}>{label}</Anchor>;
      return node.nodeType === "embedded-entry-block" ? (
        <p key={key} className="rich-text__embed">
          {link}
        </p>
      ) : (
        <Fragment key={key}>{link}</Fragment>
      );
    }
    default:
      return <Fragment key={key}>{children()}</Fragment>;
  }
}

/** A rich-text document as React; nothing for a value that is not a document. */
export function RichText({
  document,
  className = "rich-text",
  minHeading = 2,
}: {
  document: unknown;
  className?: string;
  minHeading?: 2 | 3;
}) {
  if (!isRichTextDocument(document)) return null;
  return <div className={className}>{renderNode(document, 0, { minHeading })}</div>;
}

function compactTarget(value: unknown, depth: number): unknown {
  if (!isRecord(value)) return value;
  const fields = isRecord(value.fields) ? value.fields : {};
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (typeof field === "string" || typeof field === "number" || typeof field === "boolean") {
      // Long texts (bodies, descriptions) are not needed to link to an entry or show an asset.
      if (typeof field !== "string" || field.length <= 300) kept[name] = field;
    } else if (name === "file") {
      kept[name] = field;
    } else if (isRecord(field) && isRecord(field.sys) && depth > 0) {
      kept[name] = compactTarget(field, depth - 1);
    }
  }
  return { sys: value.sys, fields: kept };
}

/**
 * The document with every link target (entries and assets the content service resolved, with
 * their own links, down to five levels) cut to what a link or a picture needs, so the page's
 * data stays small.
 */
export function compactRichText(node: unknown): RichTextNode | null {
  if (!isRecord(node) || typeof node.nodeType !== "string") return null;
  const out: RichTextNode = { nodeType: node.nodeType };
  if (typeof node.value === "string") out.value = node.value;
  if (Array.isArray(node.marks)) out.marks = node.marks as RichTextMark[];
  if (isRecord(node.data)) {
    out.data = isRecord(node.data.target)
      ? { ...node.data, target: compactTarget(node.data.target, 2) }
      : node.data;
  }
  if (Array.isArray(node.content)) {
    out.content = node.content.flatMap((child) => compactRichText(child) ?? []);
  }
  return out;
}
