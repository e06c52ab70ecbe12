import { describe, expect, it } from "vitest";
import {
  applyBookmarkChanges,
  type BookmarkIo,
  BookmarkSaveError,
  type BookmarkSnapshot,
  bookmarkIntentOf,
  bookmarksPath,
  MAX_BOOKMARK_ATTEMPTS,
  normaliseBookmarks,
  productGidOf,
  saveBookmarkChanges,
  signInPath,
  withBookmarkIntent,
} from "./bookmarks.ts";

const gid = (id: number) => `gid://shopify/Product/${id}`;

/** A document held in memory with CouchDB-style revisions, as the own API keeps it. */
function memoryDocument(initial: string[] = [], rev: string | null = null) {
  const doc = { ids: [...initial], rev, writes: 0 };
  const io: BookmarkIo = {
    async read() {
      return { ids: [...doc.ids], rev: doc.rev };
    },
    async write(ids, given) {
      if (given !== doc.rev) return { ok: false, conflict: true };
      doc.writes += 1;
      doc.ids = [...ids];
      doc.rev = `${doc.writes}-${"a".repeat(32)}`;
      return { ok: true, rev: doc.rev };
    },
  };
  return { doc, io };
}

describe("product ids", () => {
  it("reads GIDs, numbers and numeric strings as GIDs", () => {
    expect(productGidOf(42)).toBe(gid(42));
    expect(productGidOf("42")).toBe(gid(42));
    expect(productGidOf(gid(42))).toBe(gid(42));
    expect(productGidOf("gid://shopify/Collection/4")).toBeUndefined();
    expect(productGidOf("4a")).toBeUndefined();
    expect(productGidOf(0)).toBeUndefined();
    expect(productGidOf(null)).toBeUndefined();
  });

  it("normalises a stored list: GIDs, once each, order kept, junk dropped", () => {
    expect(normaliseBookmarks([3, "1", gid(3), "x", { id: 2 }, gid(2)])).toEqual([
      gid(3),
      gid(1),
      gid(2),
    ]);
  });

  it("names the document of a customer by their number", () => {
    expect(bookmarksPath("gid://shopify/Customer/12")).toBe("/api/db/user/12-bookmarks");
    expect(bookmarksPath("12")).toBe("/api/db/user/12-bookmarks");
    expect(() => bookmarksPath("gid://shopify/Customer/../1")).toThrow(BookmarkSaveError);
  });
});

describe("applyBookmarkChanges", () => {
  it("adds at the end once, removes wherever it is", () => {
    expect(applyBookmarkChanges([gid(1)], [{ productId: gid(2), bookmarked: true }])).toEqual([
      gid(1),
      gid(2),
    ]);
    expect(applyBookmarkChanges([gid(1)], [{ productId: "1", bookmarked: true }])).toEqual([
      gid(1),
    ]);
    expect(
      applyBookmarkChanges([gid(1), gid(2), gid(3)], [{ productId: gid(2), bookmarked: false }]),
    ).toEqual([gid(1), gid(3)]);
  });

  it("is absolute, not a toggle: reapplying gives the same list", () => {
    const change = [{ productId: gid(5), bookmarked: true }];
    const once = applyBookmarkChanges([gid(1)], change);
    expect(applyBookmarkChanges(once, change)).toEqual(once);
  });
});

describe("saveBookmarkChanges", () => {
  it("writes with the known revision and answers the new one", async () => {
    const { doc, io } = memoryDocument([gid(1)], "1-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    doc.writes = 1;
    const saved = await saveBookmarkChanges(io, [{ productId: gid(2), bookmarked: true }], {
      ids: [gid(1)],
      rev: doc.rev,
    });
    expect(saved.ids).toEqual([gid(1), gid(2)]);
    expect(saved.rev).toBe(doc.rev);
    expect(doc.ids).toEqual([gid(1), gid(2)]);
  });

  it("creates the document on the first favourite (no revision)", async () => {
    const { doc, io } = memoryDocument();
    await saveBookmarkChanges(io, [{ productId: "7", bookmarked: true }]);
    expect(doc.ids).toEqual([gid(7)]);
    expect(doc.rev).toMatch(/^1-/);
  });

  it("on a conflict reads again, reapplies the change and keeps the other device's", async () => {
    const { doc, io } = memoryDocument([gid(1)], null);
    // What this page read, before another device added product 2.
    const stale: BookmarkSnapshot = { ids: [gid(1)], rev: null };
    await saveBookmarkChanges(io, [{ productId: gid(2), bookmarked: true }]);
    expect(doc.ids).toEqual([gid(1), gid(2)]);
    const saved = await saveBookmarkChanges(io, [{ productId: gid(1), bookmarked: false }], stale);
    expect(saved.ids).toEqual([gid(2)]);
    expect(doc.ids).toEqual([gid(2)]);
  });

  it("two saves racing on one revision both land", async () => {
    const { doc, io } = memoryDocument();
    const start = await io.read();
    await Promise.all([
      saveBookmarkChanges(io, [{ productId: gid(1), bookmarked: true }], start),
      saveBookmarkChanges(io, [{ productId: gid(2), bookmarked: true }], start),
    ]);
    expect(new Set(doc.ids)).toEqual(new Set([gid(1), gid(2)]));
  });

  it("writes nothing when the change changes nothing", async () => {
    const { doc, io } = memoryDocument([gid(1)], "1-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    await saveBookmarkChanges(io, [{ productId: gid(1), bookmarked: true }]);
    await saveBookmarkChanges(io, [{ productId: gid(9), bookmarked: false }]);
    expect(doc.writes).toBe(0);
  });

  it("gives up after a bounded number of conflicts", async () => {
    let writes = 0;
    const io: BookmarkIo = {
      read: async () => ({ ids: [], rev: null }),
      write: async () => {
        writes += 1;
        return { ok: false, conflict: true };
      },
    };
    await expect(
      saveBookmarkChanges(io, [{ productId: gid(1), bookmarked: true }]),
    ).rejects.toBeInstanceOf(BookmarkSaveError);
    expect(writes).toBe(MAX_BOOKMARK_ATTEMPTS);
  });
});

describe("sign-in and the favourite waiting for it", () => {
  it("carries the favourite through the sign-in URL", () => {
    const back = withBookmarkIntent("/c/fromages/?sort=price-asc", gid(42));
    expect(back).toBe("/c/fromages/?sort=price-asc&bookmark=42");
    expect(signInPath(back)).toBe(`/compte/?redirect=${encodeURIComponent(back)}`);
    expect(bookmarkIntentOf("?sort=price-asc&bookmark=42")).toBe(gid(42));
    expect(bookmarkIntentOf("?bookmark=abc")).toBeUndefined();
  });
});
