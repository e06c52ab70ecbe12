/**
 * A rich-text value the converter refuses: not a document, or a node without the shape every
 * Contentful node has (`nodeType`, `content` an array, a text's `value` a string). `path` says
 * where, as `content[2].content[0]`. Well-formed nodes the editor does not know are kept, never
 * refused.
 */
export class RichTextConversionError extends Error {
  readonly path: string;
  constructor(message: string, path: string) {
    super(path ? `${message} (at ${path})` : message);
    this.name = "RichTextConversionError";
    this.path = path;
  }
}
