import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { recordZeroResult, zeroResultQueries } from "#platform/search/query-log.ts";
import { searchZeroResult } from "#platform/search/tables.ts";

/** The searches that found nothing, counted by Paris day and normalised term. */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const at = (iso: string) => new Date(iso);

describe("the zero-result log", () => {
  it("counts a term under its normalised form, per Paris day", async () => {
    const db = database.db;
    expect(await recordZeroResult(db, "Chocolt  NOIER", at("2026-11-20T10:00:00Z"))).toBe(
      "chocolt noier",
    );
    await recordZeroResult(db, "chocolt noier ", at("2026-11-20T18:00:00Z"));
    // 23:30 in Paris is still the 20th; 00:30 the next night is the 21st.
    await recordZeroResult(db, "chocolt-noier", at("2026-11-20T22:30:00Z"));
    await recordZeroResult(db, "chocolt noier", at("2026-11-20T23:30:00Z"));
    await recordZeroResult(db, "Pâté en croûte", at("2026-11-21T09:00:00Z"));
    expect(
      (await db.select().from(searchZeroResult)).toSorted((a, b) =>
        `${a.day} ${a.term}`.localeCompare(`${b.day} ${b.term}`),
      ),
    ).toEqual([
      { day: "2026-11-20", term: "chocolt noier", count: 3 },
      { day: "2026-11-21", term: "chocolt noier", count: 1 },
      { day: "2026-11-21", term: "pate en croute", count: 1 },
    ]);
  });

  it("counts nothing for a term with no word", async () => {
    expect(await recordZeroResult(database.db, " ?! ", at("2026-11-21T09:00:00Z"))).toBeNull();
    expect(await zeroResultQueries(database.db, { since: "2026-11-21" })).not.toContainEqual(
      expect.objectContaining({ term: "" }),
    );
  });

  it("lists the most searched terms since a day, with the last day each was searched", async () => {
    const db = database.db;
    await recordZeroResult(db, "saucisson brioche", at("2026-10-01T09:00:00Z"));
    await recordZeroResult(db, "saucisson brioche", at("2026-10-01T10:00:00Z"));
    await recordZeroResult(db, "saucisson brioche", at("2026-10-01T11:00:00Z"));
    await recordZeroResult(db, "saucisson brioche", at("2026-10-01T12:00:00Z"));
    await recordZeroResult(db, "saucisson brioche", at("2026-11-19T12:00:00Z"));
    expect(await zeroResultQueries(db, { since: "2026-10-01" })).toEqual([
      { term: "saucisson brioche", count: 5, lastDay: "2026-11-19" },
      { term: "chocolt noier", count: 4, lastDay: "2026-11-21" },
      { term: "pate en croute", count: 1, lastDay: "2026-11-21" },
    ]);
    // The days before `since` are left out.
    expect(await zeroResultQueries(db, { since: "2026-11-02" })).toEqual([
      { term: "chocolt noier", count: 4, lastDay: "2026-11-21" },
      { term: "pate en croute", count: 1, lastDay: "2026-11-21" },
      { term: "saucisson brioche", count: 1, lastDay: "2026-11-19" },
    ]);
    expect(await zeroResultQueries(db, { since: "2026-11-21", limit: 1 })).toEqual([
      { term: "chocolt noier", count: 1, lastDay: "2026-11-21" },
    ]);
  });

  it("drops the days older than 90 as new searches come", async () => {
    const db = database.db;
    await recordZeroResult(db, "truffe blanche", at("2027-01-05T09:00:00Z"));
    const days = (await db.select().from(searchZeroResult)).map((row) => row.day);
    expect(days).not.toContain("2026-10-01");
    expect(days).toContain("2026-11-19");
  });
});
