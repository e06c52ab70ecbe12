/**
 * Shopify's search syntax (https://shopify.dev/docs/api/usage/search-syntax), parsed: what a
 * `query` argument of the Storefront API holds (`products(query:)`, …).
 *
 *   Query      = Term { [ whitespace Connective ] whitespace Term }
 *   Connective = "AND" | "OR"                    (none between two terms: AND)
 *   Term       = [ Modifier ] ( "(" Query ")" | [ name Comparator ] value )
 *   Modifier   = "-" | "NOT" whitespace
 *   Comparator = ":" | ":<" | ":>" | ":<=" | ":>="
 *
 * A value is a name or a quoted string (single or double quotes); `\` escapes the special
 * characters `: \ ( )` and a quote inside quotes; a value ending in `*` is a prefix; `name:*`
 * asks that the field exists. AND binds tighter than OR, as in Lucene and SQL: `a b OR c` is
 * `(a AND b) OR c`.
 *
 * Its readers (catalogue/product-query.ts, redirects, graphql/content-query.ts) share the reading
 * of a date (`searchInstant`, `dateCondition`) and of a comparator (`COMPARE`) below.
 *
 * The parser never fails: it reads a malformed query the way a forgiving search box does (an
 * unclosed parenthesis or quote closes at the end, a stray `)` or a connective with nothing to
 * join is dropped), and a query with no term left parses to `null`, which matches nothing.
 */

import { type SQL, sql } from "drizzle-orm";

export type Comparator = "=" | "<" | "<=" | ">" | ">=";

export type SearchNode =
  | { kind: "and" | "or"; nodes: SearchNode[] }
  | { kind: "not"; node: SearchNode }
  | {
      kind: "term";
      /** The field named before the comparator, lower case; none for free text. */
      field?: string;
      comparator: Comparator;
      value: string;
      /** The value ended in `*`: words that start with it. */
      prefix: boolean;
      /** `field:*`: the field has a value. */
      exists?: boolean;
      /** The value was quoted: a phrase, compared whole. */
      quoted: boolean;
    };

type Token =
  | { type: "open" | "close" | "and" | "or" | "not" }
  | {
      type: "term";
      negated: boolean;
      text: string;
      /** Where the first unescaped colon is in `text`: the end of a field's name. */
      colon?: number;
      quoted: boolean;
    };

/** Longest first, so that `:<=` is not read as `:<` and a value starting with `=`. */
const COMPARATORS: readonly [string, Comparator][] = [
  [":<=", "<="],
  [":>=", ">="],
  [":<", "<"],
  [":>", ">"],
  [":", "="],
];
/** Nested parentheses past this depth are read as if flat: a query cannot exhaust the stack. */
const MAX_DEPTH = 20;
/** Terms past this count are ignored: a query cannot become a statement of thousands of clauses. */
export const MAX_SEARCH_TERMS = 50;

/** Splits the query into parentheses, connectives and raw terms, their escapes resolved. */
function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const length = query.length;
  while (at < length) {
    const char = query[at] ?? "";
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (char === "(" || char === ")") {
      tokens.push({ type: char === "(" ? "open" : "close" });
      at++;
      continue;
    }
    const negated = char === "-" && at + 1 < length && !/[\s)]/.test(query[at + 1] ?? "");
    if (negated) at++;
    let text = "";
    let colon: number | undefined;
    let quoted = false;
    while (at < length) {
      const next = query[at] ?? "";
      if (next === "\\" && at + 1 < length) {
        text += query[at + 1];
        at += 2;
        continue;
      }
      if (next === ":" && colon === undefined) colon = text.length;
      const afterComparator = colon !== undefined && /^:[<>]?=?$/.test(text.slice(colon));
      if ((next === '"' || next === "'") && (text === "" || afterComparator)) {
        // A quoted value: up to the same quote, escapes resolved, whitespace kept.
        quoted = true;
        at++;
        while (at < length && query[at] !== next) {
          if (query[at] === "\\" && at + 1 < length) at++;
          text += query[at];
          at++;
        }
        at++;
        // A `*` right after the closing quote still makes a prefix.
        if (query[at] === "*") {
          text += "*";
          at++;
        }
        break;
      }
      if (/\s/.test(next) || next === "(" || next === ")") break;
      text += next;
      at++;
    }
    if (!negated && !quoted && (text === "AND" || text === "OR" || text === "NOT")) {
      tokens.push({ type: text === "AND" ? "and" : text === "OR" ? "or" : "not" });
      continue;
    }
    if (text !== "" || quoted) tokens.push({ type: "term", negated, text, colon, quoted });
    else if (negated && query[at] === "(") tokens.push({ type: "not" });
  }
  return tokens;
}

