import { findContentType } from "#platform/content/content-types.ts";

/**
 * Field-by-field comparison of two versions of an entry's fields, in the order of the content
 * model: what the version history shows beside a snapshot, and what a second editor is shown
 * of the changes saved meanwhile.
 */

export type FieldChangeKind = "added" | "removed" | "changed" | "unchanged";

export type FieldChange = {
  /** The field id (the `path[1]` of a validation error on it). */
  field: string;
  /** Its name in the model (the field id for a field the model no longer has). */
  name: string;
  change: FieldChangeKind;
  before: unknown;
  after: unknown;
};

/** A JSON value with its object keys sorted, for comparing values whatever their key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** Whether two JSON values are the same, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

const isEmpty = (value: unknown) => value === undefined || value === null;

/**
 * Every field of the content type (then any other field either side has), with how it changed
 * from `before` to `after`. Pass `changedOnly` to leave out the unchanged ones.
 */
export function compareFields(
  contentType: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  options: { changedOnly?: boolean } = {},
): FieldChange[] {
  const model = findContentType(contentType)?.fields ?? [];
  const ids = [
    ...model.map((field) => field.id),
    ...new Set(
      [...Object.keys(before), ...Object.keys(after)].filter(
        (id) => !model.some((field) => field.id === id),
      ),
    ),
  ];
  const changes: FieldChange[] = [];
  for (const id of ids) {
    const was = before[id];
    const is = after[id];
    const change: FieldChangeKind =
      isEmpty(was) && isEmpty(is)
        ? "unchanged"
        : isEmpty(was)
          ? "added"
          : isEmpty(is)
            ? "removed"
            : sameValue(was, is)
              ? "unchanged"
              : "changed";
    if (options.changedOnly && change === "unchanged") continue;
    const name = model.find((field) => field.id === id)?.name ?? id;
    changes.push({ field: id, name, change, before: was, after: is });
  }
  return changes;
}
