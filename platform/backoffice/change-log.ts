import { and, desc, eq, ilike, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";

export const CHANGE_LOG_PAGE_SIZE = 50;

export type ChangeLogLine = {
  id: number;
  staffEmail: string;
  action: string;
  subjectType: string;
  subjectId: string;
  /** The fields that differ, with their value before and after. */
  changes: { field: string; before: unknown; after: unknown }[];
  at: Date;
};

/** The fields whose values differ between two recorded states (top level). */
export function changedFields(before: unknown, after: unknown): ChangeLogLine["changes"] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : value === null || value === undefined
        ? {}
        : { valeur: value };
  const a = asRecord(before);
  const b = asRecord(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({ field, before: a[field], after: b[field] }));
}

/**
 * The change log, newest first, 50 lines a page (keyset on id: `before` is the last id seen),
 * optionally only for a subject (id or text in it) or a staff member's email.
 */
export async function readChangeLog(
  db: Db,
  filter: { subject?: string; staff?: string; before?: number },
): Promise<{ lines: ChangeLogLine[]; nextBefore: number | null }> {
  const conditions: SQL[] = [];
  if (filter.subject) {
    const subject = `%${filter.subject.replace(/[%_\\]/g, "\\$&")}%`;
    const match = or(
      eq(adminAuditLog.subjectId, filter.subject),
      ilike(adminAuditLog.subjectId, subject),
    );
    if (match) conditions.push(match);
  }
  if (filter.staff)
    conditions.push(
      ilike(adminAuditLog.staffEmail, `%${filter.staff.replace(/[%_\\]/g, "\\$&")}%`),
    );
  if (filter.before) conditions.push(lt(adminAuditLog.id, filter.before));
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.id))
    .limit(CHANGE_LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, CHANGE_LOG_PAGE_SIZE);
  return {
    lines: page.map((row) => ({
      id: row.id,
      staffEmail: row.staffEmail,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      changes: changedFields(row.before, row.after),
      at: row.createdAt,
    })),
    nextBefore: rows.length > CHANGE_LOG_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
