import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import { MaxTokensParserWLexer } from "@escape.tech/graphql-armor-max-tokens";
import {
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
  validate,
  visit,
} from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";

export const MAX_DEPTH = 15;
/*
 * No cost limit on the objects a query may ask for: Shopify's Storefront API has none for a request
 * with an access token (only tokenless access, which we do not offer, is held to a complexity of
 * 1 000). It caps each connection's `first`/`last` at 250 (pagination.ts), and real clients rely
 * on the rest: vercel's commerce asks
 * `products(first: 100) { variants(first: 250) images(first: 20) }` through fragments, which a
 * cost of `first`s multiplied along paths refused ("Query cost is 131900"). A connection returns
 * the rows the catalogue holds, not its `first`: a product's few variants, read in batches by the
 * loaders. A request is bounded instead by its size (tokens), breadth (aliases, directives) and
 * depth, and by a budget for the fields whose work does not shrink with the rows they return
 * (searches and facet computations). Nesting that cycles (a variant's product's variants) still
 * multiplies the rows at each turn within these caps: see docs/security.md.
 */

/**
 * Fields that run a search or compute facets, counted each time they would run (aliases, and the
 * connections around them, multiply them). A page needs one or two: a search and its predictive
 * box, a collection and its facets. One predictive search takes ~16 ms; 1 500 took 4 s.
 */
export const MAX_EXPENSIVE_FIELDS = 5;
export const EXPENSIVE_FIELDS = new Set([
  "QueryRoot.search",
  "QueryRoot.predictiveSearch",
  // A collection's products filtered, with their facets (`filters`) asked: counted over the
  // filtered collection. Unfiltered, its facets are stored (facets.ts), and they are computed
  // only when asked: a grid of collections with their first products runs none.
  "Collection.products",
]);
const FACETED_FIELD = "Collection.products";
/**
 * A collection's product listings a query may run (`Collection.products`, each time it would
 * run): one query each, some 5–20 ms. A page's grid of departments with their first products is
 * 20; a collection's products' collections' products, 250 × 250 of them, is not.
 */
export const MAX_LISTINGS = 50;
/**
 * GraphQL Armor's caps, set well above what real clients send. Aliases are counted as they run,
 * once per spread of the fragment holding them: our content pages ask 50 product cards in one
 * request, each card's fragment with 3 aliases, 200 in all; Hydrogen's starter and vercel's
 * commerce alias a few fields. They use a handful of directives (`@inContext`, `@include`) and
 * send a few thousand tokens with their fragments; the 100 kB body limit allows ~25 000.
 * The pentest's 1 500 aliased searches pass none of these, nor the expensive-field budget.
 */
export const MAX_ALIASES = 300;
export const MAX_DIRECTIVES = 50;
export const MAX_TOKENS = 15_000;

/**
 * A refusal in Shopify's shape: a message and `extensions.code`, nothing else. Made by yoga's
 * `createGraphQLError` so that yoga recognises it as a GraphQL error (HTTP 200), not a crash.
 */
const limitError = (message: string, code: string) =>
  createGraphQLError(message, { extensions: { code } });

/** GraphQL Armor says "Syntax Error: Aliases limit of 100 exceeded, found 1500."; we drop the prefix. */
const armorMessage = (error: GraphQLError) => error.message.replace(/^Syntax Error: /, "");

/**
 * A validation rule bounding a query's depth and its expensive fields (counted each time they
 * would run), so that no request can hang the process.
 */
