import { type DocumentNode, visit } from "graphql";
import type { Plugin } from "graphql-yoga";

const withoutDefer = new WeakMap<DocumentNode, DocumentNode>();

/** The document without its `@defer` directives; the same object when it has none. */
export function stripDefer(document: DocumentNode): DocumentNode {
  let stripped = withoutDefer.get(document);
  if (!stripped) {
    stripped = visit(document, {
      Directive: (node) => (node.name.value === "defer" ? null : undefined),
    });
    withoutDefer.set(document, stripped);
  }
  return stripped;
}

/**
 * Runs `@defer` fragments with the rest of their operation, in one plain JSON answer
 * (docs/decisions/014-defer-runs-eagerly.md). Validation still sees the directive, declared as
 * Shopify declares it (localization.graphql), so a misplaced `@defer` is refused as on Shopify;
 * only the executor, which would otherwise stream a multipart answer (or refuse a JSON-only
 * client with 406), is handed the operation without it.
 */
export function eagerDeferPlugin(): Plugin {
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn((args) => executeFn({ ...args, document: stripDefer(args.document) }));
    },
  };
}
