import { join } from "node:path";
import {
  buildSchema,
  type DefinitionNode,
  type FragmentDefinitionNode,
  Kind,
  parse,
  print,
  visit,
} from "graphql";
import { describe, expect, it } from "vitest";
import { productsByHandlesQuery } from "#app/lib/content/pages.server.ts";
import { documentsIn } from "./documents.ts";
import { checkQueryLimits } from "./limits.ts";
import { STOREFRONT_SDL } from "./sdl.ts";

const schema = buildSchema(STOREFRONT_SDL);
const root = join(import.meta.dirname, "../../..");

/** Each operation of the documents, printed with every fragment it reaches. */
function operations(documents: string[]): { name: string; query: string }[] {
  const parsed = documents.map((document) => parse(document));
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of parsed.flatMap((doc) => doc.definitions)) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  return parsed.flatMap((doc) =>
    doc.definitions
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION)
      .map((operation) => {
        const reached = new Map<string, FragmentDefinitionNode>();
        const pending: DefinitionNode[] = [operation];
        while (pending.length > 0) {
          visit(pending.pop() as DefinitionNode, {
            FragmentSpread(spread) {
              const fragment = fragments.get(spread.name.value);
              if (fragment && !reached.has(spread.name.value)) {
                reached.set(spread.name.value, fragment);
                pending.push(fragment);
              }
            },
          });
        }
        return {
          name: operation.name?.value ?? "(anonymous)",
          query: print({ kind: Kind.DOCUMENT, definitions: [operation, ...reached.values()] }),
        };
      }),
  );
}

describe("query limits", () => {
  it("accept every query of our storefront, with its page sizes at their worst (250)", () => {
    const found = operations([
      ...documentsIn(join(root, "app")).map((f) => f.document),
      productsByHandlesQuery(50),
    ]);
    expect(found.length).toBeGreaterThan(20);
    const refused = found.flatMap(({ name, query }) =>
      (checkQueryLimits(schema, query, {}) ?? []).map((error) => `${name}: ${error.message}`),
    );
    expect(refused).toEqual([]);
  });

  it("judge each request by its own variables once a document is kept as within bounds", () => {
    const query = `query Nested($n: Int!, $handle: String!) {
      collection(handle: $handle) { products(first: $n) { nodes { collections(first: $n) {
        nodes { products(first: 2) { nodes { id } } } } } } }
    }`;
    const codes = (variables: Record<string, unknown>) =>
      (checkQueryLimits(schema, query, variables) ?? []).map((error) => error.extensions.code);
    expect(codes({ n: 1, handle: "a" })).toEqual([]);
    expect(codes({ n: 1, handle: "b" })).toEqual([]);
    expect(codes({ n: 10, handle: "a" })).toEqual(["MAX_COST_EXCEEDED"]);
    expect(codes({ n: 1, handle: "c" })).toEqual([]);
  });
});