export const queryLimits =
  (variables: Record<string, unknown> = {}) =>
  (context: ValidationContext): ASTVisitor => {
    const schema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments.set(definition.name.value, definition);
    }

    type Measure = { depth: number; expensive: number; listings: number };
    const measure = (
      set: SelectionSetNode,
      type: GraphQLNamedType | undefined,
      depth: number,
      fanOut: number,
      seen: Set<string>,
    ): Measure => {
      const total: Measure = { depth, expensive: 0, listings: 0 };
      const add = (inner: Measure) => {
        total.depth = Math.max(total.depth, inner.depth);
        total.expensive += inner.expensive;
        total.listings += inner.listings;
      };
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const name = selection.name.value;
          const definition =
            type && (isObjectType(type) || isInterfaceType(type))
              ? type.getFields()[name]
              : undefined;
          const key = type ? `${type.name}.${name}` : "";
          if (EXPENSIVE_FIELDS.has(key) && (key !== FACETED_FIELD || computesFacets(selection))) {
            total.expensive += fanOut;
          }
          if (key === FACETED_FIELD) total.listings += fanOut;
          if (selection.selectionSet) {
            add(
              measure(
                selection.selectionSet,
                definition ? getNamedType(definition.type) : undefined,
                depth + 1,
                fanOut * (pageSize(selection) ?? listSize(selection)),
                seen,
              ),
            );
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const on = selection.typeCondition
            ? schema.getType(selection.typeCondition.name.value)
            : type;
          add(measure(selection.selectionSet, on, depth, fanOut, seen));
        } else {
          const fragment = fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value)) continue;
          add(
            measure(
              fragment.selectionSet,
              schema.getType(fragment.typeCondition.name.value),
              depth,
              fanOut,
              new Set([...seen, fragment.name.value]),
            ),
          );
        }
      }
      return total;
    };

    return {
      OperationDefinition(operation) {
        const root =
          operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
        const { depth, expensive, listings } = measure(
          operation.selectionSet,
          root ?? undefined,
          0,
          1,
          new Set(),
        );
        const refuse = (message: string, code: string) =>
          context.reportError(
            new GraphQLError(message, { nodes: [operation], extensions: { code } }),
          );
        if (depth > MAX_DEPTH) {
          refuse(
            `Query has depth of ${depth}, which exceeds max depth of ${MAX_DEPTH}`,
            "MAX_DEPTH_EXCEEDED",
          );
        }
        if (expensive > MAX_EXPENSIVE_FIELDS) {
          refuse(
            `Query runs ${expensive} searches or facet computations, which exceeds the maximum of ${MAX_EXPENSIVE_FIELDS}`,
            "MAX_COST_EXCEEDED",
          );
        }
        if (listings > MAX_LISTINGS) {
          refuse(
            `Query lists the products of ${listings} collections, which exceeds the maximum of ${MAX_LISTINGS}`,
            "MAX_COST_EXCEEDED",
          );
        }
      },
    };

    /** A collection's products computing facets: filtered, and asking for `filters`. */
    function computesFacets(field: FieldNode): boolean {
      const filters = field.arguments?.find((argument) => argument.name.value === "filters");
      const value = filters ? argumentValue(filters.value) : undefined;
      const filtered = Array.isArray(value)
        ? value.length > 0
        : filters !== undefined && filters.value.kind !== Kind.NULL && value !== null;
      return filtered && field.selectionSet !== undefined && selects(field.selectionSet, "filters");
    }

    /** Whether a selection set asks for a field of this name, through its fragments too. */
    function selects(set: SelectionSetNode, name: string, seen = new Set<string>()): boolean {
      return set.selections.some((selection) => {
        if (selection.kind === Kind.FIELD) return selection.name.value === name;
        if (selection.kind === Kind.INLINE_FRAGMENT)
          return selects(selection.selectionSet, name, seen);
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) return false;
        return selects(fragment.selectionSet, name, new Set([...seen, fragment.name.value]));
      });
    }

    /**
     * The `first`/`last` of a connection field (250 when a variable leaves it open): the times
     * the expensive fields inside it would run.
     */
    function pageSize(field: FieldNode): number | undefined {
      for (const argument of field.arguments ?? []) {
        if (argument.name.value !== "first" && argument.name.value !== "last") continue;
        const value = argumentValue(argument.value);
        return typeof value === "number" ? Math.max(1, value) : 250;
      }
      return undefined;
    }

    /** Lists asked by their items (`nodes(ids:)`, `metafields(identifiers:)`) run once per item. */
    function listSize(field: FieldNode): number {
      for (const argument of field.arguments ?? []) {
        if (argument.name.value !== "ids" && argument.name.value !== "identifiers") continue;
        const value = argumentValue(argument.value);
        return Array.isArray(value) ? Math.max(1, value.length) : 250;
      }
      return 1;
    }

    function argumentValue(node: ValueNode): unknown {
      if (node.kind === Kind.INT) return Number(node.value);
      if (node.kind === Kind.LIST) return node.values;
      if (node.kind === Kind.VARIABLE) return variables[node.name.value];
      return undefined;
    }
  };

/** What the limits found in one document, whatever its variables. */
type CheckedDocument =
  | {
      document: DocumentNode;
      refused: GraphQLError[];
      /** The variables that size a list (`first`, `last`, `ids`, `identifiers`, `filters`). */
      sizing: string[];
      /** The sizes of those variables found within the depth and cost caps (`sizesOf`). */
      withinLimits: Set<string>;
    }
  | { document: undefined; refused: GraphQLError[] | undefined };

/** The arguments whose value `queryLimits` reads, a variable's included (`filters`: given or not). */
const SIZING_ARGUMENTS = new Set(["first", "last", "ids", "identifiers", "filters"]);
/** Variable sizes remembered per document as within the caps; the first ones are kept. */
const SIZES_KEPT = 100;

/**
 * What `queryLimits` reads of the variables: a number as it is, a list by its length, anything
 * else by whether it is absent, null or given (a single input object is a list of one).
 * Requests that agree on it have the same depth and cost (a product page's handle changes
 * nothing): one validation serves them all.
 */
