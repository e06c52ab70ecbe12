import pino, { type Logger } from "pino";

/**
 * Fields of database errors that carry SQL text or the values a query was run with (customer
 * emails, addresses, search words): Drizzle's `query` and `params`, the drivers' `parameters`,
 * PostgreSQL's `detail` (`Key (email)=(…) already exists`), `where`, `internalQuery`.
 */
const DATABASE_FIELDS = new Set([
  "query",
  "params",
  "parameters",
  "detail",
  "where",
  "internalQuery",
  "internalPosition",
  "position",
]);

const FAILED_QUERY = "Failed query:";
const WITHHELD = "Failed query (SQL and parameters withheld)";
/** PostgreSQL quotes the offending value in its messages: `invalid input syntax for type integer: "…"`. */
const QUOTED = /"[^"\n]*"/g;

/** Whether an error, or one of its causes, comes from running a query. */
export function isDatabaseError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const fields = error as Record<string, unknown>;
  if ("query" in fields || "params" in fields) return true;
  if (typeof fields.message === "string" && fields.message.includes(FAILED_QUERY)) return true;
  if (typeof fields.severity === "string" && /^[0-9A-Z]{5}$/.test(String(fields.code ?? ""))) {
    return true;
  }
  return (
    isDatabaseError(fields.cause, depth + 1) || isDatabaseError(fields.originalError, depth + 1)
  );
}

/** `text` without the SQL and parameters Drizzle puts after "Failed query:", stack frames kept. */
function withoutQuery(text: string): string {
  const start = text.indexOf(FAILED_QUERY);
  if (start === -1) return text.replace(QUOTED, '"…"');
  const frames = text
    .slice(start)
    .split("\n")
    .filter((line) => /^\s+at /.test(line) || /^caused by: /.test(line));
  const rest = frames.map((line) => line.replace(QUOTED, '"…"'));
  return [`${text.slice(0, start).replace(QUOTED, '"…"')}${WITHHELD}`, ...rest].join("\n");
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return withoutQuery(value);
  if (depth > 6 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "raw" || DATABASE_FIELDS.has(key)) continue;
    out[key] = scrub(item, depth + 1);
  }
  return out;
}

/**
 * pino's error serializer, except for errors of a query: those lose their SQL text, their
 * parameters and the values PostgreSQL quotes in its messages, and keep their type, SQLSTATE code
 * and stack frames — enough to find the failing query in the code, nothing of the customer's.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  if (!isDatabaseError(error)) return serialized;
  const scrubbed = scrub({ ...serialized }, 0) as Record<string, unknown>;
  const cause = engineError(error);
  if (cause) {
    scrubbed.code = cause.code;
    scrubbed.message = `${WITHHELD}: ${withoutQuery(String(cause.message))}`;
  }
  return scrubbed;
}

/** The PostgreSQL (or PGlite) error under a failed query: it has a SQLSTATE code and a severity. */
function engineError(error: unknown, depth = 0): { code: unknown; message: unknown } | undefined {
  if (depth > 5 || typeof error !== "object" || error === null) return undefined;
  const fields = error as Record<string, unknown>;
  if (typeof fields.severity === "string" && /^[0-9A-Z]{5}$/.test(String(fields.code ?? ""))) {
    return { code: fields.code, message: fields.message };
  }
  return engineError(fields.cause, depth + 1) ?? engineError(fields.originalError, depth + 1);
}

/**
 * A GraphQL Yoga logger writing to pino: Yoga logs unexpected resolver errors (a failed query
 * among them) with `console` by default, SQL and parameters included.
 */
export function yogaLogging(logger: Logger) {
  const write =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const message = args.find((arg) => typeof arg === "string");
      logger[level]({ err: error }, `storefront api: ${message ?? "error"}`);
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
