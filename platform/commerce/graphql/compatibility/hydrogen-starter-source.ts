import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { hydrogenLibraryDocuments } from "#platform/commerce/graphql/compatibility/hydrogen-library.ts";

/**
 * Reading the official Hydrogen starter's Storefront API documents from the source that
 * `@shopify/create-hydrogen` ships (hydrogen-starter.ts runs them): its own, and those Hydrogen
 * sends for it (hydrogen-library.ts).
 */

/** One Storefront API document that the starter sends. */
export type StarterDocument = {
  /** The operation's name, unique across the starter. */
  name: string;
  /** Where it is written: a starter file and constant, or the Hydrogen call that sends it. */
  origin: string;
  /** The document as written, every `${FRAGMENT}` replaced by the text it names. */
  text: string;
};

/** The starter's source as `@shopify/create-hydrogen` ships it (a devDependency). */
export function starterFolder(): string {
  const manifest = createRequire(import.meta.url).resolve("@shopify/create-hydrogen/package.json");
  return join(dirname(manifest), "dist/assets/hydrogen/starter");
}

// ---------------------------------------------------------------------------------------------
// Reading the starter's documents

/** `const NAME = <backtick>#graphql …<backtick>`, exported or not, as the starter writes them. */
const TAGGED_CONSTANT =
  /(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*=\s*\x60(#graphql[^\x60]*)\x60/g;
const INTERPOLATION = /\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g;
const NAMED_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** Hydrogen's test of a query or mutation (`assertQuery`, `assertMutation`), on minified text. */
const OPERATION = /(^|}\s)(query|mutation)[\s({]/i;
const OPERATION_NAME = /(?:^|}\s)(?:query|mutation)\s+([A-Za-z_]\w*)/i;

/**
 * The files of the starter's Storefront API project, as its `.graphqlrc.ts` lists them: the root
 * files and `app/**`, less `app/graphql/**` (the Customer Account API project). Generated
 * declaration files hold types, not documents.
 */
function storefrontProjectFiles(folder: string): string[] {
  const files: string[] = [];
  const walk = (path: string, recursive: boolean) => {
    for (const entry of readdirSync(join(folder, path), { withFileTypes: true })) {
      const child = path ? `${path}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (recursive && child !== "app/graphql" && entry.name !== "node_modules") {
          walk(child, true);
        }
      } else if (/\.(ts|tsx|js|jsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(child);
      }
    }
  };
  walk("", false);
  walk("app", true);
  return files.sort();
}

type SourceFile = { constants: Map<string, string>; imports: Map<string, [string, string]> };

/** The file a starter import names (`~/lib/fragments` is app/lib/fragments.ts). */
function importedFile(folder: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("."))
    base = relative(folder, join(folder, dirname(from), specifier));
  else return null;
  const found = ["", ".ts", ".tsx", ".js", ".jsx"]
    .map((extension) => base + extension)
    .find((path) => /\.(ts|tsx|js|jsx)$/.test(path) && existsSync(join(folder, path)));
  return found ?? null;
}

function readSourceFile(folder: string, file: string): SourceFile {
  const source = readFileSync(join(folder, file), "utf8");
  const constants = new Map<string, string>();
  for (const [, name = "", body = ""] of source.matchAll(TAGGED_CONSTANT)) {
    constants.set(name, body);
  }
  const imports = new Map<string, [string, string]>();
  for (const [, names = "", specifier = ""] of source.matchAll(NAMED_IMPORT)) {
    const target = importedFile(folder, file, specifier);
    if (!target) continue;
    for (const item of names.split(",")) {
      const [imported, local = imported] = item
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)
        .map((part) => part.trim());
      if (imported && local) imports.set(local, [target, imported]);
    }
  }
  return { constants, imports };
}

/**
 * Every tagged constant of the starter's Storefront API files, its `${NAME}` interpolations
 * resolved as JavaScript would: a constant of the same file, or one it imports. Keyed
 * `file#NAME`.
 */
export function starterConstants(folder = starterFolder()): Map<string, string> {
  const files = new Map<string, SourceFile>();
  const fileAt = (file: string) => {
    let read = files.get(file);
    if (!read) {
      read = readSourceFile(folder, file);
      files.set(file, read);
    }
    return read;
  };
  const resolved = new Map<string, string>();
  const resolve = (file: string, name: string, trail: string[]): string => {
    const key = `${file}#${name}`;
    const done = resolved.get(key);
    if (done !== undefined) return done;
    if (trail.includes(key)) throw new Error(`${key} interpolates itself`);
    const { constants, imports } = fileAt(file);
    const body = constants.get(name);
    if (body === undefined) {
      const imported = imports.get(name);
      if (!imported) throw new Error(`${file}: \${${name}} names no #graphql constant`);
      return resolve(imported[0], imported[1], [...trail, key]);
    }
    const text = body.replace(INTERPOLATION, (_, inner: string) =>
      resolve(file, inner, [...trail, key]),
    );
    if (text.includes("${")) throw new Error(`${key}: an interpolation is not a plain name`);
    resolved.set(key, text);
    return text;
  };
  const constants = new Map<string, string>();
  for (const file of storefrontProjectFiles(folder)) {
    for (const name of fileAt(file).constants.keys()) {
      constants.set(`${file}#${name}`, resolve(file, name, []));
    }
  }
  return constants;
}

/** Hydrogen's client sends documents minified (`minifyQuery`): no comments, one space. */
export function minifyQuery(text: string): string {
  return text
    .replace(/\s*#.*$/gm, "")
    .replace(/\s+/gm, " ")
    .trim();
}

function operationName(text: string): string | null {
  const minified = minifyQuery(text);
  if (!OPERATION.test(minified)) return null;
  return OPERATION_NAME.exec(minified)?.[1] ?? null;
}

/** The starter's own documents: the tagged constants that hold an operation (not only fragments). */
export function starterRouteDocuments(folder = starterFolder()): StarterDocument[] {
  const documents: StarterDocument[] = [];
  for (const [key, text] of starterConstants(folder)) {
    const name = operationName(text);
    if (name) documents.push({ name, origin: key.replace("#", " "), text });
  }
  return documents;
}

/**
 * Every Storefront API document of the starter: its own, then Hydrogen's for it, in the order
 * a visit sends them (hydrogen-library.ts).
 */
export function hydrogenStarterDocuments(folder = starterFolder()): StarterDocument[] {
  const cartFragment = starterConstants(folder).get("app/lib/fragments.ts#CART_QUERY_FRAGMENT");
  if (!cartFragment) throw new Error("app/lib/fragments.ts has no CART_QUERY_FRAGMENT");
  const library = hydrogenLibraryDocuments(cartFragment).map(({ call, text }) => {
    const name = operationName(text);
    if (!name) throw new Error(`${call} sends no named operation`);
    return { name, origin: `@shopify/hydrogen ${call}`, text };
  });
  return [...starterRouteDocuments(folder), ...library];
}

/**
 * The documents of the starter's committed codegen output (`storefrontapi.generated.d.ts`): the
 * keys of its `GeneratedQueryTypes` and `GeneratedMutationTypes`, which are the documents exactly
 * as the starter's code builds them. A check on our reading of the source.
 */
export function generatedStarterDocuments(folder = starterFolder()): string[] {
  const source = readFileSync(join(folder, "storefrontapi.generated.d.ts"), "utf8");
  const documents: string[] = [];
  for (const block of ["GeneratedQueryTypes", "GeneratedMutationTypes"]) {
    const start = source.indexOf(`interface ${block} {`);
    if (start < 0) throw new Error(`storefrontapi.generated.d.ts has no ${block}`);
    const body = source.slice(start, source.indexOf("\n}", start));
    for (const [, key = ""] of body.matchAll(/^ {2}'((?:[^'\\]|\\.)*)': \{$/gm)) {
      documents.push(key.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c)));
    }
  }
  return documents;
}
