/**
 * The import boundaries of docs/architecture.md ("Layers"), as a function over the import graph,
 * so that a test can run it on a small graph and on the real tree (import-boundaries.test.ts).
 *
 * - `db/` imports nothing of ours.
 * - `platform/*.ts` (the kernel: process globals, rate limits) imports `db/` and the kernel.
 * - `platform/<module>/` imports `db/`, the kernel, its own files and other modules' faces.
 * - `app/` imports `app/`, `db/` types, the kernel and modules' faces — never `server/`.
 * - `server/` composes: anything, but a module only through its face.
 * - `seed/` writes every module's tables: faces, and `platform/<module>/tables.ts` (the tables
 *   face, for seed/ and drizzle.config.ts only); also `db/`, the kernel, `app/` pure helpers
 *   and `server/env.ts`-style entry-point configuration.
 * - `scripts/`, `bench/`, `e2e/` and root configuration files are entry points: anything but
 *   module internals.
 *
 * A module's face is `platform/<module>/index.ts`. Its test face `platform/<module>/testing.ts`
 * may be imported by tests (`*.test.ts(x)`), test helpers (`testing.ts`, `testing/`), `e2e/`
 * and `bench/`. Tests otherwise follow the rule of the folder they sit in.
 *
 * Inside a module, each folder is a domain (`commerce/cart/`, `ordering/receipts/`) and the files
 * at the module's top level are shared by all of them. A domain uses another only through that
 * domain's surface, the few files named in `DOMAIN_SURFACES`; the module's API layers
 * (`API_LAYERS`: the Storefront API's resolvers, the hosted checkout), like its face, may use any
 * domain's files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

export type Edge = { from: string; to: string };
export type Violation = Edge & { reason: string };

type Place =
  | { kind: "db" | "kernel" | "app" | "server" | "seed" | "tool" | "root" }
  | { kind: "module"; module: string; file: string };

/** Where a repository-relative path sits in the layers. */
export function placeOf(path: string): Place {
  const parts = path.split("/");
  const top = parts[0];
  if (top === "platform") {
    if (parts.length === 2) return { kind: "kernel" };
    return { kind: "module", module: parts[1] ?? "", file: parts.slice(2).join("/") };
  }
  if (top === "db") return { kind: "db" };
  if (top === "app") return { kind: "app" };
  if (top === "server") return { kind: "server" };
  if (top === "seed") return { kind: "seed" };
  if (top === "scripts" || top === "bench" || top === "e2e") return { kind: "tool" };
  return { kind: "root" };
}

/** Test files and test helpers may import modules' test faces. */
export function isTestCode(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /(^|\/)testing\.ts$/.test(path) ||
    /(^|\/)testing\//.test(path) ||
    path.startsWith("e2e/") ||
    path.startsWith("bench/")
  );
}

const FACE = "index.ts";
const TEST_FACE = "testing.ts";
const TABLES_FACE = "tables.ts";

/**
 * What each domain of a module lets its sibling domains import: `<module>/<domain>` to the files
 * of the domain folder. A domain not listed lets them import nothing.
 */
export const DOMAIN_SURFACES: Readonly<Record<string, readonly string[]>> = {
  "backoffice/orders": ["odp.ts"],
  "backoffice/syncs": ["catalogue-sync.ts"],
  // The tables a grocery order and a customer's records point at, and what a cart looks like.
  "commerce/cart": ["gift-options.ts", "records.ts", "schema.ts", "view.ts"],
  // A variant's counted stock, taken by the checkout and given back by a cancelled order.
  "commerce/catalogue": ["metafields.ts", "schema.ts", "sold-by-weight.ts", "stock.ts"],
  // A cart's delivery groups are priced and checked as the checkout prices and checks them.
  "commerce/checkout": ["delivery.ts", "place-order.ts"],
  "commerce/customers": ["schema.ts", "tokens.ts"],
  "commerce/discounts": ["discounts.ts"],
  // Keyset cursors and the resolvers' user errors, shared with the domains that page or refuse.
  "commerce/graphql": ["pagination.ts", "resolver-support.ts"],
  "commerce/images": ["paths.ts"],
  "commerce/orders": ["schema.ts"],
  "ordering/customers": ["customers.ts", "payment-accounts.ts"],
  "ordering/orders": ["invoice.ts"],
  "ordering/receipts": ["data.ts", "receipts.ts"],
};

/** Domain folders that serve their module's API over every domain, as its face does. */
export const API_LAYERS: ReadonlySet<string> = new Set(["commerce/graphql", "commerce/checkout"]);

/** `<module>/<domain>` of a module file inside a domain folder, or null at the module's top. */
function domainOf(place: Place): string | null {
  if (place.kind !== "module") return null;
  const slash = place.file.indexOf("/");
  return slash < 0 ? null : `${place.module}/${place.file.slice(0, slash)}`;
}

/** Why a file of one domain may not import a file of a sibling domain, or null when it may. */
function domainCrossing(from: string, source: Place, target: Place): string | null {
  if (source.kind !== "module" || target.kind !== "module" || source.module !== target.module) {
    return null;
  }
  const own = domainOf(source);
  const other = domainOf(target);
  if (!own || !other || own === other || API_LAYERS.has(own) || isTestCode(from)) return null;
  const file = target.file.slice(target.file.indexOf("/") + 1);
  const surface = DOMAIN_SURFACES[other] ?? [];
  if (surface.includes(file)) return null;
  const door = surface.length ? surface.join(", ") : "nothing: ask the module's top-level files";
  return `platform/${target.module}/${target.file} is internal to the ${other} domain: its surface is ${door}`;
}

