import sanitizeHtml from "sanitize-html";

/**
 * The one list of what a product or collection description may hold (issue 16): text structure
 * (paragraphs, headings, lists, tables, quotes), emphasis, links and images. No script, no event
 * handler, no `style` attribute or element, no iframe, no form: descriptions come from imports and
 * staff screens, and the storefront writes them into the page as HTML.
 *
 * Run on every write (catalogue inserts and edits, imports) and again when a page is rendered, so
 * a row written before this existed, or straight into the database, is neutralised all the same.
 * Server-only: sanitize-html never reaches the browser bundle.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "span",
    "div",
    "blockquote",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", { name: "target", values: ["_blank"] }],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
  },
  // Links: the web and e-mail, or a path on the shop. Images: the shop itself (a relative path) or
  // https, never http (mixed content) nor data: (an SVG in a data URL is a document of its own).
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  // `//host/x` would leave the shop for any host, whatever the page's scheme.
  allowProtocolRelative: false,
  // A dropped element's text stays (a `<font>` keeps its words), except for these, whose content
  // is code or markup, not prose.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "noscript", "iframe", "object", "template", "svg"],
  transformTags: {
    // The page has its own `<h1>` (the product's title): a description's top heading is a `<h2>`.
    h1: "h2",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      if (!/^https?:\/\//i.test(href)) {
        const { rel: _rel, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      // Another site gets no handle on this window (`window.opener`).
      return { tagName, attribs: { ...attribs, rel: "noopener" } };
    },
  },
};

/** A description's HTML with only what `OPTIONS` allows; always a string, empty for nothing. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS);
}