/** A raw term as a node: `field`, comparator and value, or a free-text value. */
function termNode(token: Extract<Token, { type: "term" }>): SearchNode | null {
  let field: string | undefined;
  let comparator: Comparator = "=";
  let value = token.text;
  const colon = token.colon ?? -1;
  // Only an unescaped colon before any quote names a field (`"a:b"` and `a\:b` are text).
  if (colon > 0) {
    const name = token.text.slice(0, colon);
    if (/^[\p{L}\p{N}_.]+$/u.test(name)) {
      const rest = token.text.slice(colon);
      const [written, meaning] = COMPARATORS.find(([text]) => rest.startsWith(text)) ?? [":", "="];
      field = name.toLowerCase();
      comparator = meaning;
      value = rest.slice(written.length);
    }
  }
  const prefix = value.length > 1 && value.endsWith("*");
  if (field && value === "*" && !token.quoted) {
    return {
      kind: "term",
      field,
      comparator: "=",
      value: "",
      prefix: false,
      exists: true,
      quoted: false,
    };
  }
  if (prefix) value = value.slice(0, -1);
  if (value.trim() === "" || value === "*") return null;
  const node: SearchNode = { kind: "term", comparator, value, prefix, quoted: token.quoted };
  if (field) node.field = field;
  return node;
}

/**
 * Parses a query of Shopify's search syntax; `null` when it holds no term (a blank query, or
 * one of punctuation only).
 */
export function parseSearchQuery(query: string | null | undefined): SearchNode | null {
  if (!query) return null;
  const tokens = tokenize(query);
  let at = 0;
  let terms = 0;

  const unary = (depth: number): SearchNode | null => {
    // Modifiers in a row, and parentheses past the nesting bound, read in a loop, not by
    // recursion: no query exhausts the stack.
    let negations = 0;
    while (tokens[at]?.type === "not" || (tokens[at]?.type === "open" && depth >= MAX_DEPTH)) {
      if (tokens[at]?.type === "not") negations++;
      at++;
    }
    const negate = (node: SearchNode | null, times: number): SearchNode | null =>
      node && times % 2 === 1 ? { kind: "not", node } : node;
    const token = tokens[at];
    if (!token) return null;
    if (token.type === "open") {
      at++;
      const node = disjunction(depth + 1);
      if (tokens[at]?.type === "close") at++;
      return negate(node, negations);
    }
    if (token.type === "term") {
      at++;
      if (terms >= MAX_SEARCH_TERMS) return null;
      terms++;
      return negate(termNode(token), negations + (token.negated ? 1 : 0));
    }
    return null;
  };

  const conjunction = (depth: number): SearchNode | null => {
    const nodes: SearchNode[] = [];
    for (;;) {
      const token = tokens[at];
      if (!token || token.type === "close" || token.type === "or") break;
      if (token.type === "and") {
        at++;
        continue;
      }
      const node = unary(depth);
      if (node) nodes.push(node);
    }
    if (nodes.length === 0) return null;
    return nodes.length === 1 ? (nodes[0] ?? null) : { kind: "and", nodes };
  };

  const disjunction = (depth: number): SearchNode | null => {
    const nodes: SearchNode[] = [];
    for (;;) {
      const node = conjunction(depth);
      if (node) nodes.push(node);
      if (tokens[at]?.type !== "or") break;
      at++;
    }
    if (nodes.length === 0) return null;
    return nodes.length === 1 ? (nodes[0] ?? null) : { kind: "or", nodes };
  };

  const nodes: SearchNode[] = [];
  while (at < tokens.length) {
    const node = disjunction(0);
    if (node) nodes.push(node);
    // A stray `)`: skipped, and what follows is ANDed with what came before.
    if (tokens[at]?.type === "close") at++;
  }
  if (nodes.length === 0) return null;
  return nodes.length === 1 ? (nodes[0] ?? null) : { kind: "and", nodes };
}

export type SearchTerm = Extract<SearchNode, { kind: "term" }>;

/** Whether a record passes a parsed query, each term judged by `holds`. */
export function matchesSearch(node: SearchNode, holds: (term: SearchTerm) => boolean): boolean {
  switch (node.kind) {
    case "term":
      return holds(node);
    case "not":
      return !matchesSearch(node.node, holds);
    case "and":
      return node.nodes.every((child) => matchesSearch(child, holds));
    case "or":
      return node.nodes.some((child) => matchesSearch(child, holds));
  }
}

/**
 * A date value of a term: a day (`2024-06-01`, from its midnight UTC to the next) or an instant
 * (`2024-06-01T10:00:00Z`); undefined when it is neither.
 */
export function searchInstant(value: string): { from: Date; until: Date } | undefined {
  const written = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(written)) return undefined;
  const from = new Date(written);
  if (Number.isNaN(from.getTime())) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(written);
  return { from, until: day ? new Date(from.getTime() + 86_400_000) : from };
}

/** The SQL operator of a comparator. */
export const COMPARE: Record<Comparator, SQL> = {
  "=": sql.raw("="),
  "<": sql.raw("<"),
  "<=": sql.raw("<="),
  ">": sql.raw(">"),
  ">=": sql.raw(">="),
};

/**
 * A date term on `column`: a bare day compared for equality is that day; otherwise the column
 * is compared with the instant (a day's midnight, UTC).
 */
export function dateCondition(column: SQL, term: SearchTerm): SQL {
  const at = searchInstant(term.value);
  if (!at) return sql`false`;
  if (term.comparator === "=") {
    return at.until > at.from
      ? sql`(${column} >= ${at.from.toISOString()} and ${column} < ${at.until.toISOString()})`
      : sql`${column} = ${at.from.toISOString()}`;
  }
  return sql`${column} ${COMPARE[term.comparator]} ${at.from.toISOString()}`;
}