/** Why `from` may not import `to`, or null when it may. */
export function whyForbidden({ from, to }: Edge): string | null {
  const source = placeOf(from);
  const target = placeOf(to);
  const crossing = domainCrossing(from, source, target);
  if (crossing) return crossing;

  if (target.kind === "module" && !(source.kind === "module" && source.module === target.module)) {
    const face = target.file === FACE;
    const testFace = target.file === TEST_FACE && isTestCode(from);
    const tablesFace =
      target.file === TABLES_FACE &&
      (source.kind === "seed" || source.kind === "root" || isTestCode(from));
    if (!face && !testFace && !tablesFace) {
      return `platform/${target.module}/${target.file} is internal to its module: import platform/${target.module}/index.ts`;
    }
  }
  // A test may compose what it needs above its folder (the server harness, seed data).
  if (isTestCode(from)) return null;

  if (source.kind === "db") return target.kind === "db" ? null : "db/ imports nothing of ours";
  if (source.kind === "kernel") {
    if (target.kind === "db" || target.kind === "kernel") return null;
    return "the platform kernel imports only db/ and the kernel";
  }
  if (source.kind === "module") {
    if (target.kind === "db" || target.kind === "kernel" || target.kind === "module") return null;
    return "a platform module imports only db/, the kernel and other modules' faces";
  }
  if (source.kind === "app") {
    if (["app", "db", "kernel", "module"].includes(target.kind)) return null;
    return "app/ never imports server/, seed/ or tools: it gets what it needs from the load context";
  }
  if (target.kind === "tool" && source.kind !== "tool" && source.kind !== "root") {
    return "scripts/, bench/ and e2e/ are entry points: nothing imports them";
  }
  // server/ composes everything; seed/ and the entry points may use it.
  return null;
}

export function checkImports(edges: readonly Edge[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    const reason = whyForbidden(edge);
    if (reason) violations.push({ ...edge, reason });
  }
  return violations;
}

const SKIPPED = new Set(["node_modules", "build", "data", "migrations", "test-results"]);
const ALIASES: Record<string, string> = {
  "#app/": "app/",
  "#server/": "server/",
  "#platform/": "platform/",
  "#db/": "db/",
  "#seed/": "seed/",
};

/** The repository path a specifier names, or null for a package. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (specifier.startsWith(".")) return normalize(join(dirname(from), specifier));
  return null;
}

function sourceFiles(root: string, folder = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...sourceFiles(root, path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

/** Every import of ours (static, dynamic, type-only, re-export) in the tree at `root`. */
export function importGraph(root: string): Edge[] {
  const edges: Edge[] = [];
  for (const from of sourceFiles(root)) {
    const text = readFileSync(join(root, from), "utf8");
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const to = resolveSpecifier(from, imported.fileName);
      if (to) edges.push({ from, to });
    }
  }
  return edges;
}

// ---------------------------------------------------------------------------------------------
// Tables named in SQL text

export type TableUse = { file: string; table: string; owner: string };

/** Each module's tables, by name, from the `pgTable("…")` declarations of its files. */
export function tableOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(root, "platform")) {
    const place = placeOf(file);
    if (place.kind !== "module" || isTestCode(file)) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/pgTable\(\s*"([a-z0-9_]+)"/g)) {
      if (match[1]) owners.set(match[1], place.module);
    }
  }
  return owners;
}

/** The module a file's SQL may name tables of: its own, or none outside `platform/`. */
function moduleOf(file: string): string | null {
  const place = placeOf(file);
  return place.kind === "module" ? place.module : null;
}

/**
 * Tables of one module named in the string and template literals (raw SQL) of code outside
 * it. Seed data, tests and tools, which write or inspect every module's tables, are exempt, as
 * for the tables faces.
 */
export function foreignTableUses(
  files: readonly { file: string; text: string }[],
  owners: ReadonlyMap<string, string>,
): TableUse[] {
  if (owners.size === 0) return [];
  const pattern = `\\b(${[...owners.keys()].join("|")})\\b`;
  const names = new RegExp(pattern, "g");
  const anyName = new RegExp(pattern);
  const uses: TableUse[] = [];
  for (const { file, text } of files) {
    const place = placeOf(file);
    if (isTestCode(file) || place.kind === "seed" || place.kind === "tool") continue;
    if (place.kind === "root" || place.kind === "db") continue;
    if (!anyName.test(text)) continue; // most files name no table: no need to parse them
    const own = moduleOf(file);
    const seen = new Set<string>();
    for (const literal of literalTexts(file, text)) {
      for (const match of literal.matchAll(names)) {
        const table = match[1] ?? "";
        const owner = owners.get(table) ?? "";
        if (owner !== own && !seen.has(table)) {
          seen.add(table);
          uses.push({ file, table, owner });
        }
      }
    }
  }
  return uses;
}

/** The text of every string and template literal of a source file (comments left out). */
function literalTexts(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** `foreignTableUses` over the tree at `root`. */
export function foreignTables(root: string): TableUse[] {
  const files = sourceFiles(root).map((file) => ({
    file,
    text: readFileSync(join(root, file), "utf8"),
  }));
  return foreignTableUses(files, tableOwners(root));
}
