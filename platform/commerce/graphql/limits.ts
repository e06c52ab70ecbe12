import {
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

export const MAX_DEPTH = 15;
/** Roughly how many objects a query may ask for: `first: 250` of a `first: 250` list is too many. */
export const MAX_COST = 25_000;

/**
 * A validation rule bounding a query's depth and its cost (objects it could return, multiplying
 * through `first`/`last` of nested connections), so that no query can hang the process.
 */
export const queryLimits =
  (variables: Record<string, unknown> = {}) =>
  (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments.set(definition.name.value, definition);
    }

    const measure = (
      set: SelectionSetNode,
      depth: number,
      seen: Set<string>,
    ): { depth: number; cost: number } => {
      let deepest = depth;
      let cost = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const size = pageSize(selection);
          if (selection.selectionSet) {
            const inner = measure(selection.selectionSet, depth + 1, seen);
            deepest = Math.max(deepest, inner.depth);
            cost += size * (1 + inner.cost);
          } else {
            cost += 0; // scalars are free
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const inner = measure(selection.selectionSet, depth, seen);
          deepest = Math.max(deepest, inner.depth);
          cost += inner.cost;
        } else {
          const fragment = fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value)) continue;
          const inner = measure(
            fragment.selectionSet,
            depth,
            new Set([...seen, fragment.name.value]),
          );
          deepest = Math.max(deepest, inner.depth);
          cost += inner.cost;
        }
      }
      return { depth: deepest, cost };
    };

    return {
      OperationDefinition(operation) {
        const { depth, cost } = measure(operation.selectionSet, 0, new Set());
        if (depth > MAX_DEPTH) {
          context.reportError(
            new GraphQLError(
              `Query has depth of ${depth}, which exceeds max depth of ${MAX_DEPTH}`,
              {
                nodes: [operation],
                extensions: { code: "MAX_DEPTH_EXCEEDED" },
              },
            ),
          );
        }
        if (cost > MAX_COST) {
          context.reportError(
            new GraphQLError(`Query cost is ${cost}, which exceeds the maximum of ${MAX_COST}`, {
              nodes: [operation],
              extensions: { code: "MAX_COST_EXCEEDED" },
            }),
          );
        }
      },
    };

    function pageSize(field: FieldNode): number {
      for (const argument of field.arguments ?? []) {
        if (argument.name.value !== "first" && argument.name.value !== "last") continue;
        if (argument.value.kind === Kind.INT) return Math.max(1, Number(argument.value.value));
        if (argument.value.kind === Kind.VARIABLE) {
          const value = variables[argument.value.name.value];
          return typeof value === "number" ? Math.max(1, value) : 250;
        }
      }
      return 1;
    }
  };
