/**
 * A GraphQL codegen plugin: the map from each storefront operation's name to its generated
 * result and variables types, so that `storefrontQuery(DOCUMENT, variables)` is typed by the
 * document (`StorefrontDocument<"Name">`, app/lib/storefront.server.ts), as Hydrogen's
 * generated `StorefrontQueries` interface does.
 */
import { type DocumentNode, Kind } from "graphql";

const suffix = { query: "Query", mutation: "Mutation", subscription: "Subscription" } as const;

export function plugin(_schema: unknown, documents: { document?: DocumentNode }[]): string {
  const entries = documents
    .flatMap((file) => file.document?.definitions ?? [])
    .flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION && definition.name
        ? [
            {
              name: definition.name.value,
              type: `${definition.name.value}${suffix[definition.operation]}`,
            },
          ]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  return [
    "",
    "/** Each operation's result and variables, by operation name. */",
    "export interface StorefrontOperations {",
    ...entries.map(
      ({ name, type }) => `  ${name}: { result: ${type}; variables: ${type}Variables };`,
    ),
    "}",
    "",
  ].join("\n");
}
