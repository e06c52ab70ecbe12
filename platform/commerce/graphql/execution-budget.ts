// An envelop plugin, not a React hook: renamed so that the hook rules leave it alone.
import { useOnResolve as onEveryResolve } from "@envelop/on-resolve";
import type { Plugin } from "graphql-yoga";
import { createGraphQLError } from "graphql-yoga";

/**
 * Fields one request may resolve. Shopify answers `products(first: 100) { variants(first: 250) }`
 * whatever the document's size, so the document is not what we bound (limits.ts): what a request
 * really resolves is. A query that loops back on itself (`products { variants { product {
 * variants … } } }`), aliased, would otherwise build a result tree of millions of values and take
 * the process's memory with it (50 aliases of a three-level loop: 32 MB of JSON, 1.7 GB of heap).
 * Our own pages resolve a few thousand fields (a listing of 100 product cards).
 */
export const MAX_RESOLVED_FIELDS = 100_000;

const BUDGET_CODE = "MAX_COMPLEXITY_EXCEEDED";

/**
 * Counts every field a request resolves and stops it once past the budget: each further field
 * fails at once, and the answer is one error in Shopify's shape with no partial data (the partial
 * tree is what must not be kept).
 */
export function executionBudgetPlugin(maxFields = MAX_RESOLVED_FIELDS): Plugin {
  /** Resolved fields so far, kept on the request's context (a symbol no resolver sees). */
  const spent = Symbol("resolvedFields");
  type Counted = { [spent]?: number };
  const refusal = () =>
    createGraphQLError(
      `Query resolves more than ${maxFields} fields; ask for fewer items or split it`,
      { extensions: { code: BUDGET_CODE } },
    );
  const overBudget = refusal();
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(
        onEveryResolve(({ context }) => {
          const counted = context as Counted;
          const count = (counted[spent] ?? 0) + 1;
          counted[spent] = count;
          // One error for every field past the budget: they are dropped with the partial answer.
          if (count > maxFields) throw overBudget;
        }),
      );
    },
    onExecute({ args }) {
      const context = args.contextValue as Counted;
      return {
        onExecuteDone({ result, setResult }) {
          const count = context[spent] ?? 0;
          if (count <= maxFields || Symbol.asyncIterator in result) return;
          setResult({ errors: [refusal()] });
        },
      };
    },
  };
}