function sizesOf(sizing: string[], variables: Record<string, unknown>): string {
  return JSON.stringify(
    sizing.map((name) => {
      const value = variables[name];
      if (typeof value === "number") return value;
      if (Array.isArray(value)) return [value.length];
      return value === undefined ? "absent" : value === null ? null : "given";
    }),
  );
}

/**
 * Documents already parsed and checked against the caps that depend on them alone (tokens,
 * aliases, directives): a client sends the same few documents again and again, so each is parsed
 * once, not on every request. Bounded: the oldest is dropped past the size.
 */
const CHECKED_DOCUMENTS_KEPT = 500;
const checkedBySchema = new WeakMap<GraphQLSchema, Map<string, CheckedDocument>>();

function checkDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let checkedDocuments = checkedBySchema.get(schema);
  if (!checkedDocuments) {
    checkedDocuments = new Map();
    checkedBySchema.set(schema, checkedDocuments);
  }
  const kept = checkedDocuments.get(query);
  if (kept) return kept;
  const checked = parseAndCap(schema, query);
  if (checkedDocuments.size >= CHECKED_DOCUMENTS_KEPT) {
    checkedDocuments.delete(checkedDocuments.keys().next().value as string);
  }
  checkedDocuments.set(query, checked);
  return checked;
}

/** GraphQL Armor's token cap while parsing, then its alias and directive caps. */
function parseAndCap(schema: GraphQLSchema, query: string): CheckedDocument {
  let document: DocumentNode;
  let overTokens: GraphQLError | undefined;
  try {
    document = new MaxTokensParserWLexer(query, {
      n: MAX_TOKENS,
      // Stops the parser at the first token over the cap.
      onReject: [
        (_, error) => {
          overTokens = limitError(armorMessage(error), "MAX_TOKENS_EXCEEDED");
          throw overTokens;
        },
      ],
    }).parseDocument();
  } catch {
    return { document: undefined, refused: overTokens ? [overTokens] : undefined };
  }
  const armorRule = (code: string) => (context: ValidationContext | null, error: GraphQLError) =>
    context?.reportError(limitError(armorMessage(error), code));
  const refused = validate(schema, document, [
    maxAliasesRule({
      n: MAX_ALIASES,
      propagateOnRejection: false,
      onReject: [armorRule("MAX_ALIASES_EXCEEDED")],
    }),
    maxDirectivesRule({
      n: MAX_DIRECTIVES,
      propagateOnRejection: false,
      onReject: [armorRule("MAX_DIRECTIVES_EXCEEDED")],
    }),
  ]);
  const sizing = new Set<string>();
  visit(document, {
    Argument(argument) {
      if (SIZING_ARGUMENTS.has(argument.name.value) && argument.value.kind === Kind.VARIABLE)
        sizing.add(argument.value.name.value);
    },
  });
  return { document, refused: [...refused], sizing: [...sizing], withinLimits: new Set() };
}

/**
 * Every limit of a request, before anything runs: GraphQL Armor's token cap while parsing, its
 * alias and directive caps (kept per document), then depth and expensive fields, which read
 * the request's variables (kept per document and sizes of the variables, when within bounds) (a variable's `first` multiplies the searches inside). Answers the refusals in Shopify's shape, or undefined when the
 * request is within bounds (or is not parseable: yoga then answers in GraphQL's own shape).
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown>,
): GraphQLError[] | undefined {
  const checked = checkDocument(schema, query);
  if (!checked.document) return checked.refused;
  const sizes = sizesOf(checked.sizing, variables);
  if (checked.refused.length === 0 && checked.withinLimits.has(sizes)) return undefined;
  const errors = [
    ...checked.refused,
    ...validate(schema, checked.document, [queryLimits(variables)]),
  ];
  if (errors.length === 0 && checked.withinLimits.size < SIZES_KEPT)
    checked.withinLimits.add(sizes);
  return errors.length > 0
    ? errors.map((error) => limitError(error.message, String(error.extensions.code)))
    : undefined;
}

/**
 * The limits as a yoga plugin, on the request's parameters whatever their transport (JSON, GET,
 * form, `application/graphql`): a refused request ends there, before parsing, validation and
 * resolvers. They are not validation rules added to yoga's: yoga caches validation by the rules'
 * names, and the expensive-field count reads the request's variables.
 */
export function queryLimitsPlugin(schema: GraphQLSchema): Plugin {
  return {
    onParams({ params, setResult }) {
      if (typeof params.query !== "string") return;
      const variables =
        params.variables && typeof params.variables === "object"
          ? (params.variables as Record<string, unknown>)
          : {};
      const refused = checkQueryLimits(schema, params.query, variables);
      if (refused) setResult({ errors: refused });
    },
  };
}
